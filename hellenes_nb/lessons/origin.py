"""Games begun at a lesson's position, and how a save of one is loaded again.

A game a class plays on from a lesson (``Lesson.take_command``, ``Lesson.choose``, the steps of
a *300: Earth & Water* lesson) does not start at its scenario's setup, so its moves cannot be
replayed from there. Such a game records its **origin** (``Game.rebase``): the packaged lesson
by name, the step, and the option chosen there if any. A save carries that origin and the moves
after it; loading rebuilds the starting position from the lesson installed here
(:func:`lesson_start`, the "lesson" origin of each game's plugin record; each game's lesson
kit rebuilds its own lessons), replays the
moves and compares the result with the saved position. The position itself is never read from
the file, so a save whose start was edited is refused like any other edited save.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hellenes_nb.core.game import Game
from hellenes_nb.lessons.check import kit_for, lesson_files
from hellenes_nb.lessons.runner import LessonError, lessons_dir

__all__ = ["lesson_start"]


def _installed(name: str) -> Path:
    for path in lesson_files([lessons_dir()]):
        if path.stem == name:
            return path
    raise LessonError(f"the game began in the lesson {name!r}, which is not installed here "
                      "(a save of a game begun in a lesson loads where that lesson is)")


def lesson_start(origin: dict[str, Any], seed: int) -> Game:
    """The game at the position ``origin`` names, rebuilt from the installed lesson by the
    lesson kit of its game, with an empty history (ValueError in plain words if the lesson
    has no such step or option)."""
    name, step, option = origin["name"], origin["step"], origin.get("option")
    path = _installed(name)
    kit = kit_for(path)
    if kit.start_at is None:
        raise LessonError(f"the lesson {name!r} cannot be played on from a step")
    return kit.start_at(path, seed, step, option)
