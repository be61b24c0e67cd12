"""hellenes-nb: the block wargame *Hellenes* (and the games beside it) as Jupyter widgets for
teaching and solo play. ``new_game("431")`` starts a game; docs/architecture.md shows the parts."""

from hellenes_nb.core.game import Game, new_game
from hellenes_nb.core.steps import IllegalAction

__version__ = "0.1.0"
__all__ = ["Game", "IllegalAction", "new_game"]
