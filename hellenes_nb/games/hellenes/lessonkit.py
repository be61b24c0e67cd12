"""The Hellenes lessons as the lesson commands and the one lesson format and runner see them
(``GamePlugin.lessons``): the game's parts of a lesson file (``lessonformat.py``), its hooks
for the runner (``lessonplay.py``), its checker (``lessonverify.py``) and the lines of
``hellenes lesson list`` and ``show``. A Hellenes lesson names ``game: hellenes``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hellenes_nb.core.catalog import LessonKit
from hellenes_nb.games.hellenes.lessonformat import (
    STEP_FIELDS,
    WAR_YEARS,
    Expect,
    PositionSpec,
    parse_action,
)
from hellenes_nb.games.hellenes.lessonplay import HellenesPlay
from hellenes_nb.games.hellenes.lessonsources import RULE_SECTIONS, load_passages
from hellenes_nb.games.hellenes.lessonverify import check_lesson
from hellenes_nb.lessons.markup import to_text
from hellenes_nb.lessons.runner import Lesson, LessonError


def _check(path: Path, seeds: Any) -> list[Any]:
    return check_lesson(path, seeds=seeds)


def _listing(path: Path) -> str:
    lesson = Lesson(path)
    return (f"{lesson.spec.title} ({lesson.spec.period}, {len(lesson.steps)} steps, "
            f"{lesson.spec.time})")


def _show(path: Path | str) -> Iterator[str]:
    """Every step of a lesson (a file, or a packaged lesson by name) with what the engine did,
    line by line (ValueError, in plain words, at a step that cannot be played)."""
    lesson = Lesson(path)
    load_passages()  # the paraphrases it cites: a broken file is one problem, not a traceback
    yield f"# {lesson.spec.title} ({lesson.spec.period})\n"
    yield to_text(lesson.spec.introduction)
    while True:
        step = lesson.step
        yield f"\n## {lesson.progress}: {step.title}\n"
        yield to_text(step.narrative)
        cites = ", ".join(c["label"] for c in lesson.citations())
        if cites:
            yield f"\nSources: {cites}"
        if step.rules:
            yield "Rules: " + ", ".join(f"§{r}" for r in step.rules)
        for text in lesson.view()["events"]:
            yield f"  - {text}"
        if lesson.at_end:
            break
        lesson.next()


def _start_at(path: Path, seed: int, step: int, option: str | None) -> Any:
    """The game of the lesson at ``path`` after ``step`` steps, ``option`` chosen there."""
    lesson = Lesson(path)
    name, n = path.stem, len(lesson.steps)
    if seed != lesson.spec.seed:
        raise LessonError(f"the lesson {name!r} plays with seed {lesson.spec.seed}, not {seed}")
    if not 1 <= step <= n:
        raise LessonError(f"the lesson {name!r} has steps 1 to {n}, not {step}")
    lesson.goto(step)
    if option is None:
        return lesson.take_command("hotseat")
    decision = lesson.step.decision
    if decision is None or option not in [o.id for o in decision.options]:
        raise LessonError(f"step {step} of the lesson {name!r} has no option {option!r}")
    return lesson.choose(option)["game"]


#: the Hellenes lessons: the lesson folder itself
KIT = LessonKit(folder="", recognises=None, check=_check, listing=_listing, show=_show,
                start_at=_start_at, open=Lesson, years=WAR_YEARS, position_model=PositionSpec,
                expect_model=Expect, step_fields=STEP_FIELDS, parse_action=parse_action,
                play=HellenesPlay, rule_sections=RULE_SECTIONS,
                battle_board="hellenes_nb.games.hellenes.widgets.lesson_battle:LessonBattle")
