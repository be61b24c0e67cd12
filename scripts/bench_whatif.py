"""Bench of the What-if lab (issue 32).

Normal level (the default): continuations a second on 1 and 2 local workers (the ratio against
the 1-worker run of the same jobs, measured in this run), then 400 continuations of a Hellenes
lesson decision (Pericles' strategy, 431 BC: three choices) played to the scenario's end by the
normal level on every core, with the wall time.

Hard level (``--levels hard``): a handful of continuations of the same decision played to the
scenario's end by the hard level on both sides, in this one process, with the seconds of each
game and the processor time the process had (the figures docs/whatif.md quotes: what a cluster
is for).

    .venv/bin/python scripts/bench_whatif.py [--games 60] [--big 400]
    nice -n 19 .venv/bin/python scripts/bench_whatif.py --levels hard [--games 1]

``--games`` is 60 games a choice (180 games a rate run) by default: a run of 20 a choice lasts
about 8 s on a quiet 2-core machine, where starting the worker processes weighs enough to
understate the 2-worker rate (1.70x measured, against 1.93x with 60). The cache is not used.
On a machine shared with other work the figures are lower bounds.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import time

from hellenes_nb.whatif import WhatIf

LESSON = "pericles-plague-431-429"


def rate(games: int, workers: int) -> tuple[float, float]:
    lab = WhatIf(LESSON, games=games, seed=5, workers=workers, use_cache=False)
    t0 = time.perf_counter()
    res = lab.run()
    s = time.perf_counter() - t0
    return len(res.rows) / s, s


def normal(a: argparse.Namespace) -> dict:
    games = a.games or 60
    one, s1 = rate(games, 1)
    two, s2 = rate(games, 2)
    per_alt = math.ceil(a.big / 3)
    lab = WhatIf(LESSON, games=per_alt, seed=9, use_cache=False)
    t0 = time.perf_counter()
    res = lab.run(progress=True)
    wall = time.perf_counter() - t0
    return {"cores": os.cpu_count(), "lesson": LESSON, "levels": "normal v normal",
            "games_a_choice": games, "rate_1_worker_per_s": round(one, 2),
            "rate_2_workers_per_s": round(two, 2), "speedup_2_vs_1": round(two / one, 2),
            "rate_seconds": [round(s1, 1), round(s2, 1)], "big_continuations": len(res.rows),
            "big_workers": lab.workers, "big_wall_seconds": round(wall, 1)}


def hard(a: argparse.Namespace) -> dict:
    games = a.games or 1
    lab = WhatIf(LESSON, games=games, seed=5, levels="hard,hard", workers=1, use_cache=False)
    t0, c0 = time.perf_counter(), time.process_time()
    res = lab.run(progress=True)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    each = [r["seconds"] for r in res.rows]
    return {"cores": os.cpu_count(), "lesson": LESSON, "levels": "hard v hard", "workers": 1,
            "continuations": len(res.rows), "seconds_each": each,
            "mean_seconds_a_game": round(statistics.mean(each), 1),
            "decisions_each": [r["decisions"] for r in res.rows],
            "outcomes": [f"{r['winner']} ({r['how']})" for r in res.rows],
            "wall_seconds": round(wall, 1),
            # the processor time this process had: on a shared machine, nearer a quiet figure
            "cpu_seconds": round(cpu, 1), "cpu_seconds_a_game": round(cpu / len(res.rows), 1)}


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--levels", choices=("normal", "hard"), default="normal",
                   help="which bench: the normal level's rates (default) or the hard level's "
                        "seconds a game")
    p.add_argument("--games", type=int, default=None,
                   help="games a choice (default 60 for the rates, 1 for the hard level)")
    p.add_argument("--big", type=int, default=400, help="continuations in the long run")
    a = p.parse_args()
    print(json.dumps(hard(a) if a.levels == "hard" else normal(a), indent=2))


if __name__ == "__main__":
    main()
