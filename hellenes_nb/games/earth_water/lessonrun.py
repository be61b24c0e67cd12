"""An Earth & Water lesson as the :class:`~hellenes_nb.widgets.lesson.LessonWidget` drives it
(``LessonKit.open``): the same calls as the Hellenes lesson runner (``next``, ``back``,
``goto``, ``choose``, ``reveal_answer``, ``take_command``, ``view``), over the steps of
:mod:`hellenes_nb.games.earth_water.lesson`.

At a step the board shows the game after the step was played as history went. A step with a
decision point shows instead the position where the choice is made, until the class chooses:
then the board shows where its choice leads (a branch played on a copy; ``next`` goes on as
history did). The engine plays each step once; going back or jumping reads the stored game.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from hellenes_nb.core.game import Game
from hellenes_nb.games.earth_water.lesson import (
    Lesson as LessonFile,
)
from hellenes_nb.games.earth_water.lesson import (
    Step,
    _play,
    decide,
    lesson_game,
    read_lesson,
    run_step,
)
from hellenes_nb.games.earth_water.ruleset import EARTH_WATER
from hellenes_nb.lessons.markup import to_html
from hellenes_nb.lessons.walk import StepWalk

__all__ = ["EWLesson", "LessonError", "open_lesson"]

#: the sides, as the take-command picker offers them
SIDES = (("Command Greece", "greece"), ("Command Persia", "persia"))
_RULE = re.compile(r"§(\d+(?:\.\d+)*)")


class LessonError(ValueError):
    """The lesson cannot do what was asked (the message says why, in plain words)."""


def _period(lesson: LessonFile) -> str:
    """The line under the lesson's title: the game it plays on and its years."""
    years = lesson.years
    when = f", {years[0]}–{years[1]} BC" if years else ""
    return f"on the board of {EARTH_WATER.title}{when}"


class EWLesson(StepWalk):
    """One Earth & Water lesson being taught (module docstring)."""

    #: the side a class commands unless it picks the other
    side = "greece"
    sides = SIDES

    def __init__(self, lesson: LessonFile | str | Path, *, seed: int = 1) -> None:
        self.file = lesson if isinstance(lesson, LessonFile) else read_lesson(lesson)
        self.seed = seed
        self.title = self.file.title
        self.period = _period(self.file)
        self.introduction = self.file.introduction
        self.summary = self.file.summary
        self._start = lesson_game(self.file, seed)
        self._arrived: list[Game] = []  # the game after each step, history's way
        self._events: list[list[dict]] = []
        self._choices: dict[int, dict[str, Any]] = {}
        self.index = 0
        self._reach(0)

    # -- steps -------------------------------------------------------------------------------
    def _reach(self, i: int) -> None:
        while len(self._arrived) <= i:
            k = len(self._arrived)
            game = (self._arrived[k - 1] if k else self._start).clone()
            try:
                events = run_step(game, self.file.steps[k])
            except ValueError as exc:
                raise LessonError(f"step {k + 1} '{self.file.steps[k].title}' cannot be "
                                  f"played: {exc}") from None
            self._arrived.append(game)
            self._events.append(events)

    def _error(self, message: str) -> LessonError:
        return LessonError(message)

    def _before(self, i: int) -> Game:
        return self._arrived[i - 1] if i else self._start

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.file.steps

    @property
    def game(self) -> Game:
        """A copy of the game the board shows at this step (module docstring)."""
        made = self._choices.get(self.index)
        if made is not None:
            return made["game"].clone()
        d = self.step.decision
        if d is not None:
            game = self._before(self.index).clone()
            _play(game, self.step.dice, self.step.play[:d.at])
            return game
        return self._arrived[self.index].clone()

    # -- decisions and questions -------------------------------------------------------------
    def choose(self, choice: str | int) -> dict[str, Any]:
        """The class's choice at this step's decision point (an option id or its number from
        1), played on a copy of the game; the result as :func:`decide` gives it."""
        if self.step.decision is None:
            raise LessonError(f"step {self.number} '{self.step.title}' has no decision point")
        try:
            result = decide(self._before(self.index), self.step, choice)
        except ValueError as exc:
            raise LessonError(str(exc)) from None
        result["explanation_html"] = to_html(result["explanation"])
        self._choices[self.index] = result
        return result

    def reveal_answer(self) -> str:
        raise LessonError("the lesson gives no written answer to this question: it is for "
                          "the class to discuss")

    def take_command(self, opponent: str = "bot", side: str | None = None) -> Game:
        """A live game from here (a copy: the lesson is unchanged): from the class's choice
        if one was made at this step, else from the board the step shows. Its origin names
        the lesson's step, so a save of it loads again."""
        if opponent not in ("bot", "hotseat"):
            raise LessonError(f"opponent must be 'bot' or 'hotseat', not {opponent!r}")
        if side not in (None, *(s for _w, s in SIDES)):
            raise LessonError(f"side must be 'greece' or 'persia', not {side!r}")
        made = self._choices.get(self.index)
        return (made["game"] if made else self._arrived[self.index]).clone()

    # -- the widget's view -------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        """Everything the lesson widget shows for this step, as plain data."""
        step, game = self.step, self.game
        decision = None
        if step.decision is not None:
            d, made = step.decision, self._choices.get(self.index)
            decision = {"side": d.side, "side_word": d.side.title(),
                        "prompt_html": to_html(d.prompt),
                        "options": [{"id": o.id, "label": o.label} for o in d.options],
                        "chosen": made["chosen"] if made else None,
                        "historical": d.historical.id if made else None,
                        "explanation_html": made["explanation_html"] if made else None}
        made = self._choices.get(self.index)
        events = made["events"] if made else (
            [] if step.decision is not None else self._events[self.index])
        v = game.view("all")
        status = f"Campaign {v['campaign']} of {v['campaigns']}; {_lead(v['score'])}"
        lines = [f"§{e['rule']} {e['text']}" for e in events]
        return {
            "lesson": {"id": self.file.id, "title": self.title, "period": self.period},
            "step": self.number, "steps": len(self.steps), "progress": self.progress,
            "title": step.title,
            "narrative_html": to_html(step.text),
            "citations": [{"author": "", "ref": s, "label": s, "episode": "", "paraphrase": ""}
                          for s in step.sources],
            "rules": sorted({f"§{r}" for r in _RULE.findall(step.text)}, key=_section),
            "decision": decision,
            "question": None if step.question is None else {
                "ask_html": to_html(step.question), "revealed": False, "answer_html": None,
                "answered": False},
            "events": lines,
            "status": status,
            "status_html": f"<p class='hl-status'>{html.escape(status)}</p>",
            "events_html": "<h4>On the board</h4><ul class='hl-events'>" + "".join(
                f"<li>{html.escape(t)}</li>" for t in lines) + "</ul>" if lines else "",
        }

    def __repr__(self) -> str:
        return f"<EWLesson {self.file.id}: step {self.progress} {self.step.title!r}>"


def _lead(score: int) -> str:
    """Who leads on the score track (§4.5: Persia's points count below zero)."""
    if score == 0:
        return "the score is level"
    return f"{'Greece' if score > 0 else 'Persia'} leads by {abs(score)} (§4.5)"


def _section(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in text.lstrip("§").split("."))


def open_lesson(path: Path | str) -> EWLesson:
    """The lesson file at ``path``, ready to teach (``LessonKit.open``)."""
    return EWLesson(path)
