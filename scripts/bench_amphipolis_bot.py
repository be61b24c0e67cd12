"""Benchmark of the *Amphipolis* heuristic's speed (docs/bots.md, "Amphipolis: speed"): the
heuristic as it was (no budget, every look ahead's action through ``Game.apply``) against the
heuristic as it is (a budget of positions a decision, the fast path of
:func:`hellenes_nb.bots.playout.apply_listed`), on the same positions of the same games,
measured in the same run.

Each game is the baseline against random play, sides alternated, seeds from ``--seed``. At
every one of its decisions with a choice, a fresh bot of each kind with the same seed decides
on the very same position (the baseline first) and both are timed; the game goes on with the
baseline's choice, so both see the same games. Printed per scenario: milliseconds a decision
(median, p95, max) of each, the ratio of their total times, how many decisions the budget
cut, and whether the choices are the same. Where the budget did not cut a look the two must
choose the same; the script stops with an error when they do not. Times are CPU milliseconds of
this process (other work on a shared machine does not lengthen them; a player waits longer on
a loaded machine), the ratio as measured in the same run. No timing is asserted in a test.

    .venv/bin/python scripts/bench_amphipolis_bot.py [--scenarios 10.1,10.3] [--games 2]
        [--seed 1] [--budget 1000]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from hellenes_nb import new_game
from hellenes_nb.bots.base import deciding_sides
from hellenes_nb.bots.match import percentile
from hellenes_nb.bots.registry import make_bot
from hellenes_nb.games.amphipolis.bots import heuristic
from hellenes_nb.games.amphipolis.bots.heuristic import BUDGET, HeuristicBot

FAST = heuristic.play


def full_apply(game, action: dict) -> None:
    """The baseline's way of playing a look ahead: ``Game.apply`` with all its checks."""
    game.apply(action)


def timed(bot: HeuristicBot, game, side: str, fast: bool) -> tuple[dict, float]:
    heuristic.play = FAST if fast else full_apply
    t = time.process_time()
    action = bot.choose(game, side)
    return action, 1000 * (time.process_time() - t)


def play(scenario: str, seed: int, budget: int) -> list[dict]:
    """One game of the baseline against random play; a record per decision with a choice."""
    game = new_game(scenario, seed)
    mine = game.ruleset.roles[seed % 2]  # sides alternated by seed
    other = make_bot("random", seed * 2 + 2, game.ruleset)
    rows, k = [], 0
    while not game.over:
        for side in deciding_sides(game):
            if side != mine:
                game.apply(other.choose(game, side))
                continue
            k += 1
            n = len(game.legal_actions(side))
            base = HeuristicBot(seed * 10000 + k, budget=None)
            action, before = timed(base, game, side, fast=False)
            if n > 1:
                cut_bot = HeuristicBot(seed * 10000 + k, budget=budget)
                after_action, after = timed(cut_bot, game, side, fast=True)
                rows.append({"before": before, "after": after, "cut": cut_bot.cut,
                             "same": after_action == action, "looked": base.looked,
                             "looked_after": cut_bot.looked, "legal": n})
            game.apply(action)
    return rows


def line(label: str, ms: list[float]) -> str:
    ms = sorted(ms)
    return (f"{label}: median {percentile(ms, 0.5):7.1f}  p95 {percentile(ms, 0.95):7.1f}  "
            f"max {ms[-1]:7.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenarios", default="10.1,10.2,10.3,10.4")
    parser.add_argument("--games", type=int, default=2, help="games a scenario")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=BUDGET, help="positions a decision")
    args = parser.parse_args()
    print(f"budget {args.budget} positions a decision; load average "
          f"{os.getloadavg()[0]:.1f} at the start")
    wrong = 0
    for scen in args.scenarios.split(","):
        scenario = f"amphipolis-{scen}"
        rows: list[dict] = []
        t0 = time.perf_counter()
        for g in range(args.games):
            rows += play(scenario, args.seed + g, args.budget)
        cut = [r for r in rows if r["cut"]]
        kept = [r for r in rows if not r["cut"]]
        wrong += sum(not r["same"] for r in kept)
        before = sum(r["before"] for r in rows)
        after = sum(r["after"] for r in rows)
        print(f"\n{scenario}: {args.games} games, {len(rows)} decisions with a choice, "
              f"{time.perf_counter() - t0:.0f} s, load {os.getloadavg()[0]:.1f} at the end")
        print("  CPU ms a decision")
        print("  " + line("baseline", [r["before"] for r in rows]))
        print("  " + line("budget  ", [r["after"] for r in rows]))
        print(f"  total time, budget / baseline: {after / max(before, 1e-9):.2f}; positions "
              f"looked at a decision, max {max(r['looked'] for r in rows)} -> "
              f"{max(r['looked_after'] for r in rows)}")
        print(f"  decisions the budget cut: {len(cut)}, the same choice in "
              f"{sum(r['same'] for r in cut)} of them; not cut: {len(kept)}, the same "
              f"choice in {sum(r['same'] for r in kept)}")
    if wrong:
        sys.exit(f"{wrong} decisions where the budget did not cut chose otherwise")


if __name__ == "__main__":
    main()
