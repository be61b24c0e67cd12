"""Where a What-if run starts, for any game: a decision point of a lesson, or a saved game.

A :class:`Start` names the position and its alternatives (:class:`Alternative`); each worker
process rebuilds the position after an alternative itself (:func:`position_after`, remembered
per process), since an engine game does not travel between processes; only names and the save
file's text do.

- A lesson's decision point: the alternatives are the options of the step's ``decision`` (the
  lesson runner's own ``choose``), the historical one marked.
- A save: the alternatives are the legal actions of the side to decide, at most ``top`` of
  them: the first ones in the engine's order, and always the normal level's own pick, which
  stands where a lesson has its historical choice (a save has no history to mark). When some
  actions are left out, ``note`` says how many there were.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from hellenes_nb.core.game import Game
from hellenes_nb.lessons.check import LessonError, lessons_dir
from hellenes_nb.lessons.runner import Lesson

__all__ = ["Alternative", "Start", "lesson_start", "position_after", "save_start",
           "WhatIfError"]

#: a save's alternatives at most (the legal actions of the side to decide)
TOP = 6


class WhatIfError(ValueError):
    """A What-if run refused before it starts, in plain words."""


@dataclass(frozen=True)
class Alternative:
    """One choice at the decision point."""

    id: str
    label: str
    historical: bool


@dataclass(frozen=True)
class Start:
    """A decision point: where it is, whose decision, and its alternatives."""

    kind: str  # "lesson" or "save"
    name: str  # the lesson's name, or the save file's name
    step: int  # the lesson step's number (1 = first); 0 for a save
    side: str
    alternatives: tuple[Alternative, ...]
    scenario: str
    title: str
    save_text: str = ""
    note: str = ""
    actions: tuple[dict, ...] = field(default=(), compare=False)

    def alternative(self, alt_id: str) -> Alternative:
        for a in self.alternatives:
            if a.id == alt_id:
                return a
        raise WhatIfError(f"{alt_id!r} is not an alternative here; choose one of "
                          f"{', '.join(a.id for a in self.alternatives)}")


def _lesson_names() -> list[str]:
    root = lessons_dir()
    return sorted(p.stem for p in root.rglob("*.yaml") if "tutorial" not in p.parts)


@lru_cache(maxsize=8)
def _lesson(name: str) -> Lesson:
    try:
        return Lesson(name)
    except (LessonError, ValueError, FileNotFoundError):
        raise WhatIfError(f"there is no lesson {name!r}; the lessons are "
                          f"{', '.join(_lesson_names())}") from None


def _decisions(lesson: Lesson) -> list[tuple[int, Any]]:
    return [(i + 1, s) for i, s in enumerate(lesson.steps) if s.decision is not None]


def _step_word(number: int, step: Any) -> str:
    sid = getattr(step, "id", None)
    return f"{number} ({sid})" if sid else str(number)


def lesson_start(name: str, decision: str | int | None = None) -> Start:
    """The decision point ``decision`` of lesson ``name``: a step number (from 1) or a step's
    id; None is the lesson's first decision point. :class:`WhatIfError` naming the lessons,
    or the lesson's decision points, when either does not exist."""
    if not isinstance(name, str) or not name.strip():
        raise WhatIfError(f"a lesson is named by a word, not {name!r}; the lessons are "
                          f"{', '.join(_lesson_names())}")
    lesson = _lesson(name)
    points = _decisions(lesson)
    if not points:
        raise WhatIfError(f"the lesson {name!r} has no decision point")
    listed = ", ".join(_step_word(n, s) for n, s in points)
    if decision is None:
        number, step = points[0]
    else:
        text = str(decision).strip()
        found = [(n, s) for n, s in points
                 if text == str(n) or text == (getattr(s, "id", None) or "")]
        if not found:
            raise WhatIfError(f"step {text!r} of the lesson {name!r} is not a decision point; "
                              f"its decision points are steps {listed}")
        number, step = found[0]
    d = step.decision
    lesson.goto(number)
    alts = tuple(Alternative(o.id, o.label, o is d.historical) for o in d.options)
    game = lesson.game
    return Start("lesson", name, number, d.side, alts, game.state.scenario,
                 f"{lesson.title}, step {number}: {step.title}")


def save_start(text: str, name: str = "save", top: int = TOP) -> Start:
    """The position of a saved game (its JSON text): the alternatives are the legal actions
    of the side to decide (module docstring)."""
    game = _saved(text)
    if game.over:
        raise WhatIfError(f"the game in {name} is over: there is no decision left to try")
    side = game.prompt.side
    if side not in game.ruleset.roles:
        raise WhatIfError(f"in {name} both sides decide at once ({game.prompt.text}); open the "
                          "save, take that step, save again and try from there")
    legal = game.legal_actions(side)
    kept = legal[:top]
    from hellenes_nb.bots.levels import make_level
    pick = make_level("normal", 0, game.ruleset).choose(game, side)
    if pick not in kept:
        kept = [*kept[:top - 1], pick]
    alts = tuple(Alternative(str(i + 1), _label(a), a == pick) for i, a in enumerate(kept))
    note = (f"{len(legal)} legal actions; the first {len(kept)} are tried" if len(legal) > top
            else "")
    return Start("save", name, 0, side, alts, game.state.scenario,
                 f"{name}: {game.prompt.text}", save_text=text, note=note,
                 actions=tuple(kept))


def _label(action: dict) -> str:
    if action.get("label"):
        return str(action["label"])
    return ", ".join(f"{k} {v}" for k, v in action.items())


@lru_cache(maxsize=4)
def _saved(text: str) -> Game:
    try:
        return Game.from_json(text)
    except ValueError as exc:
        raise WhatIfError(f"the save cannot be read: {exc}") from None


@lru_cache(maxsize=16)
def _after(kind: str, name: str, step: int, alt_id: str, save_text: str) -> Game:
    if kind == "lesson":
        lesson = _lesson(name)
        lesson.goto(step)
        return lesson.choose(alt_id)["game"]
    start = save_start(save_text, name)
    game = _saved(save_text).clone()
    game.apply(start.actions[int(alt_id) - 1])
    return game


def position_after(start: Start, alt_id: str) -> Game:
    """A fresh copy of the game just after ``alt_id`` was chosen at ``start``."""
    start.alternative(alt_id)
    return _after(start.kind, start.name, start.step, alt_id, start.save_text).clone()
