"""Fit the *Amphipolis* search's evaluation (games/amphipolis/bots/evaluation.py).

Like scripts/fit_evaluation.py for Hellenes: seeded heuristic-v-heuristic games of every
scenario; every fifth decision the evaluation's facts (the scenario's victory terms read from
its record, §10), the turn, and the final result for Athens (1, 0.5, 0), kept as a polars
table in Parquet under ``.cache/selfplay/``; a logistic regression fitted per scenario; the
held-out games (``seed + 10000`` on) scored beside the heuristic's hand-set worth squashed as
the search used it; ``--write`` stores the weights in data/amphipolis/evaluation.json. The
games are played and kept in parts (16 seeds to fit, 8 held out), so asking for more games
later plays only the new parts.

    .venv/bin/python scripts/fit_evaluation_amphipolis.py --games 40 --held-out 20 --seed 1 --write
"""

from __future__ import annotations

import sys
import time

import polars as pl
from fit_evaluation import cached_table, fit_family
from fit_shared import finish, parse, parser, selfplay

from hellenes_nb.core.game import new_game
from hellenes_nb.games.amphipolis.bots.evaluation import FEATURES, WEIGHTS_FILE, family, features
from hellenes_nb.games.amphipolis.bots.heuristic import HeuristicBot, worth
from hellenes_nb.games.amphipolis.bots.searching import SCALE
from hellenes_nb.games.amphipolis.world import data_dir

SCENARIOS = ("10.1", "10.2", "10.3", "10.4")
EVERY = 5
#: what the fit starts from: the heuristic's hand-set worth alone, as the search scored before
PRIOR = {"worth": 1.0}


def positions(scenario: str, seed: int) -> list[dict]:
    """Rows of one heuristic self-play game (every fifth decision) with Athens' result."""
    game = new_game(f"amphipolis-{scenario}", seed)
    bots = {"athens": HeuristicBot(seed), "sparta": HeuristicBot(seed + 1)}
    return selfplay(game, bots, EVERY, lambda st: {
        "scenario": scenario, "seed": seed, "turn": st.turn, **features(st),
        "hand_set_z": worth(st, 0) / SCALE})


def with_worth(df: pl.DataFrame) -> pl.DataFrame:
    """A table with the ``worth`` fact: tables played before it was a fact have it as
    ``hand_set_z`` (the same number: the heuristic's worth for Athens over ``SCALE``)."""
    return df if "worth" in df.columns else df.with_columns(pl.col("hand_set_z").alias("worth"))


def main() -> int:
    ap = parser(__doc__, games=40, held_out=20)
    ap.add_argument("--folds", type=int, default=4,
                    help="choose the ridge penalty by cross-validation over this many parts of "
                         "the fitted games (0: use --ridge)")
    ap.add_argument("--scenarios", nargs="+", default=list(SCENARIOS), choices=SCENARIOS)
    args = parse(ap)
    if args is None:
        return 2
    t0 = time.perf_counter()
    families = {}
    for sc in args.scenarios:
        def rows(seed: int, sc: str = sc) -> list[dict]:
            return positions(sc, seed)
        tr, te = (pl.concat(
            [with_worth(cached_table(f"amphipolis-{sc}", f, min(chunk, first + n - f), rows))
             for f in range(first, first + n, chunk)], how="diagonal")
            for first, n, chunk in ((args.seed, args.games, 16),
                                    (args.seed + 10_000, args.held_out, 8)))
        families[family(sc)] = fit_family(sc, tr, te, FEATURES, te["hand_set_z"].to_numpy(),
                                          args.ridge, [f"amphipolis-{sc}"], PRIOR, args.folds)
    return finish(args, t0, data_dir() / WEIGHTS_FILE, "scripts/fit_evaluation_amphipolis.py",
                  f"every {EVERY}th decision of heuristic-v-heuristic games", FEATURES,
                  families)


if __name__ == "__main__":
    sys.exit(main())
