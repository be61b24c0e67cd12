"""Benchmark the battle machine (hellenes_nb.games.hellenes.rules.battle.combat).

Prints auto-run battles per second for a 4-v-4 and a 6-v-6 land battle (setup included), and
the cost of ``Battle.clone()`` against ``copy.deepcopy`` of the same mid-battle state, measured
in the same run. Usage: ``.venv/bin/python scripts/bench_combat.py [--battles N]``.
"""

from __future__ import annotations

import argparse
import copy
import time

from hellenes_nb.games.hellenes.rules.battle.blocks import Fighter
from hellenes_nb.games.hellenes.rules.battle.combat import Battle
from hellenes_nb.games.hellenes.rules.battle.policies import auto

ATHENS = [("C2", 4, False), ("A1", 2, False), ("A2", 3, True), ("B1", 3, False),
          ("C2", 3, False), ("D1", 2, False)]
SPARTA = [("B2", 4, False), ("B2", 3, False), ("A1", 2, True), ("C2", 3, False),
          ("B3", 4, False), ("D1", 3, False)]


def fighters(n: int) -> list[Fighter]:
    """n Athenian defenders against n Spartan aggressors of mixed types."""
    fs = [Fighter(f"A{i}", "athens", "defender", r, cv, cavalry=cav)
          for i, (r, cv, cav) in enumerate(ATHENS[:n])]
    fs += [Fighter(f"S{i}", "sparta", "aggressor", r, cv, cavalry=cav)
           for i, (r, cv, cav) in enumerate(SPARTA[:n])]
    return fs


def battles_per_second(n: int, count: int) -> tuple[float, float]:
    """Best of three timings of ``count`` auto-run battles; also the mean rounds per battle."""
    best, rounds = float("inf"), 0
    for _ in range(3):
        rounds = 0
        t = time.perf_counter()
        for seed in range(count):
            rounds += Battle(fighters(n), dice=seed).run(auto).rounds
        best = min(best, time.perf_counter() - t)
    return count / best, rounds / count


def per_call(fn, reps: int) -> float:
    """Best of three mean seconds per call."""
    best = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        for _ in range(reps):
            fn()
        best = min(best, (time.perf_counter() - t) / reps)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=2000)
    args = parser.parse_args()
    for n in (4, 6):
        rate, rounds = battles_per_second(n, args.battles)
        print(f"{n}v{n} land battles, auto policy: {rate:,.0f} battles/s "
              f"(mean {rounds:.2f} rounds)")
    b = Battle(fighters(6), dice=11)
    for _ in range(5):  # a mid-battle state with a log
        b.step(auto)
    reps = 2000
    fast = per_call(b.clone, reps)
    slow = per_call(lambda: copy.deepcopy(b), reps // 10)
    print(f"clone(): {fast * 1e6:.1f} us; copy.deepcopy: {slow * 1e6:.1f} us; "
          f"ratio {slow / fast:.0f}x")
    rt = per_call(lambda: Battle.from_dict(b.to_dict()), reps // 10)
    print(f"to_dict + from_dict round trip: {rt * 1e6:.1f} us")


if __name__ == "__main__":
    main()
