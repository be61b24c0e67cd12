"""The ``hellenes`` command line.

Every subcommand listed here works; each lives in the module that owns the feature and registers
itself through an ``add_*_parser(subparsers)`` function.
"""

from __future__ import annotations

import argparse
import sys

from hellenes_nb.bots.cli import add_match_parser
from hellenes_nb.cliargs import existing_folder, int_between
from hellenes_nb.core.words import count
from hellenes_nb.games.earth_water import world as ew_world
from hellenes_nb.games.earth_water.render import scenario_svg
from hellenes_nb.games.hellenes.odds.cli import add_odds_parser
from hellenes_nb.games.hellenes.render.cli import add_map_parser, map_command, write_svg
from hellenes_nb.games.hellenes.world import DataError, check_world, read_world
from hellenes_nb.lessons.cli import add_lesson_parser
from hellenes_nb.selfplay import add_selfplay_parser
from hellenes_nb.tutorial.cli import add_tutorial_parser

TABLES = ("areas", "seas", "borders", "units", "cards")


def _data_check(args: argparse.Namespace) -> int:
    if args.game is None:  # the packaged data of every game; a folder holds one game's (Hellenes)
        games = ("hellenes",) if args.folder else ("hellenes", "earth-water")
        codes = [_data_check(argparse.Namespace(**{**vars(args), "game": g})) for g in games]
        return max(codes)
    if args.game == "earth-water":
        world = _checked(ew_world.read_world, ew_world.DataError, ew_world.check_world,
                         args.folder)
        if world is None:
            return 1
        print(f"data check passed (300: Earth & Water): {len(world.cities)} cities, "
              f"{len(world.roads)} roads, {len(world.cards)} cards")
        return 0
    world = _checked(read_world, DataError, check_world, args.folder)
    if world is None:
        return 1
    print(
        f"data check passed: {len(world.areas)} land areas, {len(world.seas)} seas, "
        f"{len(world.borders)} borders, {len(world.units)} units, {len(world.cards)} cards, "
        f"{len(world.scenarios)} scenarios"
    )
    return 0


def _checked(read, error: type[Exception], check, folder):
    """A game's data read and checked, or None once every problem is printed."""
    try:
        world = read(folder)
    except (error, FileNotFoundError) as exc:
        lines = str(exc).splitlines()
        print(f"data check failed: {count(len(lines), 'problem')} reading the files",
              file=sys.stderr)
        for line in lines:
            print(f"  {line}", file=sys.stderr)
        return None
    problems = check(world)
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        print(f"data check failed: {count(len(problems), 'problem')}", file=sys.stderr)
        return None
    return world


def _map(args: argparse.Namespace) -> int:
    """``hellenes map``: the board of the game whose scenario is named (Hellenes by default;
    ``--scenario earth-water``: the board of 300: Earth & Water at its start)."""
    if args.scenario == "earth-water":
        if args.size != "normal":
            print("hellenes map: --size classroom draws the Hellenes map only; the Earth & "
                  "Water board has one size", file=sys.stderr)
            return 2
        return write_svg(scenario_svg(width=args.width), args.svg)
    return map_command(args)


def _data_show(args: argparse.Namespace) -> int:
    import polars as pl

    try:
        world = read_world(args.folder)
    except (DataError, FileNotFoundError) as exc:
        print(f"cannot read the data: {exc}", file=sys.stderr)
        return 1
    frame = world.frames()[args.table]
    if args.csv:
        sys.stdout.write(frame.write_csv())
    else:
        with pl.Config(tbl_rows=args.rows, tbl_cols=-1, fmt_str_lengths=40, tbl_width_chars=160):
            print(frame.drop("source"))
    return 0


def _add_data_parser(sub: argparse._SubParsersAction) -> None:
    data = sub.add_parser("data", help="check or show the game's data files")
    dsub = data.add_subparsers(dest="data_command", required=True)
    check = dsub.add_parser("check", help="validate every data file; non-zero exit on a problem")
    check.add_argument("--folder", type=existing_folder,
                       help="data folder to check (default: the packaged data)")
    check.add_argument("--game", choices=("hellenes", "earth-water"), default=None,
                       help="whose data to check (default: every game's packaged data, or "
                            "Hellenes data in --folder)")
    check.set_defaults(func=_data_check)
    show = dsub.add_parser("show", help="print a data table")
    show.add_argument("table", choices=TABLES)
    show.add_argument("--rows", type=int_between(1, 100_000), default=40,
                      help="rows to print (default 40)")
    show.add_argument("--csv", action="store_true", help="write CSV instead of a table")
    show.add_argument("--folder", type=existing_folder,
                      help="data folder (default: the packaged data)")
    show.set_defaults(func=_data_show)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hellenes",
        description="Hellenes: Campaigns of the Peloponnesian War — data, maps and tools.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    _add_data_parser(sub)
    add_map_parser(sub).set_defaults(func=_map)
    add_selfplay_parser(sub)
    add_odds_parser(sub)
    add_lesson_parser(sub)
    add_match_parser(sub)
    add_tutorial_parser(sub)
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
