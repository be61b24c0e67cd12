"""Random self-play: full games from setup to a result, and a fuzzer for the rules engine
(``hellenes selfplay``).

A bot picks among the legal actions until the game is over. Any exception is a crash; a state
where the game is not over but nobody has a legal action is a dead end; both are reported with
the seed and the prompt so that the game can be replayed exactly. With ``fuzz`` the board
invariants of :func:`check_invariants` are checked after every action; with ``check_caches``
every decision is also taken a second time with the engine's remembered answers set aside
(:func:`cold_apply`), and both must agree.

Policies: ``uniform`` picks any legal action; ``brisk`` ends a phase (end of actions, of a group
move, of sorties, of fortifying) with probability 0.3 when it may, so games cover more years
for the same number of decisions.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Any

from tqdm import tqdm

from hellenes_nb.cliargs import add_batch_options, capped_workers, worker_count
from hellenes_nb.core import remembered
from hellenes_nb.core.game import Game
from hellenes_nb.games.hellenes.eventlog import REDACTED
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules import year_end
from hellenes_nb.games.hellenes.state import ASIDE, OUT, POOL
from hellenes_nb.games.hellenes.view import view
from hellenes_nb.games.hellenes.world import World, load_world
from hellenes_nb.games.registry import new_game

POLICIES = ("uniform", "brisk")
ENDINGS = frozenset({"end_actions", "end_group", "end_winter_actions", "sortie_done",
                     "fortify_done"})
BRISK_END = 0.3


class InvariantError(AssertionError):
    """A board invariant does not hold (the message names it)."""


def pick(rng: random.Random, legal: list[dict], policy: str) -> dict:
    """One legal action chosen by ``policy``."""
    if policy == "brisk":
        ends = [a for a in legal if a["type"] in ENDINGS]
        if ends and rng.random() < BRISK_END:
            return rng.choice(ends)
    return rng.choice(legal)


def check_invariants(game: Game, since: int = 0, dead_end: bool = True) -> None:
    """Raise :class:`InvariantError` unless the board is consistent: every unit in exactly one
    valid place, cv within bounds, cities within capacity, every card in exactly one pile, carried
    units with their fleets and never more land units at sea than fleets there, hidden blocks
    redacted in each side's view (log events from index ``since`` on), and, with ``dead_end``,
    a decision to take unless the game is over."""
    st = game.state
    ix = st.ix
    sc = ix.world.scenarios[st.scenario]
    inside: Counter[tuple[int, int]] = Counter()
    for u in range(120):
        loc, cv = st.loc[u], st.cv[u]
        key = ix.unit_key[u]
        if not ix.exists[u] or not sc.uses_unit(ix.unit_number[u]):
            if loc != OUT:
                raise InvariantError(f"{key} is not in this scenario but stands at {loc}")
            continue
        if loc not in (POOL, ASIDE) and not 0 <= loc < ix.n_places:
            raise InvariantError(f"{key} has no valid place ({loc})")
        if loc >= 0 and not 1 <= cv <= max(ix.max_cv[u], 4):
            raise InvariantError(f"{key} on the map has cv {cv}")
        if loc < 0 and (cv != 0 or st.inside[u]):
            raise InvariantError(f"{key} off the map keeps cv {cv} or 'inside'")
        if loc >= 0 and ix.is_fleet[u] and loc < ix.n_land and not ix.is_coastal(loc):
            raise InvariantError(f"fleet {key} stands inland in {ix.place_ids[loc]}")
        if loc >= 0 and st.inside[u]:
            if loc >= ix.n_land or not ix.has_city[loc]:
                raise InvariantError(f"{key} is 'inside' in {ix.place_ids[loc]}, which has no "
                                     "city")
            inside[(loc, u // 60)] += 1
    for (p, side), n in inside.items():
        cap = scenario_rules.capacity(st, p)
        if n > cap:
            raise InvariantError(f"{n} units of side {side} inside {ix.place_ids[p]} "
                                 f"(capacity {cap})")
    at_sea: Counter[tuple[int, int, bool]] = Counter()
    for u in range(120):
        if st.loc[u] >= ix.n_land:
            at_sea[(st.loc[u], u // 60, bool(ix.is_fleet[u]))] += 1
    for (p, side, fleet), n in at_sea.items():
        if not fleet and n > at_sea[(p, side, True)]:
            raise InvariantError(f"{n} land units of side {side} at sea in {ix.place_ids[p]} "
                                 f"with {at_sea[(p, side, True)]} fleets to carry them")
    for f, c in st.carry.items():
        if st.loc[f] < 0 or st.loc[c] < 0:
            continue
        if not ix.is_fleet[f] or ix.is_fleet[c]:
            raise InvariantError(f"carry record {ix.unit_key[f]} → {ix.unit_key[c]} is not a "
                                 "fleet with a land unit")
    _check_cards(game)
    _check_views(game, since)
    if dead_end and not game.over and not game.legal_actions():
        raise InvariantError(f"dead end: nobody can act at '{game.prompt.text}'")


def _check_cards(game: Game) -> None:
    st = game.state
    # a card played this season is counted unless it already stands in play, was put on the
    # discard pile by its event, or went back into the deck (an ostracized leader, §3.11); the
    # season's end then must not discard it a second time (cards.discard_played)
    placed = {n for n, _ in st.in_play}.union(st.discard, st.deck)
    piles = st.deck + st.discard + st.hands[0] + st.hands[1]
    piles += [p["card"] for p in st.played if p is not None and p["card"] not in placed]
    piles += [n for n, _ in st.in_play]
    dup = [n for n, k in Counter(piles).items() if k > 1]
    if dup:
        raise InvariantError(f"cards {sorted(dup)} are in two places at once")
    lo, hi = st.ix.world.scenarios[st.scenario].cards
    stray = [n for n in piles if not lo <= n <= hi]
    if stray:
        raise InvariantError(f"cards {stray} are not in this scenario's deck")
    if any(len(h) > 6 for h in st.hands):
        raise InvariantError("a hand holds more than six cards")


def _check_views(game: Game, since: int) -> None:
    st = game.state.clone()
    st.log = st.log[since:]  # the view of older events was checked already
    for me, name in enumerate(("athens", "sparta")):
        v = view(st, name, game.ruleset.steps)
        for ev in v["log"]:
            if REDACTED in ev:
                raise InvariantError(f"{name}'s view keeps the redacted forms of a log event")
        for entry in v["units"]:
            if entry["side"] != name and not entry.get("hidden"):
                u = st.ix.unit(entry["unit"])
                if not st.revealed[u]:
                    raise InvariantError(f"{name}'s view shows the hidden enemy block "
                                         f"{entry['unit']}")
            if entry["side"] != name and entry.get("hidden") and "unit" in entry:
                raise InvariantError(f"{name}'s view names a hidden block")
        other = v["hands"]["sparta" if me == 0 else "athens"]
        if not isinstance(other, dict):
            raise InvariantError(f"{name}'s view shows the enemy hand")


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


def play_one(scenario: str, seed: int, *, world: World | None = None, max_decisions: int = 20000,
             policy: str = "uniform", fuzz: bool = False,
             check_caches: bool = False) -> dict[str, Any]:
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
                        "prompt": game.prompt.text, "kind": game.prompt.kind}
            before = len(game.log)
            action = pick(rng, legal, policy)
            cold = cold_apply(game, legal, action) if check_caches else None
            game.apply(action)
            decisions += 1
            if fuzz:
                check_invariants(game, since=before, dead_end=False)
            if cold is not None and cold.state.to_dict() != game.state.to_dict():
                raise InvariantError(f"the state after {action.get('label', action)!r} differs "
                                     "with the remembered answers set aside")
    except Exception as exc:  # noqa: BLE001 - a fuzzer reports every failure
        return {"seed": seed, "decisions": decisions, "end": "crash",
                "error": f"{type(exc).__name__}: {exc}",
                "where": traceback.format_exc(limit=4).splitlines()[-4:],
                "prompt": game.prompt.text if game is not None else ""}
    st = game.state
    res = year_end.result(st)
    out = {"seed": seed, "decisions": decisions, "year": st.year, "season": st.season,
           "prestige": st.prestige}
    if res is not None:
        out.update(end="game_over", winner=res["winner"], how=res["how"], text=res["text"])
    else:
        out.update(end="decision_limit", prompt=game.prompt.text)
    return out


def run(scenario: str, games: int, seed: int, *, world: World | None = None,
        max_decisions: int = 20000, policy: str = "uniform", fuzz: bool = False,
        check_caches: bool = False, workers: int = 1, progress: bool = False) -> dict[str, Any]:
    """Play ``games`` random games with seeds ``seed, seed+1, ...``; one JSON-ready summary
    with results by victory type and winner, decisions per game and the failures.

    ``workers`` > 1 plays the games in that many worker processes, never more than the games
    or the cores (the results are the same games, in seed order, as with one); ``progress``
    shows a progress bar on standard error."""
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {', '.join(POLICIES)}, not {policy!r}")
    if not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a whole number of at least 1, not {workers!r}")
    known = (world or load_world()).scenarios
    if scenario not in known:
        raise ValueError(f"unknown scenario {scenario!r}; choose one of {', '.join(sorted(known))}")
    workers = worker_count(workers, games)
    t0 = time.perf_counter()
    one = partial(play_one, scenario, world=world, max_decisions=max_decisions, policy=policy,
                  fuzz=fuzz, check_caches=check_caches)
    seeds = range(seed, seed + games)
    bar = partial(tqdm, total=games, unit="game", desc=f"{scenario} selfplay", file=sys.stderr,
                  disable=None if progress else True)
    if workers == 1:
        results = list(bar(map(one, seeds)))
    else:
        if world is not None:
            raise ValueError("workers > 1 plays the packaged world only (worker processes load it)")
        chunk = max(1, min(50, games // (4 * workers)))
        with ProcessPoolExecutor(workers) as pool:
            results = list(bar(pool.map(one, seeds, chunksize=chunk)))
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
    summary = run(args.scenario, args.games, args.seed, max_decisions=args.max_decisions,
                  policy=args.policy, fuzz=args.fuzz, check_caches=args.check_caches,
                  workers=capped_workers(args.workers, args.games),
                  progress=not args.no_progress)
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
