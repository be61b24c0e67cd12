"""Strength match between two bots, sides alternated (same options as ``hellenes match``).

    .venv/bin/python scripts/match.py --a heuristic --b random --games 200 --seed 1 --scenario 431

Prints the win rate of bot A with a Wilson 95 % interval, draws, decisions per game and time.
"""

from __future__ import annotations

import argparse
import sys

from hellenes_nb.bots.cli import add_match_parser


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="match.py", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command")
    add_match_parser(sub)
    args = parser.parse_args(["match", *(sys.argv[1:] if argv is None else argv)])
    return args.func(args)


if __name__ == "__main__":
    raise SystemExit(main())
