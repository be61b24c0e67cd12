"""What *300: Earth & Water* brings to the one lesson runner
(:class:`hellenes_nb.lessons.runner.Lesson`, through ``LessonKit.play``), over the steps of
:mod:`hellenes_nb.games.earth_water.lesson`.

At a step the board shows the game after the step was played as history went. A step with a
decision point shows instead the position where the choice is made, until the class chooses:
then the board shows where its choice leads (a branch played on a copy; ``next`` goes on as
history did). The engine plays each step once; going back or jumping reads the stored game.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

from hellenes_nb.core.game import Game
from hellenes_nb.games.earth_water.lesson import _at, _dice, _play, decide, lesson_game, run_step

__all__ = ["EWPlay", "EWStepRun"]


@dataclass
class EWStepRun:
    """What happened on arriving at a step: the events the class sees (none yet at a step
    whose decision is still to be made)."""

    events: list[dict[str, Any]] = field(default_factory=list)
    battle: None = None


def _lead(score: int) -> str:
    """Who leads on the score track (§4.5: Persia's points count below zero)."""
    if score == 0:
        return "the score is level"
    return f"{'Greece' if score > 0 else 'Persia'} leads by {abs(score)} (§4.5)"


class EWPlay:
    """The Earth & Water hooks of one lesson (``lessons/runner.py``, ``LessonPlay``)."""

    #: after a choice the board shows where it leads
    board_follows_choice = True

    def __init__(self, spec: Any, **_options: Any):
        self.spec = spec

    def start(self) -> Game:
        return lesson_game(self.spec, self.spec.seed)

    def play_step(self, game: Game, step: Any, since: int) -> EWStepRun:
        if step.decision is not None:  # the board stands where the side must choose
            _play(game, _dice(step.dice), step.actions[:_at(step)])
            return EWStepRun()
        return EWStepRun(run_step(game, step))

    def play_option(self, before: Game, shown: Game, step: Any, option: Any,
                    branch: bool = False) -> tuple[Game, list[dict]]:
        result = decide(before, step, option.id)
        return result["game"], result["events"]

    def command(self, lesson: Any, base: Game, chosen: bool, opponent: str, side: str,
                seed: int) -> Game:
        # from the class's choice, else from the step as history played it (its origin names
        # the lesson's step); the widget opens the shared Dashboard with its bot on it
        return base if chosen else lesson.left(lesson.index).clone()

    def citations(self, step: Any) -> list[dict[str, Any]]:
        return [{"author": "", "ref": s, "label": s, "episode": "", "paraphrase": ""}
                for s in step.sources]

    def view(self, game: Game, step: Any, run: EWStepRun, events: list[dict]) -> dict[str, Any]:
        v = game.view("all")
        status = f"Campaign {v['campaign']} of {v['campaigns']}; {_lead(v['score'])}"
        lines = [f"§{e['rule']} {e['text']}" for e in events]
        return {
            "events": lines,
            "status": status,
            "status_html": f"<p class='hl-status'>{html.escape(status)}</p>",
            "events_html": "<h4>On the board</h4><ul class='hl-events'>" + "".join(
                f"<li>{html.escape(t)}</li>" for t in lines) + "</ul>" if lines else "",
        }
