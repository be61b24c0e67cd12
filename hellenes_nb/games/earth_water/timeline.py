"""*300: Earth & Water* on the timeline of the lessons (``widgets/timeline.py``, issue 27 item
5): its one scenario, the Persian Wars from the Ionian revolt to the peace of Callias as its
rulebook's introduction dates them, and its lessons, each on the ``years`` its file gives."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hellenes_nb.core.catalog import TimelineKit
from hellenes_nb.games.earth_water.lesson import GAME_YEARS, read_lesson
from hellenes_nb.games.earth_water.ruleset import SCENARIO

__all__ = ["TIMELINE", "lesson", "scenarios"]


def scenarios() -> list[tuple[str, str, int, int]]:
    """The game's one scenario: (id, title, first year BC, last year BC)."""
    return [(SCENARIO, "The Persian Wars", *GAME_YEARS)]


def lesson(path: Path) -> dict[str, Any]:
    """A lesson file as the timeline shows it (LessonError when unreadable; ValueError when
    the file gives no years)."""
    spec = read_lesson(path)
    if spec.years is None:
        raise ValueError("the lesson gives no years (add 'years: [first, last]', years BC)")
    first, last = spec.years
    about = spec.introduction.strip().split("\n\n")[0].replace("\n", " ")
    return {"id": spec.id, "title": spec.title, "first": first, "last": last,
            "steps": len(spec.steps), "about": about, "opens": f'LessonWidget("{spec.id}")'}


TIMELINE = TimelineKit(scenarios=scenarios, lesson=lesson, name="300: Earth & Water")
