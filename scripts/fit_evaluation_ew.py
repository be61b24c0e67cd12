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

import sys
import time

from fit_evaluation import cached_table, fit_family
from fit_shared import finish, parse, parser, selfplay

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
    return selfplay(game, bots, EVERY, lambda st: {
        "seed": seed, "campaign": st.campaign, **features(st, terms),
        "hand_set_z": worth_of(st, 0) / SCALE})


def main() -> int:
    args = parse(parser(__doc__, games=60, held_out=30))
    if args is None:
        return 2
    t0 = time.perf_counter()
    tr = cached_table(SCENARIO, args.seed, args.games, positions)
    te = cached_table(SCENARIO, args.seed + 10_000, args.held_out, positions)
    families = {terms_for(SCENARIO).family: fit_family(
        SCENARIO, tr, te, FEATURES, te["hand_set_z"].to_numpy(), args.ridge, [SCENARIO])}
    return finish(args, t0, data_dir() / WEIGHTS_FILE, "scripts/fit_evaluation_ew.py",
                  f"every {EVERY}th decision of heuristic-v-heuristic games", FEATURES,
                  families)


if __name__ == "__main__":
    sys.exit(main())
