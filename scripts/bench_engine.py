"""Engine benchmark: State.clone() against copy.deepcopy, and random decisions per second.

Prints the environment, medians of interleaved repeats and the ratio to the naive baseline
measured in the same run (docs: ../shared/reference/performance.md §3, §4 G1–G2). Timing
goals are reported here, never asserted in tests.

    .venv/bin/python scripts/bench_engine.py [--repeats 7] [--games 5]
"""

from __future__ import annotations

import argparse
import copy
import os
import platform
import random
import statistics
import time

from hellenes_nb.game import new_game

CLONE_GOAL = 300


def mid_game(seed: int = 3, decisions: int = 40):
    """A 431 game after some random decisions (units moved, cards played, log filled)."""
    game = new_game("431", seed)
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


def playout(seed: int, copy_each_move: bool) -> int:
    """One random game to the end of play; optionally deep-copy the state before every move
    (the naive engine the goals compare against)."""
    game = new_game("431", seed)
    rng = random.Random(seed)
    n = 0
    while not game.over:
        if copy_each_move:
            copy.deepcopy(game.state, {id(game.state.ix): game.state.ix})
        game.apply(rng.choice(game.legal_actions()))
        n += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--games", type=int, default=5)
    args = ap.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, nproc {os.cpu_count()}, "
          f"cpu {platform.processor() or 'unknown'}")
    state = mid_game().state
    memo = {id(state.ix): state.ix}  # the static world index is shared, as clone() shares it
    clones, deeps = [], []
    for _ in range(args.repeats):
        clones.append(per_call(state.clone, 2000))
        deeps.append(per_call(lambda: copy.deepcopy(state, dict(memo)), 50))
    c, d = statistics.median(clones), statistics.median(deeps)
    verdict = "met" if d / c >= CLONE_GOAL else "NOT met"
    print(f"clone: median {c * 1e6:.1f} µs (min {min(clones) * 1e6:.1f}); "
          f"deepcopy: median {d * 1e6:.0f} µs (min {min(deeps) * 1e6:.0f}); "
          f"ratio {d / c:.0f}x (goal >= {CLONE_GOAL}x: {verdict})")
    fast, slow = [], []
    for r in range(max(1, args.repeats // 3)):
        for copying, bucket in ((False, fast), (True, slow)):
            t0 = time.perf_counter()
            n = sum(playout(100 + r * args.games + g, copying) for g in range(args.games))
            bucket.append(n / (time.perf_counter() - t0))
    f, s = statistics.median(fast), statistics.median(slow)
    print(f"random play (431, to the start of Winter, battles included): median {f:.0f} "
          f"decisions/s; with a deepcopy before every move {s:.0f} decisions/s; "
          f"ratio {f / s:.2f}x")


if __name__ == "__main__":
    main()
