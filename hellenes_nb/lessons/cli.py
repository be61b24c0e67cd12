"""``hellenes lesson``: check lesson files, list the packaged lessons, print one as text."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from hellenes_nb.cliargs import int_between
from hellenes_nb.core.models import FileError
from hellenes_nb.core.words import count
from hellenes_nb.games.earth_water.lesson import is_ew_lesson
from hellenes_nb.games.earth_water.lesson import read_lesson as read_ew_lesson
from hellenes_nb.lessons.check import check_paths, lesson_files
from hellenes_nb.lessons.markup import to_text
from hellenes_nb.lessons.runner import Lesson, lessons_dir
from hellenes_nb.lessons.sources import load_passages

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
            if is_ew_lesson(path):  # 300: Earth & Water (games/earth_water/lesson.py)
                ew = read_ew_lesson(path)
                print(f"{path.stem}: {ew.title} (300: Earth & Water, {len(ew.steps)} steps)")
                continue
            lesson = Lesson(path)
        except ValueError as exc:  # every lesson refusal is one, in plain words
            print(f"{path.stem}: cannot be opened ({exc})", file=sys.stderr)
            continue
        print(f"{path.stem}: {lesson.spec.title} ({lesson.spec.period}, "
              f"{len(lesson.steps)} steps, {lesson.spec.time})")
    return 0


def _show_ew(path: Path) -> int:
    """Print a lesson of 300: Earth & Water (its steps' text; the notebook plays them)."""
    try:
        ew = read_ew_lesson(path)
    except FileError as exc:
        print(f"cannot open the lesson: {exc}", file=sys.stderr)
        return 1
    print(f"# {ew.title} (300: Earth & Water)\n")
    print(ew.introduction.strip())
    for n, step in enumerate(ew.steps, 1):
        print(f"\n## {n} / {len(ew.steps)}: {step.title}\n")
        print(step.text.strip())
        print("\nSources: " + ", ".join(step.sources))
        if step.question:
            print(f"Question: {step.question.strip()}")
        if step.decision:
            print(f"Decision for {step.decision.side.title()}: {step.decision.prompt.strip()}")
            for o in step.decision.options:
                print(f"- {o.id}: {o.label}" + (" (historical)" if o.historical else ""))
    print(f"\n{ew.summary.strip()}")
    return 0


def _is_path(lesson: str) -> bool:
    """Whether ``lesson show``'s argument is a file rather than a packaged lesson's name."""
    return lesson.endswith(".yaml") or "/" in lesson or os.sep in lesson


def _show(args: argparse.Namespace) -> int:
    if _is_path(args.lesson):
        path = Path(args.lesson)
        ew = path if is_ew_lesson(path) else None
    else:
        path = None
        ew = next((p for p in lesson_files([lessons_dir()])
                   if p.stem == args.lesson and is_ew_lesson(p)), None)
    if ew is not None:  # a lesson of 300: Earth & Water, read in its own format
        return _show_ew(ew)
    try:
        lesson = Lesson(path or args.lesson)
        load_passages()  # the paraphrases it cites: a broken file is one problem, not a traceback
        _print_lesson(lesson)
    except ValueError as exc:  # a refused file, position or step, in plain words
        print(f"cannot open the lesson: {exc}", file=sys.stderr)
        return 1
    return 0


def _print_lesson(lesson: Lesson) -> None:
    """Print every step of a Hellenes lesson with what the engine did (ValueError, in plain
    words, at a step that cannot be played)."""
    print(f"# {lesson.spec.title} ({lesson.spec.period})\n")
    print(to_text(lesson.spec.introduction))
    while True:
        step = lesson.step
        print(f"\n## {lesson.progress}: {step.title}\n")
        print(to_text(step.narrative))
        cites = ", ".join(c["label"] for c in lesson.citations())
        if cites:
            print(f"\nSources: {cites}")
        if step.rules:
            print("Rules: " + ", ".join(f"§{r}" for r in step.rules))
        for text in lesson.view()["events"]:
            print(f"  - {text}")
        if lesson.at_end:
            break
        lesson.next()


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
