"""``hellenes lesson``: check lesson files, list the packaged lessons, print one as text."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from hellenes_nb.cliargs import int_between
from hellenes_nb.core.catalog import plugins
from hellenes_nb.core.models import FileError
from hellenes_nb.core.words import count
from hellenes_nb.lessons.check import LessonError, check_paths, find_lesson, kit_for, lesson_files
from hellenes_nb.lessons.format import load_spec
from hellenes_nb.lessons.runner import lessons_dir

__all__ = ["add_lesson_parser"]

#: ``lesson check --seeds``: each seed replays every lesson once more
MAX_SEEDS = 1000


def _check(args: argparse.Namespace) -> int:
    args.paths = args.paths or [str(lessons_dir())]
    seeds = range(1, args.seeds + 1)
    try:
        files, problems = check_paths(args.paths, seeds=seeds)
    except FileError as exc:  # the passages every lesson cites (data/hellenes/passages.yaml)
        print(f"lesson check failed: {exc}", file=sys.stderr)
        return 1
    if not files:
        print(f"lesson check failed: no lesson files (*.yaml) under {' '.join(args.paths)}",
              file=sys.stderr)
        return 1
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"lesson check failed: {count(len(problems), 'problem')} in "
              f"{count(len(files), 'file')}", file=sys.stderr)
        return 1
    also = f", each also replayed with seeds 1-{args.seeds}" if args.seeds else ""
    print(f"lesson check passed: {count(len(files), 'lesson file')}{also}")
    return 0


def _notebook(name: str) -> str:
    """The notebook that shows the packaged lesson ``name`` (``notebooks/NN-name.ipynb`` beside
    the lessons folder of a checkout; none from a wheel)."""
    folder = lessons_dir().parent / "notebooks"
    found = sorted(folder.glob(f"*-{name}.ipynb")) if folder.is_dir() else []
    return f"notebook: notebooks/{found[0].name}" if found else "no notebook in this install"


def _entry(path: Path) -> tuple[tuple[int, int], str, str] | None:
    """A packaged lesson for ``lesson list``: (years BC, its line, the line under it), or None
    for a game that lists no lessons. A lesson that cannot be read is said to be so."""
    kit = kit_for(path)  # the lesson kit of the file's game (core/catalog.py)
    if kit.listing is None:
        return None
    spec = load_spec(path)
    first, last = spec.span
    years = f"{first}-{last} BC" if first != last else f"{first} BC"
    game = next((p for p in plugins() if p.lessons is kit), None)
    whose = "" if game is None or game.home else f" ({game.ruleset.title})"
    length = (f"{spec.time}, {count(len(spec.steps), 'step')}" if spec.time
              else f"{count(len(spec.steps), 'step')} (no class time given)")
    return ((-first, -last), f"{years:<12}{path.stem}: {spec.title}{whose}",
            f"{'':<12}{length}; {_notebook(path.stem)}")


def _list(args: argparse.Namespace) -> int:
    """The packaged lessons in date order, earliest first (years BC count down), each with its
    length and the notebook that shows it."""
    entries = []
    for path in lesson_files([lessons_dir()]):
        try:
            entry = _entry(path)
        except ValueError as exc:  # every lesson refusal is one, in plain words
            print(f"{path.stem}: cannot be opened ({exc})", file=sys.stderr)
            continue
        if entry is not None:
            entries.append(entry)
    print("The lessons in date order (years BC, earliest first):")
    for _, line, under in sorted(entries):
        print(line)
        print(under)
    return 0


def _named(name: str) -> Path:
    """The packaged lesson called ``name``, or the one lesson whose name begins with it
    (LessonError naming the lessons that begin with it when there are several, or every
    lesson when none does)."""
    files = lesson_files([lessons_dir()])
    if any(p.stem == name for p in files):
        return find_lesson(name)
    begin = [p for p in files if p.stem.lower().startswith(name.lower())]
    if len(begin) == 1:
        return begin[0]
    if len(begin) > 1:
        raise LessonError(f"{len(begin)} lessons begin with {name!r}: "
                          f"{', '.join(sorted(p.stem for p in begin))}; give more of the name")
    return find_lesson(name)  # refused, naming every lesson


def _is_path(lesson: str) -> bool:
    """Whether ``lesson show``'s argument is a file rather than a packaged lesson's name."""
    return lesson.endswith(".yaml") or "/" in lesson or os.sep in lesson


def _show(args: argparse.Namespace) -> int:
    """Print a lesson's steps, read by the lesson kit of its game: a file, or a packaged
    lesson by name (a name no lesson has is refused, naming the lessons)."""
    try:
        target = Path(args.lesson) if _is_path(args.lesson) else _named(args.lesson)
        kit = kit_for(target)
        if kit.show is None:
            raise ValueError("its game has no way to print a lesson")
        for line in kit.show(target):
            print(line)
    except ValueError as exc:  # a refused file, position or step, in plain words
        print(f"cannot open the lesson: {exc}", file=sys.stderr)
        return 1
    return 0


def add_lesson_parser(subparsers: argparse._SubParsersAction) -> None:
    """Register ``hellenes lesson check|list|show``."""
    lesson = subparsers.add_parser("lesson", help="check, list or print historical lessons")
    sub = lesson.add_subparsers(dest="lesson_command", required=True)
    check = sub.add_parser("check", help="validate lesson files; non-zero exit on a problem")
    check.add_argument("paths", nargs="*",
                       help="lesson files or folders of them (default: the packaged lessons)")
    check.add_argument("--seeds", type=int_between(0, MAX_SEEDS), default=0, metavar="N",
                       help="also replay each lesson with seeds 1..N instead of its own: a step "
                            f"that then fails relies on luck, not on its hands and dice (N at "
                            f"most {MAX_SEEDS})")
    check.set_defaults(func=_check)
    listing = sub.add_parser("list", help="list the packaged lessons in date order, with "
                             "their length and notebook")
    listing.set_defaults(func=_list)
    show = sub.add_parser("show", help="print a lesson's steps and engine log as text")
    show.add_argument("lesson", help="a packaged lesson's name or the start of it (pylos), or "
                      "a .yaml file")
    show.set_defaults(func=_show)
