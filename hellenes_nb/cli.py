"""The ``hellenes`` command line.

Every subcommand listed here works; each lives in the module that owns the feature and registers
itself through an ``add_*_parser(subparsers)`` function.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from hellenes_nb.bots.cli import add_match_parser
from hellenes_nb.cliargs import existing_folder, float_between, int_between, scenario_id
from hellenes_nb.core.catalog import GamePlugin, home_plugin, plugin_for, plugins, ruleset_for
from hellenes_nb.core.models import FileError
from hellenes_nb.core.words import count
from hellenes_nb.lessons.cli import add_lesson_parser
from hellenes_nb.selfplay import add_selfplay_parser
from hellenes_nb.tutorial.cli import add_tutorial_parser
from hellenes_nb.whatif.cli import add_whatif_parser

#: ``hellenes map --size``: a projector's size draws names, symbols and borders larger
MAP_SIZES = ("normal", "classroom")


def _data_check(args: argparse.Namespace) -> int:
    """Every game's packaged data (a folder holds one game's: ``--game``, or the home game's)."""
    games = [p for p in plugins() if p.data_check is not None]
    if args.game is not None:
        games = [p for p in games if p.ruleset.name == args.game]
    elif args.folder:
        games = [p for p in games if p.home]
    return max((_check_game(p, args.folder) for p in games), default=0)


def _check_game(plugin: GamePlugin, folder: Path | None) -> int:
    """One game's data read and checked: 0, or 1 once every problem is printed."""
    try:
        summary, problems = plugin.data_check(folder)
    except (FileError, FileNotFoundError) as exc:
        lines = str(exc).splitlines()
        print(f"data check failed: {count(len(lines), 'problem')} reading the files",
              file=sys.stderr)
        for line in lines:
            print(f"  {line}", file=sys.stderr)
        return 1
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"data check failed: {count(len(problems), 'problem')}", file=sys.stderr)
        return 1
    whose = "" if plugin.home else f" ({plugin.ruleset.title})"
    print(f"data check passed{whose}: {summary}")
    return 0


def _map(args: argparse.Namespace) -> int:
    """``hellenes map``: the board of the game whose scenario is named (the home game's map
    when none is)."""
    plugin = home_plugin() if args.scenario is None else plugin_for(ruleset_for(args.scenario))
    try:
        if plugin is None or plugin.draw_map is None:
            raise ValueError("this game has no map to draw")
        svg = plugin.draw_map(args.scenario, args.width, args.size)
    except (ValueError, FileNotFoundError) as exc:
        print(f"hellenes map: {exc}", file=sys.stderr)
        return 2
    return write_svg(svg, args.svg)


def write_svg(svg: str, path: Path | None) -> int:
    """Write ``svg`` to ``path`` (standard output when None); 0, or 2 with a plain message."""
    if path is None:
        sys.stdout.write(svg + "\n")
        return 0
    try:
        path.write_text(svg + "\n", encoding="utf-8")
    except OSError as exc:
        print(f"hellenes map: cannot write {path}: {exc.strerror}", file=sys.stderr)
        return 2
    print(f"wrote {path} ({len(svg) // 1024} KB)")
    return 0


def _add_map_parser(sub: argparse._SubParsersAction) -> None:
    """``hellenes map --scenario 431 --svg out.svg``."""
    p = sub.add_parser(
        "map", help="draw a game's map or board as a standalone SVG file",
        description="Draw a game's board as a standalone SVG: with no scenario the Hellenes "
        "map (cities, ports, seas, the Sicily inset); with --scenario, that scenario's game "
        "and starting forces (--scenario earth-water: the board of 300: Earth & Water).")
    p.add_argument("--scenario", type=scenario_id,
                   help="scenario id whose setup to show, e.g. 431")
    p.add_argument("--svg", type=Path,
                   help="file to write (default: print the SVG to standard output)")
    p.add_argument("--width", type=float_between(50, 20_000), default=1400,
                   help="drawn width in pixels, 50 to 20000 (default 1400)")
    p.add_argument("--size", choices=MAP_SIZES, default="normal",
                   help="'classroom' for a projector: larger names, symbols and legend, "
                   "thicker borders (the Hellenes map; default normal)")
    p.set_defaults(func=_map)


def _data_show(args: argparse.Namespace) -> int:
    import polars as pl

    plugin = home_plugin()
    try:
        if plugin is None or plugin.read_tables is None:
            raise FileNotFoundError("no game has tables to show")
        frame = plugin.read_tables(args.folder)[args.table]
    except (FileError, FileNotFoundError) as exc:
        print(f"cannot read the data: {exc}", file=sys.stderr)
        return 1
    if args.csv:
        sys.stdout.write(frame.write_csv())
    else:
        with pl.Config(tbl_rows=args.rows, tbl_cols=-1, fmt_str_lengths=40, tbl_width_chars=160):
            print(frame.drop("source"))
    return 0


def _add_data_parser(sub: argparse._SubParsersAction) -> None:
    data = sub.add_parser("data", help="check or show the games' data files")
    dsub = data.add_subparsers(dest="data_command", required=True)
    check = dsub.add_parser("check", help="validate every data file; non-zero exit on a problem")
    check.add_argument("--folder", type=existing_folder,
                       help="data folder to check (default: the packaged data)")
    check.add_argument("--game", choices=[p.ruleset.name for p in plugins() if p.data_check],
                       default=None,
                       help="whose data to check (default: every game's packaged data, or "
                            "Hellenes data in --folder)")
    check.set_defaults(func=_data_check)
    show = dsub.add_parser("show", help="print a data table")
    home = home_plugin()
    show.add_argument("table", choices=home.data_tables if home else ())
    show.add_argument("--rows", type=int_between(1, 100_000), default=40,
                      help="rows to print (default 40)")
    show.add_argument("--csv", action="store_true", help="write CSV instead of a table")
    show.add_argument("--folder", type=existing_folder,
                      help="data folder (default: the packaged data)")
    show.set_defaults(func=_data_show)


def _version() -> str:
    """``hellenes --version``: the installed package's version."""
    try:
        return f"hellenes-nb {version('hellenes-nb')}"
    except PackageNotFoundError:  # the sources run without an install
        return "hellenes-nb (version unknown: the package is not installed)"


def _games() -> str:
    """Every registered game with its scenario ids, for ``--help`` (from the catalogue)."""
    lines = ["games (each one's scenario ids, for --scenario):"]
    for plugin in plugins():
        rs = plugin.ruleset
        lines.append(f"  {rs.title}: {', '.join(rs.scenarios)}")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hellenes",
        description=textwrap.fill(
            "Board wargames of ancient Greece for the classroom: check and show the games' "
            "data, draw their maps, work out battle odds, check and print the lessons and the "
            "rules tutorial, and play computer opponents against each other.", 78),
        epilog=_games(), formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", required=True)
    _add_data_parser(sub)
    _add_map_parser(sub)
    add_selfplay_parser(sub)
    for plugin in plugins():  # each game's own subcommands (Hellenes: odds)
        if plugin.add_commands is not None:
            plugin.add_commands(sub)
    add_lesson_parser(sub)
    add_match_parser(sub)
    add_tutorial_parser(sub)
    add_whatif_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:  # output piped into a pager or `head` that closed early
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
