"""Engine benchmark: State.clone() against copy.deepcopy (time, and memory a kept copy holds),
full-game random playouts per second per scenario (uniform and brisk random bots), the memory
one game holds at its peak, and truncated rollouts to Year End per second.

Prints the environment, medians of interleaved repeats and the ratio to the naive baseline
measured in the same run (docs: ../shared/reference/performance.md §3, §4 G1–G2): the naive
engine deep-copies the state before every move (playouts) or for every rollout (rollouts).
Timing goals are reported here, never asserted in tests. The engine's tables of remembered
answers that depend on positions (docs/engine.md, "Speed") are emptied before every timed batch,
so neither variant profits from what the other one warmed up.

    .venv/bin/python scripts/bench_engine.py [--repeats 5] [--games 3] [--rollouts 20]
    .venv/bin/python scripts/bench_engine.py --split 431 [--games 8]

``--split`` prints instead where uniform random games of one scenario spend their time: listing
the legal actions and applying the chosen one, per kind of decision.
"""

from __future__ import annotations

import argparse
import copy
import gc
import os
import platform
import random
import statistics
import time
import tracemalloc
from collections import Counter

from hellenes_nb.core import remembered
from hellenes_nb.core.game import Game, new_game
from hellenes_nb.selfplay import pick

CLONE_GOAL = 300
#: bytes a kept position may hold: a search tree of 10,000 positions (ten seconds of the
#: 1,000 iterations a second a tree search needs) must fit in 100 MB
KEPT_GOAL = 10_000
PLAYOUT_GOAL = 50  # random full games per second per core, for 431
SCENARIOS = ("431", "sicily", "413", "415")


def mid_game(scenario: str = "431", seed: int = 3, decisions: int = 40) -> Game:
    """A game after some random decisions (units moved, cards played, log filled)."""
    game = new_game(scenario, seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def per_call(fn, n: int) -> float:
    t0 = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - t0) / n


def kept_bytes(make, count: int) -> float:
    """Bytes each of ``count`` results of ``make()`` still holds while all are kept (what
    tracemalloc sees allocated beyond the start, per result)."""
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    kept = [make() for _ in range(count)]
    size = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    del kept
    return size / count


def game_peak(scenario: str, seed: int) -> tuple[float, int]:
    """Peak traced memory (MB) while one uniform random game of ``scenario`` is played through
    ``Game`` (its undo history and log included), and its decisions."""
    gc.collect()
    tracemalloc.start()
    n = playout(scenario, seed, False)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 1e6, n


def _deepcopy(game: Game) -> None:
    copy.deepcopy(game.state, {id(game.state.ix): game.state.ix})


def playout(scenario: str, seed: int, naive: bool, policy: str = "uniform") -> int:
    """One random game from setup to its result (``policy`` as in ``hellenes selfplay``);
    returns the decisions taken. ``naive`` deep-copies the state before every move."""
    game = new_game(scenario, seed)
    rng = random.Random(seed)
    n = 0
    while not game.over:
        if naive:
            _deepcopy(game)
        game.apply(pick(rng, game.legal_actions(), policy))
        n += 1
    return n


def rollout(start: Game, seed: int, naive: bool) -> int:
    """Random play from ``start`` until the year changes or the game ends (a truncated
    rollout to Year End); ``naive`` deep-copies the start instead of cloning it."""
    if naive:
        _deepcopy(start)
    game = start.clone()
    rng = random.Random(seed)
    year = game.state.year
    n = 0
    while not game.over and game.state.year == year:
        game.apply(rng.choice(game.legal_actions()))
        n += 1
    return n


def cold() -> None:
    """Forget every remembered answer that depends on a position (not the static tables)."""
    remembered.forget()


def timed(fn, count: int) -> tuple[float, int]:
    """(runs per second, decisions) for ``count`` calls of ``fn(i)``, from cold tables."""
    cold()
    t0 = time.perf_counter()
    decisions = sum(fn(i) for i in range(count))
    return count / (time.perf_counter() - t0), decisions


def split(scenario: str, games: int) -> None:
    """Print the time uniform random games of ``scenario`` (seeds 1..games, tables warm after
    the first game) spend listing legal actions and applying the chosen one, per kind of
    decision, largest first."""
    spent: Counter[tuple[str, str]] = Counter()
    count: Counter[str] = Counter()
    clock = time.perf_counter
    for seed in range(1, games + 1):
        game = new_game(scenario, seed)
        rng = random.Random(seed)
        while not game.over:
            kind = game.state.stack[-1]["kind"]
            t0 = clock()
            legal = game.legal_actions()
            t1 = clock()
            action = rng.choice(legal)
            t2 = clock()
            game.apply(action)
            t3 = clock()
            spent[kind, "list"] += t1 - t0
            spent[kind, "apply"] += t3 - t2
            count[kind] += 1
    total = sum(spent.values())
    listing = sum(v for (_, what), v in spent.items() if what == "list")
    print(f"{scenario}: {games} uniform random games, {sum(count.values()) / games:.0f} "
          f"decisions a game; listing {listing / total:.0%} of the time, applying "
          f"{1 - listing / total:.0%}")
    for kind in sorted(count, key=lambda k: -(spent[k, "list"] + spent[k, "apply"])):
        n, lst, app = count[kind], spent[kind, "list"], spent[kind, "apply"]
        print(f"  {kind:<16} {n:>6} decisions  list {lst / total:6.1%} ({lst / n * 1e6:5.0f} µs "
              f"each)  apply {app / total:6.1%} ({app / n * 1e6:5.0f} µs each)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--games", type=int, default=3, help="full games per repeat and scenario")
    ap.add_argument("--rollouts", type=int, default=20, help="rollouts per repeat and scenario")
    ap.add_argument("--split", choices=SCENARIOS, help="only print where the time of random "
                    "games of this scenario goes (listing and applying, per kind of decision)")
    args = ap.parse_args()
    if args.split:
        split(args.split, args.games)
        return
    print(f"python {platform.python_version()} on {platform.machine()}, nproc {os.cpu_count()}, "
          f"cpu {platform.processor() or 'unknown'}")
    for decisions in (40, 400):
        state = mid_game(decisions=decisions).state
        memo = {id(state.ix): state.ix}  # the static world index is shared, as clone() shares it
        clones, deeps = [], []
        for _ in range(args.repeats):
            clones.append(per_call(state.clone, 2000))
            deeps.append(per_call(lambda s=state, m=memo: copy.deepcopy(s, dict(m)), 50))
        c, d = statistics.median(clones), statistics.median(deeps)
        verdict = "met" if d / c >= CLONE_GOAL else "NOT met"
        print(f"clone after {decisions} decisions ({state.year} BC season {state.season}, "
              f"{len(state.log)} log events): median {c * 1e6:.2f} µs "
              f"(min {min(clones) * 1e6:.2f}); deepcopy: median {d * 1e6:.0f} µs "
              f"(min {min(deeps) * 1e6:.0f}); ratio {d / c:.0f}x (goal >= {CLONE_GOAL}x: "
              f"{verdict})")
        held = kept_bytes(state.clone, 1000)
        deep = kept_bytes(lambda s=state, m=memo: copy.deepcopy(s, dict(m)), 100)
        verdict = "met" if held <= KEPT_GOAL else "NOT met"
        print(f"  memory a kept copy holds: clone {held / 1e3:.1f} KB, deepcopy "
              f"{deep / 1e3:.1f} KB; ratio {deep / held:.1f}x (goal <= {KEPT_GOAL / 1e3:.0f} KB "
              f"a kept position: {verdict})")
    for sc in SCENARIOS:
        cold()
        peak, n = game_peak(sc, 100)
        print(f"{sc:>6} one uniform random game ({n} decisions): peak traced memory "
              f"{peak:.1f} MB (the game, its undo history and log, and the remembered tables)")
    for policy in ("uniform", "brisk"):
        for sc in SCENARIOS:
            fast, slow, moves = [], [], []
            for r in range(args.repeats):
                base = 100 + r * args.games
                rate, n = timed(lambda i, b=base, sc=sc, p=policy: playout(sc, b + i, False, p),
                                args.games)
                fast.append(rate)
                moves.append(n / args.games)
                slow.append(timed(lambda i, b=base, sc=sc, p=policy: playout(sc, b + i, True, p),
                                  args.games)[0])
            f, s = statistics.median(fast), statistics.median(slow)
            goal = ""
            if sc == "431":
                goal = (f"; goal >= {PLAYOUT_GOAL}/s: "
                        f"{'met' if f >= PLAYOUT_GOAL else 'NOT met'}")
            print(f"{sc:>6} {policy:>7} full random games: median {f:.2f} games/s "
                  f"({statistics.median(moves):.0f} decisions/game, "
                  f"{f * statistics.median(moves):.0f} decisions/s); deepcopy before every "
                  f"move {s:.2f} games/s; ratio {f / s:.2f}x{goal}")
    for sc in SCENARIOS:
        start = mid_game(sc, seed=5, decisions=25)
        fast, slow = [], []
        for r in range(args.repeats):
            base = 1000 + r * args.rollouts
            fast.append(timed(lambda i, base=base, g=start: rollout(g, base + i, False),
                              args.rollouts)[0])
            slow.append(timed(lambda i, base=base, g=start: rollout(g, base + i, True),
                              args.rollouts)[0])
        f, s = statistics.median(fast), statistics.median(slow)
        print(f"{sc:>6} rollouts to Year End from {start.state.year} BC season "
              f"{start.state.season}: median {f:.1f}/s; deepcopying the start {s:.1f}/s; "
              f"ratio {f / s:.2f}x")


if __name__ == "__main__":
    main()
