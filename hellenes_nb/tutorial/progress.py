"""The learner's progress: which tasks are solved and with how many stars, kept between sessions
in a small JSON file the learner owns.

The file lives in the user's data folder (``platformdirs.user_data_dir("hellenes-nb")``,
``tutorial-progress.json``), or where ``HELLENES_TUTORIAL_PROGRESS`` or the caller says. It
holds plain data only::

    {"format": "hellenes-tutorial-progress 1", "resets": 0,
     "tasks": {"march-to-megaris": {"stars": 3}, "who-fires-first": {"stars": 2}}}

It is read as JSON within limits (size, nesting, no repeated keys: the saves' reader) and
checked entry by entry. A file that cannot be read is never fatal: the tutorial starts afresh,
says why in ``problem``, and leaves the file as it is until the learner earns new progress.

Several tutorials may be open at once (two notebooks, two cells) on the same file, so a write
never simply replaces what another wrote: under a lock beside the file
(:func:`~hellenes_nb.core.files.locked`) it reads the file again, keeps for every task the best
stars of the file and of this tutorial (:func:`merge`), and writes the result in one step
through a new temporary file (:func:`~hellenes_nb.core.files.write_atomic`: nothing already
at a temporary name is followed). Forgetting everything (:meth:`Progress.reset`) counts up
``resets``; a tutorial that loaded the file before the latest reset then adds back only what
it earned since its last write.

A file that cannot be written (a folder at its path, a folder that cannot be written, a lock
held too long) never stops the tutorial either: the stars stay in this tutorial, ``problem``
says that they cannot be kept and why, and every later result tries the write again.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import platformdirs

from hellenes_nb.core.files import locked, write_atomic
from hellenes_nb.core.savejson import parse_json

__all__ = ["FORMAT", "Progress", "default_path", "merge"]

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


def merge(*tables: Mapping[str, int]) -> dict[str, int]:
    """Every task solved in any of ``tables``, each with its best stars."""
    out: dict[str, int] = {}
    for table in tables:
        for task, stars in table.items():
            if stars > out.get(task, -1):
                out[task] = stars
    return out


def _entries(data: Any) -> tuple[dict[str, int], int]:
    """(the task → stars table, the resets count) of a parsed file (ValueError in plain
    words)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"it is not a tutorial progress file (its 'format' should be "
                         f"{FORMAT!r})")
    resets = data.get("resets", 0)
    if not isinstance(resets, int) or isinstance(resets, bool) or not 0 <= resets <= 10**9:
        raise ValueError("its 'resets' should be a whole number from 0 to 1,000,000,000")
    tasks = data.get("tasks")
    if not isinstance(tasks, dict):
        raise ValueError("its 'tasks' should be an object of task ids")
    out: dict[str, int] = {}
    for task, entry in tasks.items():
        stars = entry.get("stars") if isinstance(entry, dict) else None
        if not isinstance(stars, int) or isinstance(stars, bool) or not 0 <= stars <= 3:
            raise ValueError(f"task {task[:40]!r}: stars should be a whole number from 0 to 3")
        out[task[:100]] = stars
    return out, resets


def _load(path: Path) -> tuple[dict[str, int], int | None, str]:
    """(tasks, resets, "") as the file holds them; ({}, 0, "") when there is none yet;
    ({}, None, why) when it cannot be read."""
    try:
        if not path.exists() and not path.is_symlink():
            return {}, 0, ""
        if not path.is_file():
            raise ValueError("it is not a regular file")
        if path.stat().st_size > MAX_BYTES:
            raise ValueError(f"it is larger than {MAX_BYTES:,} bytes")
        tasks, resets = _entries(parse_json(path.read_bytes(), "the progress file"))
        return tasks, resets, ""
    except (OSError, ValueError) as exc:
        return {}, None, str(exc)


def _why_not_written(path: Path, exc: OSError) -> str:
    if path.is_dir():
        return "there is a folder at that path"
    if isinstance(exc, TimeoutError):
        return str(exc)
    return exc.strerror or str(exc)


class Progress:
    """The solved tasks and their stars (module docstring)."""

    def __init__(self, path: Path | str | None = None):
        self.path = Path(path) if path is not None else default_path()
        self.problem = ""
        self.solved: dict[str, int] = {}
        self._pending: dict[str, int] = {}  # earned here and not written yet
        tasks, resets, why = _load(self.path)
        self._resets = resets or 0
        if why:
            self.problem = (f"Your progress file {self.path} could not be read ({why}); the "
                            "tutorial starts afresh and will replace it when you solve a task.")
        self.solved = tasks

    def stars(self, task: str) -> int | None:
        """The best stars for ``task``, or None when it is not solved yet."""
        return self.solved.get(task)

    def record(self, task: str, stars: int) -> bool:
        """Keep ``stars`` for ``task`` if better than before, and save (a write that failed
        before is tried again); True when the stars here changed. A write that fails sets
        ``problem`` and keeps the stars here."""
        if not 0 <= stars <= 3:
            raise ValueError(f"stars are 0 to 3, not {stars!r}")
        changed = stars > self.solved.get(task, -1)
        if changed:
            self.solved[task] = stars
            self._pending = merge(self._pending, {task: stars})
        if self._pending:
            self.save()
        return changed

    def reset(self) -> bool:
        """Forget every solved task, here and in the file; True when the file was written."""
        self.solved, self._pending = {}, {}
        return self._write(lambda _tasks, resets: ({}, max(resets or 0, self._resets) + 1))

    @property
    def total(self) -> int:
        """All stars earned."""
        return sum(self.solved.values())

    def save(self) -> bool:
        """Merge this tutorial's stars into the file (module docstring); True when written."""
        def merged(disk: dict[str, int], resets: int | None) -> tuple[dict[str, int], int]:
            if resets is None:  # unreadable: it is replaced, keeping everything known here
                return dict(self.solved), self._resets
            if resets > self._resets:  # forgotten elsewhere since this tutorial read it
                return merge(disk, self._pending), resets
            return merge(disk, self.solved), self._resets
        return self._write(merged)

    def _write(self, change: Any) -> bool:
        """Under the lock: read the file, ``change(tasks, resets)`` → (tasks, resets), write;
        afterwards this tutorial shows what the file holds."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with locked(self.path):
                disk, resets, _why = _load(self.path)
                tasks, resets = change(disk, resets)
                write_atomic(self.path, json.dumps(
                    {"format": FORMAT, "resets": resets,
                     "tasks": {t: {"stars": s} for t, s in sorted(tasks.items())}}, indent=1))
        except OSError as exc:
            self.problem = (f"Your stars are shown here but your progress cannot be kept: "
                            f"{self.path} cannot be written ({_why_not_written(self.path, exc)})."
                            f" Choose another file (TutorialWidget(progress=...) or the "
                            f"{ENV} variable) to keep it.")
            return False
        self.solved, self._resets, self._pending = tasks, resets, {}
        self.problem = ""
        return True
