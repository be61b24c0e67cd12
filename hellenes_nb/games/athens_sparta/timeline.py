"""*Athens & Sparta* on the timeline of the lessons (``widgets/timeline.py``): its scenario, the
whole Peloponnesian War from the first Game Turn of Olympiad 84 to the end of Olympiad 89,
which the game's calendar sidebar (§2) puts in 431 and 404 BC, and the same war with the
optional Syracuse points (``athens-sparta-syracuse``). Its lessons
(``lessons/athens-sparta/``) stand on the ``years`` their files give."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hellenes_nb.core.catalog import TimelineKit
from hellenes_nb.games.athens_sparta.lessonkit import LESSONS
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA

__all__ = ["TIMELINE", "lesson", "scenarios"]

#: the scenarios it may have: (id, title, first year BC, last year BC)
WAR = (("athens-sparta", "The Peloponnesian War, Olympiads 84–89", 431, 404),
       ("athens-sparta-syracuse", "The Peloponnesian War with the Syracuse points", 431, 404))


def scenarios() -> list[tuple[str, str, int, int]]:
    """Each scenario the game sets up, as (id, title, first year BC, last year BC)."""
    return [s for s in WAR if s[0] in ATHENS_SPARTA.scenarios]


def lesson(path: Path) -> dict[str, Any]:
    """A lesson file as the timeline shows it (the lesson kit's error when unreadable)."""
    spec = LESSONS.read(path)
    first, last = spec.span
    return {"id": spec.id, "title": spec.title, "period": spec.period, "first": first,
            "last": last, "time": spec.time, "steps": len(spec.steps),
            "objectives": list(spec.objectives), "opens": f'LessonWidget("{spec.id}")'}


TIMELINE = TimelineKit(scenarios=scenarios, lesson=lesson, name="Athens & Sparta")
