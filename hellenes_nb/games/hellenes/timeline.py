"""*Hellenes* on the timeline of the lessons (``widgets/timeline.py``, issue 27 item 5): its
four scenarios with their years (§15.1-15.4) and its lessons, each placed on the years its file
gives (``years``, else its position's year; docs/writing-lessons.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hellenes_nb.core.catalog import TimelineKit
from hellenes_nb.lessons.format import load_spec

__all__ = ["TIMELINE", "lesson", "scenarios"]


def scenarios() -> list[tuple[str, str, int, int]]:
    """(id, title, first year BC, last year BC) of each scenario, from the world's files
    ("The 431 Campaign" is shown as "431 Campaign", to fit its bar)."""
    from hellenes_nb.games.hellenes.world import load_world

    return [(s.id, s.name.removeprefix("The "), s.years[0], s.years[1])
            for s in load_world().scenarios.values()]


def lesson(path: Path) -> dict[str, Any]:
    """A lesson file as the timeline shows it (the lesson format's FileError when unreadable)."""
    spec = load_spec(path)
    first, last = spec.span
    return {"id": spec.id, "title": spec.title, "period": spec.period, "first": first,
            "last": last, "time": spec.time, "steps": len(spec.steps),
            "objectives": list(spec.objectives), "opens": f'LessonWidget("{spec.id}")'}


TIMELINE = TimelineKit(scenarios=scenarios, lesson=lesson, name="Hellenes")
