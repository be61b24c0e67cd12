"""``hellenes tutorial``: check the task files (with the rule coverage), list the chapters,
print or update the coverage table of docs/tutorial.md."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from hellenes_nb.core.catalog import tutorial_games, tutorial_kit
from hellenes_nb.core.words import count
from hellenes_nb.tutorial.catalog import tutorial_dir
from hellenes_nb.tutorial.check import Checked, check_paths
from hellenes_nb.tutorial.sections import NO_TASK, applied, coverage, coverage_markdown

__all__ = ["add_tutorial_parser", "coverage_doc", "update_doc"]

START, END = "<!-- coverage:start -->", "<!-- coverage:end -->"
#: the largest file ``coverage --update`` rewrites (docs/tutorial.md is about 12 KB)
MAX_DOC_BYTES = 1_000_000


def _gaps(done: Checked, game: str = "") -> tuple[list[str], list[str]]:
    """(applied sections no task teaches, worked examples no task plays) of one game."""
    kit = tutorial_kit(game)
    mine = [t for c in done.chapters if c.game == game for t in c.tasks]
    table = coverage([(r, t.id) for t in mine for r in t.rules], kit)
    missing = [s for s in applied(kit) if not table[s]]
    played = {t.example for t in mine}
    return missing, [e for e in kit.examples if e not in played]


def default_paths() -> list[str]:
    """The packaged tutorial: the home game's chapters and every other game's sub-folder."""
    root = tutorial_dir()
    subs = [root / kit.folder for _name, kit in tutorial_games() if kit.folder]
    return [str(root)] + [str(p) for p in subs if p.is_dir()]


def _games(done: Checked) -> list[str]:
    """The games the checked chapters teach, the home game ("") first."""
    names = {c.game for c in done.chapters}
    return sorted(names, key=lambda g: (g != "", g))


def _check(args: argparse.Namespace) -> int:
    paths = args.paths or default_paths()
    done = check_paths(paths)
    if not done.files:
        print(f"tutorial check failed: no chapter files (*.yaml) under {' '.join(paths)}",
              file=sys.stderr)
        return 1
    for p in done.problems:
        print(p, file=sys.stderr)
    incomplete = False
    for game in _games(done):
        kit = tutorial_kit(game)
        missing, examples = _gaps(done, game)
        rules, every = applied(kit), kit.examples
        no_task = len(kit.no_task) if kit.sections else len(NO_TASK)
        tasks = sum(len(c.tasks) for c in done.chapters if c.game == game)
        print(f"{game or 'home game'} ({count(tasks, 'task')}): coverage: "
              f"{len(rules) - len(missing)} of {len(rules)} rule sections taught "
              f"({count(no_task, 'heading')} without a task of its own); worked examples: "
              f"{len(every) - len(examples)} of {len(every)}")
        if missing:
            print("  not yet taught: " + ", ".join(f"§{s}" for s in missing))
        if examples:
            print("  examples not yet played: " + ", ".join(examples))
        incomplete = incomplete or bool(missing or examples)
    failed = bool(done.problems) or (args.complete and incomplete)
    tasks = len(done.tasks)
    if failed:
        print(f"tutorial check failed: {count(len(done.problems), 'problem')} in "
              f"{count(len(done.files), 'file')}"
              + (", coverage incomplete" if incomplete else ""), file=sys.stderr)
        return 1
    print(f"tutorial check passed: {count(tasks, 'task')} in "
          f"{count(len(done.files), 'chapter file')}")
    return 0


def _doc_text(doc: Path) -> str:
    """The text of a Markdown file with one coverage block (ValueError in plain words)."""
    if not doc.exists():
        raise ValueError(f"the file {str(doc)!r} does not exist")
    if not doc.is_file():
        raise ValueError(f"{str(doc)!r} is not a file (give the Markdown file to update, "
                         "such as docs/tutorial.md)")
    if doc.stat().st_size > MAX_DOC_BYTES:
        raise ValueError(f"{str(doc)!r} is larger than {MAX_DOC_BYTES:,} bytes; it is not a "
                         "documentation page")
    try:
        text = doc.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{str(doc)!r} is not UTF-8 text") from None
    except OSError as exc:
        raise ValueError(f"{str(doc)!r} cannot be read ({exc.strerror or exc})") from None
    starts, ends = text.count(START), text.count(END)
    if starts != 1 or ends != 1:
        raise ValueError(f"{str(doc)!r} needs exactly one line {START} and one line {END} "
                         f"around the table to replace (it has {count(starts, 'start marker')}"
                         f" and {count(ends, 'end marker')})")
    if text.index(START) > text.index(END):
        raise ValueError(f"{str(doc)!r} has its line {END} before its line {START}")
    return text


def coverage_doc(value: str) -> Path:
    """An argparse type: the file ``--update`` writes, checked before any work starts."""
    try:
        _doc_text(Path(value))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return Path(value)


def update_doc(doc: Path, table: str) -> bool:
    """Put ``table`` between the coverage markers of ``doc``; True when the file changed
    (ValueError in plain words when ``doc`` is not a file with one coverage block; OSError
    when it cannot be written)."""
    text = _doc_text(doc)
    head, _, rest = text.partition(START)
    _, _, tail = rest.partition(END)
    new = f"{head}{START}\n{table}\n{END}{tail}"
    if new == text:
        return False
    doc.write_text(new, encoding="utf-8")
    return True


def _coverage(args: argparse.Namespace) -> int:
    done = check_paths([str(tutorial_dir())])  # the home game's table (docs/tutorial.md)
    table = coverage_markdown(coverage(done.taught))
    if args.update:
        try:
            changed = update_doc(args.update, table)
        except (OSError, ValueError) as exc:
            why = exc if isinstance(exc, ValueError) else exc.strerror or exc
            print(f"hellenes tutorial coverage: cannot update {args.update}: {why}",
                  file=sys.stderr)
            return 1
        print(f"{args.update}: coverage table {'updated' if changed else 'already current'}")
    else:
        print(table)
    return 0


def _list(_args: argparse.Namespace) -> int:
    done = check_paths(default_paths())
    for c in done.chapters:
        print(f"chapter {c.chapter} ({c.id}): {c.title}")
        for t in c.tasks:
            what = f"worked example: {t.example}" if t.example else "task"
            print(f"  {t.id}: {t.title} [{what}; §{', §'.join(t.rules)}]")
    return 0


def add_tutorial_parser(subparsers: argparse._SubParsersAction) -> None:
    """Register ``hellenes tutorial check|list|coverage``."""
    tut = subparsers.add_parser("tutorial", help="check or list the rules tutorial's tasks")
    sub = tut.add_subparsers(dest="tutorial_command", required=True)
    check = sub.add_parser("check", help="validate task files and print the rule coverage; "
                                         "non-zero exit on a problem")
    check.add_argument("paths", nargs="*",
                       help="chapter files or folders of them (default: the packaged tutorial)")
    check.add_argument("--complete", action="store_true",
                       help="also fail when a rule section or a worked example is not taught")
    check.set_defaults(func=_check)
    listing = sub.add_parser("list", help="list the chapters and their tasks")
    listing.set_defaults(func=_list)
    cov = sub.add_parser("coverage", help="print the coverage table (Markdown)")
    cov.add_argument("--update", metavar="FILE", type=coverage_doc,
                     help="write it between the coverage markers of FILE (docs/tutorial.md)")
    cov.set_defaults(func=_coverage)
