"""``hellenes lesson``: check lesson files, list the packaged lessons, print one as text."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from hellenes_nb.cliargs import int_between
from hellenes_nb.core.models import FileError
from hellenes_nb.core.words import count
from hellenes_nb.lessons.check import check_paths, find_lesson, kit_for, lesson_files
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


def _list(args: argparse.Namespace) -> int:
    for path in lesson_files([lessons_dir()]):
        try:
            kit = kit_for(path)  # the lesson kit of the file's game (core/catalog.py)
            if kit.listing is None:
                continue
            line = kit.listing(path)
        except ValueError as exc:  # every lesson refusal is one, in plain words
            print(f"{path.stem}: cannot be opened ({exc})", file=sys.stderr)
            continue
        print(f"{path.stem}: {line}")
    return 0


def _is_path(lesson: str) -> bool:
    """Whether ``lesson show``'s argument is a file rather than a packaged lesson's name."""
    return lesson.endswith(".yaml") or "/" in lesson or os.sep in lesson


def _show(args: argparse.Namespace) -> int:
    """Print a lesson's steps, read by the lesson kit of its game: a file, or a packaged
    lesson by name (a name no lesson has is refused, naming the lessons)."""
    try:
        target = Path(args.lesson) if _is_path(args.lesson) else find_lesson(args.lesson)
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
    listing = sub.add_parser("list", help="list the packaged lessons")
    listing.set_defaults(func=_list)
    show = sub.add_parser("show", help="print a lesson's steps and engine log as text")
    show.add_argument("lesson", help="a packaged lesson name or a .yaml file")
    show.set_defaults(func=_show)
