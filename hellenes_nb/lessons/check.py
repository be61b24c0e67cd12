"""``hellenes lesson check``: every lesson file under the folders given, each checked by the
lesson kit of the game its ``game:`` line names (:class:`~hellenes_nb.core.catalog.LessonKit`,
whose ``check`` reads the file in the one lesson format, :mod:`.format`, and replays it)."""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from hellenes_nb.core.catalog import LessonKit, lesson_kits, plugins
from hellenes_nb.core.models import Problem
from hellenes_nb.lessons.format import LessonFormatError, load_spec

__all__ = ["LessonError", "check_paths", "declared_game", "find_lesson", "kit_for",
           "lesson_files", "lessons_dir", "open_lesson"]


class LessonError(ValueError):
    """The lesson cannot do what was asked; the message names the file and step."""


def lessons_dir() -> Path:
    """The folder of packaged lessons (inside a wheel, or ``lessons/`` in the checkout)."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "_lessons", here.parent / "lessons"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("cannot find the lessons folder next to the hellenes_nb package")


def find_lesson(name: str) -> Path:
    """The file of the packaged lesson called ``name`` (its file name without ``.yaml``, in
    the lessons folder or a game's sub-folder of it)."""
    files = lesson_files([lessons_dir()])
    found = next((p for p in files if p.stem == name), None)
    if found is None:
        raise LessonError(f"no lesson called {name!r}; the lessons are: "
                          f"{', '.join(sorted(p.stem for p in files))}")
    return found


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
    (ValueError in plain words for a game without lessons; a file without the line is read,
    and LessonFormatError says what is wrong with it: missing, not YAML, no game)."""
    game = declared_game(path)
    named = {p.ruleset.name: p.lessons for p in plugins() if p.lessons is not None}
    if game is None:
        claimed = next((k for k in lesson_kits() if k.recognises is not None
                        and k.recognises(path)), None)
        if claimed is not None:  # a game reading files of its own kind (LessonKit.recognises)
            return claimed
        # the common reader says what is wrong: no file, no YAML, no game line
        game = load_spec(path).game
    if game not in named:
        raise ValueError(f"{path}: the lesson names the game {game!r}, but the games with "
                         f"lessons are: {', '.join(named)}")
    return named[game]


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
        except LessonFormatError as exc:  # unreadable, or no game line: the reader's words
            problems += exc.problems
            continue
        except ValueError as exc:  # a game no one registered: one problem of the file
            problems.append(Problem(str(f), "game", str(exc).removeprefix(f"{f}: ")))
            continue
        if kit.check is not None:
            problems += kit.check(f, seeds)
    return files, problems


def open_lesson(lesson: str | Path) -> Any:
    """A lesson ready to teach, opened by its game's kit (``LessonKit.open``): a file, or a
    packaged lesson by name (its file name without ``.yaml``, in any game's folder)."""
    text = str(lesson)
    if isinstance(lesson, Path) or text.endswith(".yaml") or "/" in text:
        path = Path(lesson)
    else:
        path = find_lesson(text)
    kit = kit_for(path)
    if kit.open is None:
        raise ValueError(f"{text[:80]}: its game has no way to teach a lesson in the lesson "
                         "widget")
    return kit.open(path)
