"""Benchmark of the *300: Earth & Water* engine: random full games per second per core and
decisions per second, against a naive engine that deep-copies the state before every move,
measured in the same run (docs/earth-water.md, "Speed").

Goal: at least 150 random full games a second on one core (a good JavaScript engine of this
game plays about 140). Times are CPU seconds of this process, so other work on a shared
machine does not lower them. Timing goals are reported here, never asserted in tests.

    .venv/bin/python scripts/bench_earth_water.py [--games 200] [--repeats 3]
"""

from __future__ import annotations

import argparse
import copy
import os
import platform
import random
import statistics
import time

from hellenes_nb.core.game import new_game

GOAL = 150  # random full games per second per core


def playout(seed: int, naive: bool) -> int:
    """One uniform random game from the start to its result; the decisions taken. ``naive``
    deep-copies the state before every move (the baseline)."""
    game = new_game("earth-water", seed)
    rng = random.Random(seed)
    n = 0
    while not game.over:
        legal = game.legal_actions()
        if naive:
            copy.deepcopy(game.state)
        game.apply(rng.choice(legal))
        n += 1
    return n


def batch(games: int, first: int, naive: bool) -> tuple[float, float, int]:
    """CPU seconds (other processes on the machine do not count), wall seconds, decisions."""
    t0, w0 = time.process_time(), time.perf_counter()
    decisions = sum(playout(first + i, naive) for i in range(games))
    return time.process_time() - t0, time.perf_counter() - w0, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per timed batch")
    parser.add_argument("--repeats", type=int, default=3, help="interleaved repeats")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, "
          f"{os.cpu_count()} cores seen; one process")
    rates: dict[bool, list[float]] = {False: [], True: []}
    walls: dict[bool, list[float]] = {False: [], True: []}
    decisions: dict[bool, list[float]] = {False: [], True: []}
    for r in range(args.repeats):
        for naive in (False, True):
            games = args.games if not naive else max(1, args.games // 4)
            seconds, wall, n = batch(games, 1 + r * args.games, naive)
            rates[naive].append(games / seconds)
            walls[naive].append(games / wall)
            decisions[naive].append(n / seconds)
    engine, naive = statistics.median(rates[False]), statistics.median(rates[True])
    print(f"random full games per second (median of {args.repeats}): engine {engine:.0f}, "
          f"deepcopy before every move {naive:.0f} ({engine / naive:.1f}x); "
          f"goal {GOAL}: {'met' if engine >= GOAL else 'NOT met'}")
    print(f"by the wall clock (shared machine): engine {statistics.median(walls[False]):.0f}, "
          f"deepcopy baseline {statistics.median(walls[True]):.0f} games per second")
    print(f"decisions per second: engine {statistics.median(decisions[False]):,.0f}, "
          f"deepcopy baseline {statistics.median(decisions[True]):,.0f}")


if __name__ == "__main__":
    main()
