"""Benchmark battle odds: exact DP against plain-Python and NumPy Monte Carlo, same run.

Usage: .venv/bin/python scripts/bench_odds.py [--repeats 7]

For each battle it prints the median (and min) of the exact DP, of a plain-Python Monte Carlo
sized for a ±1 % answer at 95 % (9,600 battles) and of the NumPy sampler on the same number of
battles, with the ratios between them. Runs are interleaved so that machine noise hits all three
alike. Correctness guard: both samplers must agree with the exact P(attacker wins), |z| < 4.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import time

import numpy as np

from hellenes_nb.odds import (
    exact_odds,
    make_battle,
    sample_odds,
    sample_odds_python,
    state_count,
)

BATTLES = {
    "4v4": ("B2:4,A1:2,C2:4,B1:3", "C2:4,A1:2,B2:3,B1:4"),
    "6v6 at 1-2 cv": ("B2:2,A1:1,C2:2,B1:2,cav:A2:2,D1:1", "C2:2,A1:1,B2:2,B1:2,C2:1,cav:A1:1"),
    "6v6 at 2-3 cv": ("B2:3,A1:2,C2:3,B1:2,cav:A2:2,D1:2", "C2:3,A1:2,B2:2,B1:3,C2:2,cav:A1:2"),
}
MC_BATTLES = 9_600  # 1.96 * sqrt(0.25 / n) = 1 %


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def bench(name: str, attacker: str, defender: str, repeats: int) -> None:
    spec = make_battle(attacker, defender)
    times: dict[str, list[float]] = {"exact": [], "python": [], "numpy": []}
    runs = {
        "exact": lambda: exact_odds(spec),
        "python": lambda: sample_odds_python(spec, MC_BATTLES, seed=len(times["python"])),
        "numpy": lambda: sample_odds(spec, MC_BATTLES, seed=len(times["numpy"])),
    }
    results = {}
    for _ in range(repeats):
        for method, run in runs.items():
            took, results[method] = timed(run)
            times[method].append(took)
    exact = results["exact"]
    p = exact.attacker_wins
    se = math.sqrt(p * (1 - p) / MC_BATTLES)
    med = {method: statistics.median(ts) for method, ts in times.items()}
    print(f"\n{name}: {attacker}  vs  {defender}")
    print(f"  joint configurations {state_count(spec):,}; exact P(attacker wins) = {p:.6f}")
    for method, ts in times.items():
        extra = ""
        if method != "exact":
            z = (results[method].attacker_wins - p) / se
            extra = f"  z = {z:+.2f}"
            assert abs(z) < 4, f"{method} Monte Carlo disagrees with the exact DP (z = {z:.2f})"
        print(
            f"  {method:<7} median {med[method] * 1e3:9.1f} ms  min {min(ts) * 1e3:9.1f} ms{extra}"
        )
    print(f"  ratio plain-Python MC / exact DP : {med['python'] / med['exact']:6.2f}x")
    print(f"  ratio NumPy MC / exact DP        : {med['numpy'] / med['exact']:6.2f}x")
    print(f"  ratio plain-Python MC / NumPy MC : {med['python'] / med['numpy']:6.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, NumPy {np.__version__}, nproc {os.cpu_count()}")
    print(f"CPU: {cpu_model()}")
    print(f"Monte Carlo: {MC_BATTLES} battles per run (±1 % at 95 %); {args.repeats} repeats")
    for name, (attacker, defender) in BATTLES.items():
        bench(name, attacker, defender, args.repeats)


if __name__ == "__main__":
    main()
