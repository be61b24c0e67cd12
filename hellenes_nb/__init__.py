"""hellenes-nb: the block wargame *Hellenes* (and the games beside it) as Jupyter widgets for
teaching and solo play. ``new_game("431")`` starts a game; docs/architecture.md shows the parts."""

from typing import Any

from hellenes_nb.core.game import Game, register_origin
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.registry import new_game

__version__ = "0.1.0"
__all__ = ["Game", "IllegalAction", "new_game"]


def _lesson_start(origin: dict[str, Any], seed: int) -> Game:
    """A save of a game begun in a lesson starts from that lesson's step, rebuilt from the
    installed lesson (imported when such a save is loaded: lessons/origin.py)."""
    from hellenes_nb.lessons.origin import lesson_start

    return lesson_start(origin, seed)


register_origin("lesson", _lesson_start)
