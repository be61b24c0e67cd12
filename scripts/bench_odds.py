"""Benchmark battle odds: the exact DP against plain-Python and NumPy Monte Carlo, same run.

Usage: .venv/bin/python scripts/bench_odds.py [--repeats 7] [--jit] [--big]

For each battle it prints the median (and min) of

* ``exact``: :func:`exact_odds` from cold (its memo and table caches cleared before each run),
  with the compiled sweep when numba is installed;
* ``memoised``: :func:`exact_odds` asked again for the same battle;
* ``exact-numpy``: the NumPy sweep from cold (what runs without numba);
* ``python``: a plain-Python Monte Carlo sized for a ±1 % answer at 95 % (9,600 battles);
* ``numpy``: the NumPy Monte Carlo sampler on the same number of battles;

with the ratios between them. Runs are interleaved so that machine noise hits all alike.
Correctness guards: both samplers agree with the exact P(attacker wins) (|z| < 4) and both
sweeps agree with each other to 1e-12. ``--jit`` also times, in fresh processes, importing
numba and the first exact call with an empty and with a filled numba cache. ``--big`` times
the big forces of docs/odds.md, "Limits" (each once, from cold): the bounded size count, then
what ``battle_odds`` answers (method, samples and the stated 95 % margin, or the refusal).
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

from hellenes_nb.games.hellenes.odds import (
    battle_odds,
    exact_limit,
    exact_odds,
    make_battle,
    sample_odds,
    sample_odds_python,
    state_count,
)
from hellenes_nb.games.hellenes.odds.exact import clear_cache
from hellenes_nb.games.hellenes.odds.fast import fast_odds
from hellenes_nb.games.hellenes.odds.size import joint_size
from hellenes_nb.games.hellenes.odds.statetables import clear_tables, compiled_sweep

BATTLES = {
    "4v4": ("B2:4,A1:2,C2:4,B1:3", "C2:4,A1:2,B2:3,B1:4"),
    "6v6 at 1-2 cv": ("B2:2,A1:1,C2:2,B1:2,cav:A2:2,D1:1", "C2:2,A1:1,B2:2,B1:2,C2:1,cav:A1:1"),
    "6v6 at 2-3 cv": ("B2:3,A1:2,C2:3,B1:2,cav:A2:2,D1:2", "C2:3,A1:2,B2:2,B1:3,C2:2,cav:A1:2"),
}
MC_BATTLES = 9_600  # 1.96 * sqrt(0.25 / n) = 1 %

#: (name, attacker block, how many, defender block, how many, method): battles past the
#: exact method's reach
BIG = [
    ("30v30 auto", "B2:4", 30, "C2:4", 30, "auto"),
    ("12v12 auto", "B2:4", 12, "C2:4", 12, "auto"),
    ("12v12 exact", "B2:4", 12, "C2:4", 12, "exact"),
    ("60v60 auto", "D1:1", 60, "D1:1", 60, "auto"),
    ("60v1 auto", "B2:4", 60, "A1:1", 1, "auto"),
]

FIRST_CALL = """
import time
start = time.perf_counter()
from hellenes_nb.games.hellenes.odds import exact_odds, make_battle
from hellenes_nb.games.hellenes.odds.statetables import compiled_sweep
compiled_sweep()
imported = time.perf_counter()
exact_odds(make_battle("B2:3,A1:2,C2:3", "C2:3,A1:2,B2:2"))
print(f"{imported - start:.2f} {time.perf_counter() - imported:.2f}")
"""


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


def cold_exact(spec):
    clear_cache()
    return exact_odds(spec)


def bench(name: str, attacker: str, defender: str, repeats: int) -> None:
    spec = make_battle(attacker, defender)
    runs = {
        "exact": lambda: cold_exact(spec),
        "memoised": lambda: exact_odds(spec),
        "exact-numpy": lambda: (clear_tables(), fast_odds(spec, compiled=False))[1],
        "python": lambda: sample_odds_python(spec, MC_BATTLES, seed=len(times["python"])),
        "numpy": lambda: sample_odds(spec, MC_BATTLES, seed=len(times["numpy"])),
    }
    times: dict[str, list[float]] = {method: [] for method in runs}
    results = {}
    for _ in range(repeats):
        for method, run in runs.items():
            took, results[method] = timed(run)
            times[method].append(took)
    exact = results["exact"]
    p = exact.attacker_wins
    se = math.sqrt(p * (1 - p) / MC_BATTLES)
    gap = max(
        abs(exact.outcomes.get(k, 0) - results["exact-numpy"].outcomes.get(k, 0))
        for k in set(exact.outcomes) | set(results["exact-numpy"].outcomes)
    )
    assert gap < 1e-12, f"the two sweeps disagree by {gap}"
    med = {method: statistics.median(ts) for method, ts in times.items()}
    print(f"\n{name}: {attacker}  vs  {defender}")
    print(f"  joint configurations {state_count(spec):,}; exact P(attacker wins) = {p:.6f}")
    for method, ts in times.items():
        extra = ""
        if method in ("python", "numpy"):
            z = (results[method].attacker_wins - p) / se
            extra = f"  z = {z:+.2f}"
            assert abs(z) < 4, f"{method} Monte Carlo disagrees with the exact DP (z = {z:.2f})"
        print(
            f"  {method:<11} median {med[method] * 1e3:9.2f} ms  min {min(ts) * 1e3:9.2f} ms{extra}"
        )
    print(f"  ratio plain-Python MC / exact   : {med['python'] / med['exact']:7.1f}x")
    print(f"  ratio NumPy MC / exact          : {med['numpy'] / med['exact']:7.1f}x")
    print(f"  ratio exact-numpy / exact       : {med['exact-numpy'] / med['exact']:7.1f}x")
    print(f"  ratio plain-Python MC / NumPy MC: {med['python'] / med['numpy']:7.1f}x")


def big_forces() -> None:
    """Each big battle once, from cold: the bounded size count and what battle_odds says."""
    print("\nbig forces (once each, from cold):")
    for name, a, na, d, nd, method in BIG:
        spec = make_battle(",".join([a] * na), ",".join([d] * nd))
        clear_cache()
        took, size = timed(lambda spec=spec: joint_size(spec, exact_limit()))
        counted = "more than the limit" if size is None else f"{size:,}"
        try:
            spent, odds = timed(lambda spec=spec, method=method: battle_odds(spec, method))
        except ValueError as error:
            answer, spent = f"refused: {str(error)[:60]}...", float("nan")
        else:
            answer = odds.method + (f", {odds.samples:,} samples, ±{odds.margin():.2%}"
                                    if odds.samples else "")
        print(f"  {name:<12} size {counted} ({took * 1e3:.0f} ms); {spent:6.2f} s: {answer}")


def first_calls() -> None:
    """Import and first-call times in fresh processes, with an empty and a filled numba cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for label in ("empty numba cache", "filled numba cache"):
            out = subprocess.run(
                [sys.executable, "-c", FIRST_CALL],
                env=env,
                capture_output=True,
                text=True,
                check=True,
            ).stdout.split()
            print(f"  {label:<19}: import {out[0]} s, first exact call {out[1]} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--jit", action="store_true", help="time first calls in new processes")
    parser.add_argument("--big", action="store_true", help="time the big forces of docs/odds.md")
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, NumPy {np.__version__}, nproc {os.cpu_count()}")
    print(f"CPU: {cpu_model()}; load average {os.getloadavg()[0]:.1f}")
    if compiled_sweep() is None:
        print("numba: not installed (exact uses the NumPy sweep)")
    else:
        import numba

        print(f"numba {numba.__version__}: exact uses the compiled sweep")
        exact_odds(make_battle("A1:1", "A1:1"))  # compile (or load from cache) before timing
    print(f"Monte Carlo: {MC_BATTLES} battles per run (±1 % at 95 %); {args.repeats} repeats")
    for name, (attacker, defender) in BATTLES.items():
        bench(name, attacker, defender, args.repeats)
    if args.big:
        big_forces()
    if args.jit and compiled_sweep() is not None:
        print("\nfirst calls in a new process:")
        first_calls()


if __name__ == "__main__":
    main()
