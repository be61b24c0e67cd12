"""What *300: Earth & Water* brings to the one lesson runner
(:class:`hellenes_nb.lessons.runner.Lesson`, through ``LessonKit.play``): the generic hooks of
:class:`~hellenes_nb.lessons.byentries.EntryPlay` over the steps of
:mod:`hellenes_nb.games.earth_water.lesson`, with this game's line under a step's title.

At a step the board shows the game after the step was played as history went. A step with a
decision point shows instead the position where the choice is made, until the class chooses:
then the board shows where its choice leads (a branch played on a copy; ``next`` goes on as
history did). The engine plays each step once; going back or jumping reads the stored game.
"""

from __future__ import annotations

from hellenes_nb.core.game import Game
from hellenes_nb.games.earth_water.lesson import LESSONS

__all__ = ["EWPlay", "status"]


def _lead(score: int) -> str:
    """Who leads on the score track (§4.5: Persia's points count below zero)."""
    if score == 0:
        return "the score is level"
    return f"{'Greece' if score > 0 else 'Persia'} leads by {abs(score)} (§4.5)"


def status(game: Game) -> str:
    """The line under a step's title: the campaign and who leads."""
    v = game.view("all")
    return f"Campaign {v['campaign']} of {v['campaigns']}; {_lead(v['score'])}"


#: the Earth & Water hooks of one lesson (``lessons/runner.py``, ``LessonPlay``)
EWPlay = LESSONS.play(status)
