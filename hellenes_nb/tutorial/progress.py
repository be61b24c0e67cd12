"""The learner's progress: which tasks are solved and with how many stars, kept between sessions
in a small JSON file the learner owns.

The file lives in the user's data folder (``platformdirs.user_data_dir("hellenes-nb")``,
``tutorial-progress.json``), or where ``HELLENES_TUTORIAL_PROGRESS`` or the caller says. It
holds plain data only::

    {"format": "hellenes-tutorial-progress 1",
     "tasks": {"march-to-megaris": {"stars": 3}, "who-fires-first": {"stars": 2}}}

It is read as JSON within limits (size, nesting, no repeated keys: the saves' reader) and
checked entry by entry. A file that cannot be read is never fatal: the tutorial starts afresh,
says why in ``problem``, and leaves the file as it is until the learner earns new progress.
Writes go to a temporary file first and then replace the old one, so a crash never leaves a
half-written file. Only the best result of each task is kept.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import platformdirs

from hellenes_nb.core.savejson import parse_json

__all__ = ["FORMAT", "Progress", "default_path"]

FORMAT = "hellenes-tutorial-progress 1"
#: the largest progress file read (a few hundred tasks need a few KB)
MAX_BYTES = 64_000
ENV = "HELLENES_TUTORIAL_PROGRESS"


def default_path() -> Path:
    """Where the progress is kept unless told otherwise."""
    chosen = os.environ.get(ENV)
    if chosen:
        return Path(chosen)
    return Path(platformdirs.user_data_dir("hellenes-nb")) / "tutorial-progress.json"


def _entries(data: Any) -> dict[str, int]:
    """The task → stars table of a parsed file (ValueError in plain words)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"it is not a tutorial progress file (its 'format' should be "
                         f"{FORMAT!r})")
    tasks = data.get("tasks")
    if not isinstance(tasks, dict):
        raise ValueError("its 'tasks' should be an object of task ids")
    out: dict[str, int] = {}
    for task, entry in tasks.items():
        stars = entry.get("stars") if isinstance(entry, dict) else None
        if not isinstance(stars, int) or isinstance(stars, bool) or not 0 <= stars <= 3:
            raise ValueError(f"task {task[:40]!r}: stars should be a whole number from 0 to 3")
        out[task[:100]] = stars
    return out


class Progress:
    """The solved tasks and their stars (module docstring)."""

    def __init__(self, path: Path | str | None = None):
        self.path = Path(path) if path is not None else default_path()
        self.problem = ""
        self.solved: dict[str, int] = {}
        self._read()

    def _read(self) -> None:
        if not self.path.exists():
            return
        try:
            if not self.path.is_file():
                raise ValueError("it is not a regular file")
            if self.path.stat().st_size > MAX_BYTES:
                raise ValueError(f"it is larger than {MAX_BYTES:,} bytes")
            self.solved = _entries(parse_json(self.path.read_bytes(), "the progress file"))
        except (OSError, ValueError) as exc:
            self.problem = (f"Your progress file {self.path} could not be read ({exc}); the "
                            "tutorial starts afresh and will replace it when you solve a task.")
            self.solved = {}

    def stars(self, task: str) -> int | None:
        """The best stars for ``task``, or None when it is not solved yet."""
        return self.solved.get(task)

    def record(self, task: str, stars: int) -> bool:
        """Keep ``stars`` for ``task`` if better than before, and save; True when it changed."""
        if not 0 <= stars <= 3:
            raise ValueError(f"stars are 0 to 3, not {stars!r}")
        if task in self.solved and self.solved[task] >= stars:
            return False
        self.solved[task] = stars
        self.save()
        return True

    def reset(self) -> None:
        """Forget every solved task (the file is rewritten empty)."""
        self.solved = {}
        self.save()

    @property
    def total(self) -> int:
        """All stars earned."""
        return sum(self.solved.values())

    def save(self) -> None:
        """Write the file (to a temporary file first, then replace)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"format": FORMAT,
                           "tasks": {t: {"stars": s} for t, s in sorted(self.solved.items())}},
                          indent=1)
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, self.path)
        self.problem = ""
