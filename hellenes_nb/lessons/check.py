"""``hellenes lesson check``: every lesson file under the folders given, each checked by the
lesson kit of its game (:class:`~hellenes_nb.core.catalog.LessonKit`; Hellenes:
:mod:`hellenes_nb.lessons.verify`)."""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from hellenes_nb.core.catalog import LessonKit, lesson_kits, plugins
from hellenes_nb.core.models import Problem

__all__ = ["check_paths", "declared_game", "kit_for", "lesson_files", "open_lesson"]


def lesson_files(paths: Iterable[str | Path]) -> list[Path]:
    """The lesson files named by ``paths``: files as given, folders searched for ``*.yaml``
    (and each game's own sub-folder, such as ``lessons/earth-water/``; ``lessons/tutorial/``
    holds tutorial tasks, not lessons: ``hellenes tutorial check``)."""
    folders = [k.folder for k in lesson_kits() if k.folder]
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(p.glob("*.yaml")))
            for folder in folders:
                out.extend(sorted((p / folder).glob("*.yaml")))
        else:
            out.append(p)
    return out


#: a lesson file's ``game:`` line, at the top level (the file's first lines)
_GAME_LINE = re.compile(rb"^game:[ \t]*['\"]?([A-Za-z0-9_.-]{1,80})['\"]?[ \t]*(?:#.*)?$", re.M)


def declared_game(path: Path) -> str | None:
    """The game a lesson file names in its ``game:`` line among its first 4 KB, or None.
    Only a regular file is opened (a pipe or a device is read by nobody here), and only its
    first bytes are read."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError):
        return None
    try:
        head = os.read(fd, 4096) if stat.S_ISREG(os.fstat(fd).st_mode) else b""
    except OSError:
        head = b""
    finally:
        os.close(fd)
    found = _GAME_LINE.search(head.removeprefix(b"\xef\xbb\xbf"))
    return found.group(1).decode() if found else None


def kit_for(path: Path) -> LessonKit:
    """The lesson kit of the game whose lesson ``path`` is: the game its ``game:`` line names
    (ValueError naming the registered games if none is called so); in a file without one, the
    kit that claims it, else the kit that reads every file no other claims."""
    game = declared_game(path)
    if game is not None:
        named = {p.ruleset.name: p.lessons for p in plugins() if p.lessons is not None}
        if game not in named:
            raise ValueError(f"{path}: the lesson names the game {game!r}, but the games with "
                             f"lessons are: {', '.join(named)}")
        return named[game]
    kits = lesson_kits()
    claimed = next((k for k in kits if k.recognises is not None and k.recognises(path)), None)
    found = claimed or next((k for k in kits if k.recognises is None), None)
    if found is None:
        raise ValueError(f"{path}: no game reads this lesson file")
    return found


def check_paths(paths: Iterable[str | Path],
                seeds: Iterable[int] = ()) -> tuple[list[Path], list]:
    """Check every lesson under ``paths`` with its game's kit (also replayed with ``seeds``):
    (files checked, problems, each printing as one line)."""
    files = lesson_files(paths)
    seeds = tuple(seeds)
    problems: list = []
    for f in files:
        try:
            kit = kit_for(f)
        except ValueError as exc:  # a game no one registered: one problem of the file
            problems.append(Problem(str(f), "game", str(exc).removeprefix(f"{f}: ")))
            continue
        if kit.check is not None:
            problems += kit.check(f, seeds)
    return files, problems


def open_lesson(lesson: str | Path) -> Any:
    """A lesson ready to teach, opened by its game's kit (``LessonKit.open``): a file, or a
    packaged lesson by name (its file name without ``.yaml``, in any game's folder)."""
    from hellenes_nb.lessons.runner import lessons_dir  # the packaged lessons' folder

    text = str(lesson)
    path: Path | None = None
    if isinstance(lesson, Path) or text.endswith(".yaml") or "/" in text:
        path = Path(lesson)
    else:
        # a name no file has goes to the kit that reads any lesson, which says so
        path = next((p for p in lesson_files([lessons_dir()]) if p.stem == text), None)
    kit = kit_for(path or Path(text))
    if kit.open is None:
        raise ValueError(f"{text[:80]}: its game has no way to teach a lesson in the lesson "
                         "widget")
    return kit.open(path or text)
