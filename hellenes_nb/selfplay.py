"""Random self-play: a fuzzer for the rules engine (``hellenes selfplay``).

A bot picks uniformly among the legal actions until play stops. Any exception is a crash, a
decision with no legal action is a dead end; both are reported with the seed and the last
prompt so that the game can be replayed exactly.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from typing import Any

from .game import Game, new_game
from .world import World

NOTE = ("Winter (§9) and Year End (§9.5) come with engine II: each game stops at the start of "
        "Winter of its first year.")


def play_one(scenario: str, seed: int, *, world: World | None = None,
             max_decisions: int = 5000) -> dict[str, Any]:
    """Play one random game; returns its summary (seed, decisions, how it ended)."""
    rng = random.Random(seed)
    game: Game | None = None
    decisions = 0
    try:
        game = new_game(scenario, seed, world=world)
        while not game.over and decisions < max_decisions:
            legal = game.legal_actions()
            if not legal:
                return {"seed": seed, "decisions": decisions, "end": "dead_end",
                        "prompt": game.prompt.text}
            game.apply(rng.choice(legal))
            decisions += 1
    except Exception as exc:  # noqa: BLE001 - a fuzzer reports every failure
        return {"seed": seed, "decisions": decisions, "end": "crash",
                "error": f"{type(exc).__name__}: {exc}",
                "where": traceback.format_exc(limit=3).splitlines()[-3:],
                "prompt": game.prompt.text if game is not None else ""}
    st = game.state
    end = "stopped" if game.over else "decision_limit"
    return {"seed": seed, "decisions": decisions, "end": end, "year": st.year,
            "season": st.season, "prestige": st.prestige, "reason": game.prompt.text}


def run(scenario: str, games: int, seed: int, *, world: World | None = None,
        max_decisions: int = 5000) -> dict[str, Any]:
    """Play ``games`` random games with seeds ``seed, seed+1, ...``; one JSON-ready summary."""
    t0 = time.perf_counter()
    results = [play_one(scenario, seed + i, world=world, max_decisions=max_decisions)
               for i in range(games)]
    seconds = time.perf_counter() - t0
    counts = [r["decisions"] for r in results]
    return {
        "scenario": scenario,
        "games": games,
        "seed": seed,
        "results": results,
        "decisions": {"mean": sum(counts) / len(counts) if counts else 0,
                      "min": min(counts, default=0), "max": max(counts, default=0)},
        "crashes": sum(1 for r in results if r["end"] == "crash"),
        "dead_ends": sum(1 for r in results if r["end"] == "dead_end"),
        "seconds": round(seconds, 3),
        "decisions_per_second": round(sum(counts) / seconds, 1) if seconds else None,
        "note": NOTE,
    }


def _cmd(args: argparse.Namespace) -> int:
    summary = run(args.scenario, args.games, args.seed, max_decisions=args.max_decisions)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        d = summary["decisions"]
        print(f"{summary['games']} games of {summary['scenario']} in {summary['seconds']} s: "
              f"decisions mean {d['mean']:.1f} (min {d['min']}, max {d['max']}), "
              f"{summary['crashes']} crashes, {summary['dead_ends']} dead ends")
        print(summary["note"])
        for r in summary["results"]:
            if r["end"] in ("crash", "dead_end"):
                print(f"  seed {r['seed']}: {r['end']}: {r.get('error', r.get('prompt'))}",
                      file=sys.stderr)
    return 1 if summary["crashes"] or summary["dead_ends"] else 0


def add_selfplay_parser(subparsers: argparse._SubParsersAction) -> None:
    """Register ``hellenes selfplay``."""
    p = subparsers.add_parser("selfplay", help="play random games to test the rules engine")
    p.add_argument("--scenario", default="431", help="scenario id (default 431)")
    p.add_argument("--games", type=int, default=10, help="number of games (default 10)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    p.add_argument("--max-decisions", type=int, default=5000,
                   help="stop a game after this many decisions (default 5000)")
    p.add_argument("--json", action="store_true", help="print one JSON summary")
    p.set_defaults(func=_cmd)
