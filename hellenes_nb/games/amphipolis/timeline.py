"""*Amphipolis, 424–422 BC* on the timeline of the lessons (``widgets/timeline.py``): its four
scenarios (§10), each on the years BC its turns fall in (turn 0 is spring 424, one turn a
season, docs/rules-decisions.md). Scenarios the game cannot play yet say so in their title.
Its lessons (``lessons/amphipolis/``) stand on the ``years`` their files give, beside the
Hellenes lesson of the same months (issue 29 item 5)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hellenes_nb.core.catalog import TimelineKit
from hellenes_nb.games.amphipolis.lessonkit import LESSONS
from hellenes_nb.games.amphipolis.ruleset import SCENARIOS

__all__ = ["TIMELINE", "lesson", "scenarios"]

#: the scenarios of §10: (number, title, first turn, last turn)
CHAPTER = (("10.1", "Brasidas against Thucydides", 1, 3),
           ("10.2", "The expedition of Nicias", 4, 6),
           ("10.3", "Cleon against Brasidas", 7, 9),
           ("10.4", "The Amphipolis campaign", 0, 9))


def _year(turn: int) -> int:
    """The year BC a turn falls in (the same reckoning as ``rules.common.year``)."""
    return 424 - turn // 4


def scenarios() -> list[tuple[str, str, int, int]]:
    """Each scenario as (id, title, first year BC, last year BC)."""
    out = []
    for number, title, first, last in CHAPTER:
        sid = f"amphipolis-{number}"
        later = "" if sid in SCENARIOS else " (not yet playable)"
        out.append((sid, f"{number} {title}{later}", _year(first), _year(last)))
    return out


def lesson(path: Path) -> dict[str, Any]:
    """A lesson file as the timeline shows it (the lesson kit's error when unreadable;
    ValueError when the file gives no years)."""
    spec = LESSONS.read(path)
    if spec.years is None:
        raise ValueError("the lesson gives no years (add 'years: [first, last]', years BC)")
    first, last = spec.years
    about = spec.introduction.strip().split("\n\n")[0].replace("\n", " ")
    return {"id": spec.id, "title": spec.title, "first": first, "last": last,
            "steps": len(spec.steps), "period": spec.period, "time": spec.time,
            "objectives": list(spec.objectives), "about": about,
            "opens": f'LessonWidget("{spec.id}")'}


TIMELINE = TimelineKit(scenarios=scenarios, lesson=lesson, name="Amphipolis")
