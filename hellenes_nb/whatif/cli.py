"""``hellenes whatif``: the What-if lab on the command line (docs/whatif.md).

    hellenes whatif --lesson sicilian-expedition-415-413 --games 400 --json
"""

from __future__ import annotations

import argparse
import json
import sys

from hellenes_nb.cliargs import int_between, seed_value
from hellenes_nb.whatif.lab import MAX_GAMES, WhatIf

__all__ = ["add_whatif_parser"]


def _cmd(args: argparse.Namespace) -> int:
    if (args.lesson is None) == (args.from_save is None):
        print("hellenes whatif: give --lesson NAME or --from-save FILE (one of them)",
              file=sys.stderr)
        return 2
    try:
        lab = WhatIf(args.lesson, args.decision, save=args.from_save, games=args.games,
                     seed=args.seed, levels=args.levels, horizon=args.horizon,
                     workers=args.workers, cluster=args.cluster, use_cache=not args.no_cache)
        res = lab.run(progress=not args.no_progress)
    except ValueError as exc:  # WhatIfError, a cluster that does not answer
        print(f"hellenes whatif: {exc}", file=sys.stderr)
        return 2
    if args.parquet:
        try:
            res.to_parquet(args.parquet)
        except OSError as exc:
            print(f"hellenes whatif: cannot write {args.parquet}: {exc}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(res.to_json(), indent=2, ensure_ascii=False))
        return 0
    print(res.start.title)
    for e in res.summary:
        mark = " (historical)" if e["historical"] else ""
        outs = ", ".join(f"{w} {o['count']} ({100 * o['wilson95'][0]:.0f}–"
                         f"{100 * o['wilson95'][1]:.0f} %)" for w, o in e["outcomes"].items())
        print(f"  {e['id']}{mark}: {e['games']} games: {outs}")
    print(res.sentence)
    return 0


def add_whatif_parser(subparsers: argparse._SubParsersAction) -> None:
    """Register ``hellenes whatif``."""
    p = subparsers.add_parser("whatif", help="play many continuations after each choice of a "
                                             "lesson's decision point and compare the outcomes")
    p.add_argument("--lesson", metavar="NAME", help="the lesson (hellenes lesson list)")
    p.add_argument("--decision", metavar="STEP", help="the decision's step number or id "
                   "(default: the lesson's first decision point)")
    p.add_argument("--from-save", metavar="FILE", help="start from a saved game instead: the "
                   "alternatives are the legal actions of the side to decide (at most 6)")
    p.add_argument("--games", type=int_between(1, MAX_GAMES), default=100,
                   help="continuations after each alternative (default 100)")
    p.add_argument("--seed", type=seed_value, default=1, help="base seed (default 1)")
    p.add_argument("--levels", default="normal,normal", metavar="A,B",
                   help="computer level of each side, in the game's order of sides "
                        "(easy, normal, hard; default normal,normal)")
    p.add_argument("--horizon", default="end", help="where to stop: end (default), season, "
                   "year (or the game's turn word), or a number of turns")
    p.add_argument("--workers", type=int_between(1, 1024), default=None,
                   help="local worker processes (default: every core)")
    p.add_argument("--cluster", metavar="ADDRESS", default=None,
                   help="play on a Dask distributed cluster (tcp://HOST:8786)")
    p.add_argument("--parquet", metavar="FILE", help="also write the table, one row per game")
    p.add_argument("--no-cache", action="store_true", help="play again even if cached")
    p.add_argument("--no-progress", action="store_true", help="hide the progress bar")
    p.add_argument("--json", action="store_true", help="print one JSON summary")
    p.set_defaults(func=_cmd)
