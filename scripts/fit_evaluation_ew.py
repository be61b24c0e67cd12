"""Fit the *300: Earth & Water* search's evaluation (games/earth_water/bots/evaluation.py).

Like scripts/fit_evaluation.py for Hellenes: seeded heuristic-v-heuristic games; every fifth
decision the evaluation's facts (the game's victory terms included, data/earth_water/
victory_terms.yaml), the campaign, and the final result for Greece (1, 0.5, 0), kept as a
polars table in Parquet under ``.cache/selfplay/``; a logistic regression fitted on them; the
held-out games (``seed + 10000`` on) scored beside the heuristic's hand-set worth squashed as
the search used it; ``--write`` stores the weights in data/earth_water/evaluation.json.

    .venv/bin/python scripts/fit_evaluation_ew.py --games 60 --held-out 30 --seed 1 --write
"""

from __future__ import annotations

import argparse
import sys
import time

from fit_evaluation import cached_table, fit_family, write_weights

from hellenes_nb.bots import deciding_sides
from hellenes_nb.core.game import new_game
from hellenes_nb.games.earth_water.bots.evaluation import (
    FEATURES,
    WEIGHTS_FILE,
    features,
    terms_for,
)
from hellenes_nb.games.earth_water.bots.heuristic import HeuristicBot
from hellenes_nb.games.earth_water.bots.judge import worth_of
from hellenes_nb.games.earth_water.bots.searching import SCALE
from hellenes_nb.games.earth_water.world import data_dir

SCENARIO = "earth-water"
EVERY = 5


def positions(seed: int) -> list[dict]:
    """Rows of one heuristic self-play game (every fifth decision) with Greece's result."""
    game = new_game(SCENARIO, seed)
    bots = {"greece": HeuristicBot(seed), "persia": HeuristicBot(seed + 1)}
    terms = terms_for(SCENARIO)
    rows, n = [], 0
    while not game.over:
        if n % EVERY == 0:
            st = game.state
            rows.append({"seed": seed, "campaign": st.campaign, **features(st, terms),
                         "hand_set_z": worth_of(st, 0) / SCALE})
        for side in deciding_sides(game):
            game.apply(bots[side].choose(game, side))
        n += 1
    winner = game.result["winner"]
    y = 1.0 if winner == "greece" else 0.5 if winner is None else 0.0
    return [{**r, "result": y} for r in rows]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--held-out", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ridge", type=float, default=1.0)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    if not (1 <= args.games <= 5000 and 1 <= args.held_out <= 5000 and args.seed >= 0):
        print("--games and --held-out must be 1 to 5000, --seed 0 or more", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    tr = cached_table(SCENARIO, args.seed, args.games, positions)
    te = cached_table(SCENARIO, args.seed + 10_000, args.held_out, positions)
    families = {terms_for(SCENARIO).family: fit_family(
        SCENARIO, tr, te, FEATURES, te["hand_set_z"].to_numpy(), args.ridge, [SCENARIO])}
    print(f"{time.perf_counter() - t0:.0f} s")
    if args.write:
        write_weights(data_dir() / WEIGHTS_FILE, "scripts/fit_evaluation_ew.py", args,
                      f"every {EVERY}th decision of heuristic-v-heuristic games", FEATURES,
                      families)
    return 0


if __name__ == "__main__":
    sys.exit(main())
