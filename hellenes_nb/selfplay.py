"""Random self-play: full games from setup to a result, and a fuzzer for the rules engine
(``hellenes selfplay``).

Works for any registered game. A bot picks among the legal actions until the game is over.
Any exception is a crash; a state where the game is not over but nobody has a legal action is a
dead end; both are reported with the seed and the prompt so that the game can be replayed
exactly. With ``fuzz`` the game's own board invariants (the ``check_invariants`` of its
:class:`~hellenes_nb.core.catalog.GamePlugin`) are checked after every action;
with ``check_caches`` every decision is also taken a second time with the engine's remembered
answers set aside (:func:`cold_apply`), and both must agree.

Policies: ``uniform`` picks any legal action; ``brisk`` ends a phase (Hellenes: end of actions,
of a group move, of sorties, of fortifying) with probability 0.3 when it may, so games cover
more years for the same number of decisions.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Set
from functools import cache, partial
from typing import Any

from hellenes_nb.batch import play_all, scenario_ruleset, worker_count
from hellenes_nb.cliargs import add_batch_options, capped_workers
from hellenes_nb.core import remembered
from hellenes_nb.core.catalog import InvariantError, plugin_for, plugins
from hellenes_nb.core.game import Game, new_game

__all__ = ["InvariantError", "POLICIES", "cold_apply", "pick", "play_one", "run"]

POLICIES = ("uniform", "brisk")
BRISK_END = 0.3


@cache
def phase_ends() -> frozenset[str]:
    """The action types that end a phase in any registered game (``brisk``'s default; read
    once, from the catalogue)."""
    return frozenset().union(*(p.phase_ends for p in plugins()))


def pick(rng: random.Random, legal: list[dict], policy: str,
         ends: Set[str] | None = None) -> dict:
    """One legal action chosen by ``policy``; ``ends``: the action types ``brisk`` takes as
    the end of a phase (default: those of every registered game)."""
    if policy == "brisk":
        ends_now = [a for a in legal if a["type"] in (phase_ends() if ends is None else ends)]
        if ends_now and rng.random() < BRISK_END:
            return rng.choice(ends_now)
    return rng.choice(legal)


def cold_apply(game: Game, legal: list[dict], action: dict) -> Game:
    """A clone of ``game`` after ``action``, listed and applied with every table of remembered
    answers emptied (``rules.remembered``; the tables are put back afterwards). Raises
    :class:`InvariantError` if the legal actions differ from ``legal``: a stale remembered
    answer. Compare its state with ``game``'s after ``game`` applies ``action`` too."""
    cold = game.clone()
    with remembered.set_aside():
        if cold.legal_actions() != legal:
            raise InvariantError(f"the legal actions differ with the remembered answers set "
                                 f"aside ({game.prompt.kind}): a remembered answer is stale")
        cold.apply(action)
    return cold


def play_one(scenario: str, seed: int, *, max_decisions: int = 20000, policy: str = "uniform",
             fuzz: bool = False, check_caches: bool = False, **options: Any) -> dict[str, Any]:
    """Play one random game; returns its summary (seed, decisions, how it ended, and the
    game's facts of the last position). ``options`` go to the game's setup (Hellenes:
    ``world=``)."""
    rng = random.Random(seed)
    game: Game | None = None
    decisions = 0
    try:
        game = new_game(scenario, seed, **options)
        services = plugin_for(game.ruleset)
        check = services.check_invariants if fuzz else None
        while not game.over and decisions < max_decisions:
            legal = game.legal_actions()
            if not legal:
                return {"seed": seed, "decisions": decisions, "end": "dead_end",
                        "prompt": game.prompt.text, "kind": game.prompt.kind}
            before = len(game.log)
            action = pick(rng, legal, policy, services.phase_ends)
            cold = cold_apply(game, legal, action) if check_caches else None
            game.apply(action)
            decisions += 1
            if check is not None:
                check(game, since=before, dead_end=False)
            if cold is not None and (game.ruleset.save_state(cold.state)
                                     != game.ruleset.save_state(game.state)):
                raise InvariantError(f"the state after {action.get('label', action)!r} differs "
                                     "with the remembered answers set aside")
    except Exception as exc:  # noqa: BLE001 - a fuzzer reports every failure
        return {"seed": seed, "decisions": decisions, "end": "crash",
                "error": f"{type(exc).__name__}: {exc}",
                "where": traceback.format_exc(limit=4).splitlines()[-4:],
                "prompt": game.prompt.text if game is not None else ""}
    res = game.ruleset.result(game.state)
    out = {"seed": seed, "decisions": decisions, **services.selfplay_facts(game.state)}
    if res is not None:
        out.update(end="game_over", winner=res["winner"], how=res["how"], text=res["text"])
    else:
        out.update(end="decision_limit", prompt=game.prompt.text)
    return out


def run(scenario: str, games: int, seed: int, *, max_decisions: int = 20000,
        policy: str = "uniform", fuzz: bool = False, check_caches: bool = False,
        workers: int = 1, progress: bool = False, cluster: Any = None,
        **options: Any) -> dict[str, Any]:
    """Play ``games`` random games with seeds ``seed, seed+1, ...``; one JSON-ready summary
    with results by victory type and winner, decisions per game and the failures. ``options``
    go to the game's setup (Hellenes: ``world=``).

    ``workers`` > 1 plays the games in that many worker processes, never more than the games
    or the cores (the results are the same games, in seed order, as with one); ``progress``
    shows a progress bar on standard error; ``cluster`` (a Dask scheduler's address) plays them
    on that cluster instead, with the same results."""
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {', '.join(POLICIES)}, not {policy!r}")
    if not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number of at least 1, not {workers!r}")
    scenario_ruleset(scenario, **options)
    workers = worker_count(workers, games)
    if (workers > 1 or cluster is not None) and options:
        raise ValueError("workers > 1 plays the packaged world only (worker processes load it)")
    t0 = time.perf_counter()
    one = partial(play_one, scenario, max_decisions=max_decisions, policy=policy, fuzz=fuzz,
                  check_caches=check_caches, **options)
    results = play_all(one, range(seed, seed + games), workers=workers,
                       desc=f"{scenario} selfplay", progress=progress, cluster=cluster,
                       chunksize=max(1, min(50, games // (4 * workers))))
    seconds = time.perf_counter() - t0
    counts = [r["decisions"] for r in results]
    by_how: dict[str, dict[str, int]] = {}
    for r in results:
        if r["end"] == "game_over":
            row = by_how.setdefault(r["how"], {})
            who = r["winner"] or "nobody"
            row[who] = row.get(who, 0) + 1
    return {
        "scenario": scenario,
        "games": games,
        "seed": seed,
        "policy": policy,
        "fuzz": fuzz,
        "check_caches": check_caches,
        "results": results,
        "victories": by_how,
        "ends": dict(Counter(r["end"] for r in results)),
        "decisions": {"mean": round(sum(counts) / len(counts), 1) if counts else 0,
                      "min": min(counts, default=0), "max": max(counts, default=0)},
        "crashes": sum(1 for r in results if r["end"] == "crash"),
        "dead_ends": sum(1 for r in results if r["end"] == "dead_end"),
        "seconds": round(seconds, 3),
        "decisions_per_second": round(sum(counts) / seconds, 1) if seconds else None,
        "games_per_second": round(games / seconds, 3) if seconds else None,
    }


def _cmd(args: argparse.Namespace) -> int:
    try:
        summary = run(args.scenario, args.games, args.seed, max_decisions=args.max_decisions,
                      policy=args.policy, fuzz=args.fuzz, check_caches=args.check_caches,
                      workers=capped_workers(args.workers, args.games),
                      progress=not args.no_progress, cluster=args.cluster)
    except ValueError as exc:  # a cluster that does not answer
        print(f"hellenes selfplay: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        d = summary["decisions"]
        print(f"{summary['games']} games of {summary['scenario']} in {summary['seconds']} s "
              f"({summary['policy']}{', fuzz' if summary['fuzz'] else ''}"
              f"{', caches checked' if summary['check_caches'] else ''}): decisions mean "
              f"{d['mean']} (min {d['min']}, max {d['max']}), {summary['crashes']} crashes, "
              f"{summary['dead_ends']} dead ends")
        for how, row in sorted(summary["victories"].items()):
            print(f"  {how}: " + ", ".join(f"{w} {n}" for w, n in sorted(row.items())))
        for r in summary["results"]:
            if r["end"] in ("crash", "dead_end"):
                print(f"  seed {r['seed']}: {r['end']}: {r.get('error', r.get('prompt'))}",
                      file=sys.stderr)
    return 1 if summary["crashes"] or summary["dead_ends"] else 0


def add_selfplay_parser(subparsers: argparse._SubParsersAction) -> None:
    """Register ``hellenes selfplay``."""
    p = subparsers.add_parser("selfplay", help="play random games to test the rules engine")
    add_batch_options(p, games=10, seed=0)
    p.add_argument("--policy", choices=POLICIES, default="uniform",
                   help="how the random bot picks (default uniform)")
    p.add_argument("--fuzz", action="store_true",
                   help="check the board invariants after every action")
    p.add_argument("--check-caches", action="store_true",
                   help="take every decision a second time with the engine's remembered answers "
                        "set aside and check both agree (roughly doubles the time)")
    p.add_argument("--json", action="store_true", help="print one JSON summary")
    p.set_defaults(func=_cmd)
