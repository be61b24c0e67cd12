"""Historical walkthroughs, one format and one runner for every game: lesson files
(:mod:`.format`), their check by each game's kit (:mod:`.check`) and the :class:`Lesson` runner.

See docs/writing-lessons.md for the file format, with a worked example from each game.
The names below load when first asked for, so that a game's lesson modules may import
``hellenes_nb.lessons.format`` (or any module here) without loading the runner, which imports
them in turn.
"""

from __future__ import annotations

import importlib
from typing import Any

#: each name offered here, and the module that holds it
_WHERE = {
    "check_paths": "check", "LessonFormatError": "format", "Problem": "format",
    "load_spec": "format", "Lesson": "runner", "LessonError": "runner",
    "find_lesson": "runner", "lessons_dir": "runner",
}

__all__ = ["Lesson", "LessonError", "LessonFormatError", "Problem", "check_paths",
           "find_lesson", "lessons_dir", "load_spec"]


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    globals()[name] = value
    return value
