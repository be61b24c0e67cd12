"""Bench of the What-if lab (issue 32): continuations a second on 1 and 2 local workers (the
ratio against the 1-worker run of the same jobs, measured in this run), then 400 continuations
of a Hellenes lesson decision (Pericles' strategy, 431 BC: three choices) played to the
scenario's end by the normal level on every core, with the wall time.

    .venv/bin/python scripts/bench_whatif.py [--games 20] [--big 400]

The cache is not used. On a machine shared with other work the figures are lower bounds.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time

from hellenes_nb.whatif import WhatIf

LESSON = "pericles-plague-431-429"


def rate(games: int, workers: int) -> tuple[float, float]:
    lab = WhatIf(LESSON, games=games, seed=5, workers=workers, use_cache=False)
    t0 = time.perf_counter()
    res = lab.run()
    s = time.perf_counter() - t0
    return len(res.rows) / s, s


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=20, help="games a choice for the rate runs")
    p.add_argument("--big", type=int, default=400, help="continuations in the long run")
    a = p.parse_args()
    one, s1 = rate(a.games, 1)
    two, s2 = rate(a.games, 2)
    per_alt = math.ceil(a.big / 3)
    lab = WhatIf(LESSON, games=per_alt, seed=9, use_cache=False)
    t0 = time.perf_counter()
    res = lab.run(progress=True)
    wall = time.perf_counter() - t0
    print(json.dumps({
        "cores": os.cpu_count(), "lesson": LESSON, "levels": "normal v normal",
        "rate_1_worker_per_s": round(one, 2), "rate_2_workers_per_s": round(two, 2),
        "speedup_2_vs_1": round(two / one, 2), "rate_seconds": [round(s1, 1), round(s2, 1)],
        "big_continuations": len(res.rows), "big_workers": lab.workers,
        "big_wall_seconds": round(wall, 1)}, indent=2))


if __name__ == "__main__":
    main()
