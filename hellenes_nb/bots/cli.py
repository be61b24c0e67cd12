"""``hellenes match``: a strength match between two bots (hellenes_nb.bots.match)."""

from __future__ import annotations

import argparse
import json
import sys

from hellenes_nb.batch import scenario_ruleset
from hellenes_nb.bots.levels import LEVELS, level_bots
from hellenes_nb.bots.match import MAX_ITERATIONS, MAX_SECONDS, run_match
from hellenes_nb.bots.registry import all_bots
from hellenes_nb.bots.search import DEFAULT_ITERATIONS, DEFAULT_SECONDS
from hellenes_nb.cliargs import add_batch_options, capped_workers, float_between, int_between
from hellenes_nb.core.words import count


def _who(s: dict, key: str) -> str:
    """A bot as the summary names it: ``hard (search)`` when asked by its level."""
    level = s.get(f"{key}_level")
    return f"{level} ({s[key]})" if level else s[key]


def format_summary(s: dict) -> str:
    """Plain-text lines for a match summary, every figure with its unit (games, %, ms,
    seconds)."""
    lo, hi = s["wilson95"]
    a = _who(s, "a")
    lines = [
        f"{a} vs {_who(s, 'b')}, scenario {s['scenario']}, {count(s['games'], 'game')} (sides "
        f"alternated, seeds {s['seed']}..{s['seed'] + s['games'] - 1}), {s['result_type']}",
        f"{a}: {count(s['wins'], 'game')} won, {s['draws']} drawn, {s['losses']} lost, "
        f"{s['unfinished']} unfinished, {s['crashes']} crashed; "
        f"win rate {100 * s['win_rate']:.1f} % "
        f"(Wilson 95 %: {100 * lo:.1f}–{100 * hi:.1f} %); "
        f"score {100 * s['score_rate']:.1f} % (a draw counted as half a win)",
    ]
    for side in (key.removeprefix("as_") for key in s if key.startswith("as_")):
        b = s[f"as_{side}"]
        lo, hi = b["wilson95"]
        games = f"{b['games']} game" + ("" if b["games"] == 1 else "s")
        lines.append(f"  as {side.title()}: {b['wins']} of {games} won, "
                     f"{b['draws']} drawn, {b['losses']} lost (win rate Wilson 95 %: "
                     f"{100 * lo:.1f}–{100 * hi:.1f} %)")
    for r in s.get("results", []):
        if r["result"] == "crash":
            lines.append(f"  seed {r['seed']} crashed: {r['error']}")
    lines.append("  endings: " + ", ".join(f"{k} {count(v, 'game')}"
                                           for k, v in s["how"].items()))
    lines.append(f"  {s['decisions_per_game']} decisions per game; {a} thinks "
                 f"{s['a_ms_per_decision_median_game']} ms a decision (median game), "
                 f"{s['a_ms_per_decision_median']} ms median and "
                 f"{s['a_ms_per_decision_p95']} ms p95 over its decisions; "
                 f"{s['seconds']} seconds in all on {count(s['workers'], 'worker')}")
    return "\n".join(lines)


def _bot_of(name: str, scenario: str) -> tuple[str, str | None]:
    """A ``--a`` or ``--b`` value as (the bot's name, the level asked for or None): a level of
    the notebooks (easy, normal, hard) is the bot behind it in the scenario's game."""
    if name not in LEVELS:
        return name, None
    return level_bots(scenario_ruleset(scenario))[name], name


def _cmd(args: argparse.Namespace) -> int:
    levels = {}
    for key in ("a", "b"):
        name, level = _bot_of(getattr(args, key), args.scenario)
        setattr(args, key, name)
        if level is not None:
            levels[f"{key}_level"] = level
    try:
        summary = run_match(args.a, args.b, args.games, seed=args.seed, scenario=args.scenario,
                            workers=capped_workers(args.workers, args.games),
                            max_decisions=args.max_decisions,
                            progress=not args.no_progress,
                            budget={"iterations": args.iterations,
                                    "seconds": args.seconds or None},
                            cluster=args.cluster)
    except ValueError as exc:  # a bot not of the scenario's game (BotError), a silent cluster
        print(f"hellenes match: {exc}", file=sys.stderr)
        return 2
    summary.update(levels)
    if not args.keep_games:
        summary["results"] = [r for r in summary["results"] if r["result"] == "crash"]
    print(json.dumps(summary, indent=2) if args.json else format_summary(summary))
    return 0


def add_match_parser(subparsers: argparse._SubParsersAction) -> None:
    """Register ``hellenes match``."""
    p = subparsers.add_parser("match", help="play two bots against each other, sides "
                                            "alternated, and report the win rate")
    # the notebooks' levels, and every bot of every game by name (one that does not play the
    # scenario's game is refused in words)
    names = [*LEVELS, *sorted(set(all_bots()) - set(LEVELS))]
    p.add_argument("--a", choices=names, default="heuristic", metavar="BOT",
                   help="the bot measured: a level of the notebooks (easy, normal, hard: the "
                   "bot behind it in the scenario's game) or a bot by name "
                   f"({', '.join(n for n in names if n not in LEVELS)}); default heuristic")
    p.add_argument("--b", choices=names, default="random", metavar="BOT",
                   help="its opponent, the same way (default random)")
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
