"""The packaged tutorial: its chapter files, read in chapter order, and tasks found by id."""

from __future__ import annotations

from pathlib import Path

from hellenes_nb.lessons.runner import lessons_dir
from hellenes_nb.tutorial.format import ChapterSpec, TaskSpec, load_chapter

__all__ = ["chapters", "find_task", "tutorial_dir"]


def tutorial_dir() -> Path:
    """The folder of the packaged chapter files (``lessons/tutorial``)."""
    return lessons_dir() / "tutorial"


def chapters(folder: Path | None = None) -> list[ChapterSpec]:
    """Every chapter of ``folder`` (default: the packaged tutorial), by chapter number
    (TaskFormatError when a file is broken: ``hellenes tutorial check`` names the problem)."""
    found = [load_chapter(p) for p in sorted((folder or tutorial_dir()).glob("*.yaml"))]
    return sorted(found, key=lambda c: c.chapter)


def find_task(task_id: str, folder: Path | None = None) -> tuple[ChapterSpec, TaskSpec]:
    """The chapter and task with id ``task_id`` (KeyError naming the known ids)."""
    every = chapters(folder)
    for c in every:
        for t in c.tasks:
            if t.id == task_id:
                return c, t
    known = ", ".join(t.id for c in every for t in c.tasks)
    raise KeyError(f"no tutorial task {task_id!r}; the tasks are: {known}")
