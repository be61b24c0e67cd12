"""``hellenes match``: a strength match between two bots (hellenes_nb.bots.match)."""

from __future__ import annotations

import argparse
import json
import sys

from hellenes_nb.bots.match import MAX_ITERATIONS, MAX_SECONDS, run_match
from hellenes_nb.bots.registry import all_bots
from hellenes_nb.bots.search import DEFAULT_ITERATIONS, DEFAULT_SECONDS
from hellenes_nb.cliargs import add_batch_options, capped_workers, float_between, int_between
from hellenes_nb.core.words import count


def format_summary(s: dict) -> str:
    """Plain-text lines for a match summary."""
    lo, hi = s["wilson95"]
    lines = [
        f"{s['a']} vs {s['b']}, scenario {s['scenario']}, {s['games']} games (sides alternated, "
        f"seeds {s['seed']}..{s['seed'] + s['games'] - 1}), {s['result_type']}",
        f"{s['a']}: {s['wins']} wins, {s['draws']} draws, {s['losses']} losses, "
        f"{s['unfinished']} unfinished, {s['crashes']} crashed; "
        f"win rate {100 * s['win_rate']:.1f} % "
        f"(Wilson 95 %: {100 * lo:.1f}–{100 * hi:.1f} %); "
        f"score {100 * s['score_rate']:.1f} % (a draw counted as half a win)",
    ]
    for side in (key.removeprefix("as_") for key in s if key.startswith("as_")):
        b = s[f"as_{side}"]
        lo, hi = b["wilson95"]
        lines.append(f"  as {side.title()}: {b['wins']}/{b['games']} wins, {b['draws']} draws, "
                     f"{b['losses']} losses ({100 * lo:.1f}–{100 * hi:.1f} %)")
    for r in s.get("results", []):
        if r["result"] == "crash":
            lines.append(f"  seed {r['seed']} crashed: {r['error']}")
    lines.append("  endings: " + ", ".join(f"{k} {v}" for k, v in s["how"].items()))
    lines.append(f"  {s['decisions_per_game']} decisions per game; {s['a']} "
                 f"{s['a_ms_per_decision_median_game']} ms per decision (median game), "
                 f"{s['a_ms_per_decision_median']} median and {s['a_ms_per_decision_p95']} p95 "
                 "over its decisions; "
                 f"{s['seconds']} s on {count(s['workers'], 'worker')}")
    return "\n".join(lines)


def _cmd(args: argparse.Namespace) -> int:
    try:
        summary = run_match(args.a, args.b, args.games, seed=args.seed, scenario=args.scenario,
                            workers=capped_workers(args.workers, args.games),
                            max_decisions=args.max_decisions,
                            progress=not args.no_progress,
                            budget={"iterations": args.iterations,
                                    "seconds": args.seconds or None})
    except ValueError as exc:  # a bot that does not play the scenario's game (BotError)
        print(f"hellenes match: {exc}", file=sys.stderr)
        return 2
    if not args.keep_games:
        summary["results"] = [r for r in summary["results"] if r["result"] == "crash"]
    print(json.dumps(summary, indent=2) if args.json else format_summary(summary))
    return 0


def add_match_parser(subparsers: argparse._SubParsersAction) -> None:
    """Register ``hellenes match``."""
    p = subparsers.add_parser("match", help="play two bots against each other, sides "
                                            "alternated, and report the win rate")
    # every bot of every game; one that does not play the scenario's game is refused in words
    names = sorted(all_bots())
    p.add_argument("--a", choices=names, default="heuristic", help="the bot measured "
                   "(default heuristic)")
    p.add_argument("--b", choices=names, default="random", help="its opponent (default random)")
    add_batch_options(p, games=200, seed=1)
    p.add_argument("--iterations", type=int_between(1, MAX_ITERATIONS),
                   default=DEFAULT_ITERATIONS,
                   help=f"rollouts a decision for a bot that thinks, the search (default "
                        f"{DEFAULT_ITERATIONS}, at most {MAX_ITERATIONS:,})")
    p.add_argument("--seconds", type=float_between(0, MAX_SECONDS), default=DEFAULT_SECONDS,
                   help=f"thinking time a decision for a bot that thinks (default "
                        f"{DEFAULT_SECONDS}, at most {MAX_SECONDS:g}; 0 for no time limit: "
                        "then --iterations alone bounds a decision and it replays exactly)")
    p.add_argument("--keep-games", action="store_true", help="include every game's summary")
    p.add_argument("--json", action="store_true", help="print one JSON summary")
    p.set_defaults(func=_cmd)
