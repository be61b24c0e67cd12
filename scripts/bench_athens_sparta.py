"""Benchmark of the *Athens & Sparta* engine against an earlier version of the code, measured
in the same run (docs/athens-sparta.md, "Speed").

The baseline is a git revision (default: the engine before the per-board caches) unpacked into
a temporary folder. Each repeat plays the same seeded uniform random games once with this
checkout's code and once with the baseline's, each in its own process, alternating which goes
first. Printed: random full games per second, milliseconds per Move Phase decision (listing the
legal actions and applying the chosen one) and their ratios, and whether both played the very
same games (a hash of every legal-action list, every choice and the final save). Times are CPU
seconds of the playing process, so other work on a shared machine disturbs them less; loading
the world is left out. Timing goals are reported here, never asserted in tests.

    .venv/bin/python scripts/bench_athens_sparta.py [--games 3] [--repeats 3] [--baseline REV]
        [--options JSON]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the last commit before the per-board caches of the move searches
BASELINE = "23c48455"
#: the options that play the baseline's rules with this checkout: patrols and the aid's shore
#: rule came later (the straits rule for armies leaving a strait whose sea the enemy holds has
#: no option: a game that meets it is told as "the games differ")
SAME_RULES = {"sea_patrols": "off", "shore_stop": "any_coast"}


def play(games: int, seed: int, options: dict) -> dict:
    """Seeded uniform random games with whatever ``hellenes_nb`` is on the path."""
    import random

    from hellenes_nb.core import remembered
    from hellenes_nb.core.game import new_game

    new_game("athens-sparta", 0)  # the world is read once per process: not timed
    remembered.forget()
    digest = hashlib.sha256()
    total = ops = 0.0
    n_ops = decisions = 0
    for g in range(seed, seed + games):
        rng = random.Random(g)
        started = time.process_time()
        game = new_game("athens-sparta", g, **options)
        while not game.over:
            t0 = time.process_time()
            legal = game.legal_actions()
            action = rng.choice(legal)
            kind = game.prompt.kind
            game.apply(action)
            if kind == "ops":
                ops += time.process_time() - t0
                n_ops += 1
            decisions += 1
            digest.update(json.dumps([legal, action], sort_keys=True).encode())
        total += time.process_time() - started
        digest.update(game.to_json().encode())
    return {"seconds": total, "ops_seconds": ops, "ops": n_ops, "decisions": decisions,
            "hash": digest.hexdigest()[:16]}


def _unpack(rev: str, into: Path) -> Path:
    """The baseline's package and data, from git, in ``into``."""
    tar = into / "base.tar"
    with tar.open("wb") as out:
        subprocess.run(["git", "-C", str(ROOT), "archive", rev, "hellenes_nb", "data"],
                       stdout=out, check=True)
    with tarfile.open(tar) as t:
        t.extractall(into / "tree", filter="data")
    return into / "tree"


def _run(tree: Path, games: int, seed: int, options: dict) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker",
                          "--games", str(games), "--seed", str(seed),
                          "--options", json.dumps(options)],
                         env=env, cwd=tree, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=3, help="games per run (default 3)")
    p.add_argument("--repeats", type=int, default=3, help="interleaved runs (default 3)")
    p.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    p.add_argument("--baseline", default=BASELINE, help=f"git revision (default {BASELINE})")
    p.add_argument("--options", default=json.dumps(SAME_RULES),
                   help="rules options (JSON) for this checkout's games; the default turns off "
                        "what the baseline does not play, so both play the same rules")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.worker:
        print(json.dumps(play(args.games, args.seed, json.loads(args.options))))
        return 0
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
          f"load {os.getloadavg()[0]:.1f}; baseline {args.baseline}")
    runs: dict[str, list[dict]] = {"now": [], "baseline": []}
    with tempfile.TemporaryDirectory(prefix="bench_as_") as tmp:
        trees = {"now": ROOT, "baseline": _unpack(args.baseline, Path(tmp))}
        for r in range(args.repeats):
            for name in (("now", "baseline") if r % 2 == 0 else ("baseline", "now")):
                options = json.loads(args.options) if name == "now" else {}
                runs[name].append(_run(trees[name], args.games, args.seed, options))
    speed = {}
    for name, rs in runs.items():
        gps = statistics.median(args.games / x["seconds"] for x in rs)
        ms = statistics.median(1000 * x["ops_seconds"] / max(x["ops"], 1) for x in rs)
        speed[name] = (gps, ms)
        print(f"{name:>9}: {gps:.2f} games/s, {ms:.2f} ms per Move Phase decision "
              f"({rs[0]['ops']} of {rs[0]['decisions']} decisions), median of {len(rs)}")
    print(f"    ratio: {speed['now'][0] / speed['baseline'][0]:.2f}x games/s, "
          f"{speed['baseline'][1] / speed['now'][1]:.2f}x faster Move Phase decisions")
    same = {x["hash"] for rs in runs.values() for x in rs}
    print("same games as the baseline" if len(same) == 1 else
          f"the games differ from the baseline ({len(same)} hashes): rules changed since it "
          "(or a speed change altered play), so read the ms per Move Phase decision; with no "
          "rule changed in between they must be the same")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
