"""Fit the *Athens & Sparta* search's evaluation (games/athens_sparta/bots/evaluation.py).

Like scripts/fit_evaluation.py for Hellenes: seeded heuristic-v-heuristic games of both
scenarios (the war, and the war with the optional Syracuse points); every fifth decision the
evaluation's facts (the victory terms of §10), the Olympiad and Game Turn, the hand-set worth's
``z`` (``worth / SCALE``, as the search squashed it) and the final result for Athens (1, 0.5,
0), kept as a polars table in Parquet under ``.cache/selfplay/``; one logistic regression for
the one family (both scenarios are decided by the same terms: the Syracuse points change
only Syracuse's value and the first Olympiad's length, which the facts read from the state,
so one fit on both scenarios' games has twice the games of two); the held-out games
(``seed + 10000`` on) scored beside the hand-set worth; ``--write`` stores the weights in
data/athens_sparta/evaluation.json.

A heuristic game takes about 2.3 s, so the shipped fit uses 200 games a scenario to fit and
100 to test: 600 games, 23 minutes of one process under ``nice`` on a busy two-core machine.
Athens wins most of them (about 85 %): fewer games would leave only a handful of Spartan
wins to learn from.

    .venv/bin/python scripts/fit_evaluation_as.py --games 200 --held-out 100 --seed 1 --write
"""

from __future__ import annotations

import math
import sys
import time

import numpy as np
import polars as pl
from fit_evaluation import cached_table, fit_family, scores
from fit_shared import finish, parse, parser, selfplay

from hellenes_nb.core.game import new_game
from hellenes_nb.games.athens_sparta.bots.evaluation import (
    FEATURES,
    WEIGHTS_FILE,
    family,
    features,
)
from hellenes_nb.games.athens_sparta.bots.heuristic import HeuristicBot
from hellenes_nb.games.athens_sparta.bots.searching import SCALE, worth
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA
from hellenes_nb.games.athens_sparta.world import data_dir

SCENARIOS = ATHENS_SPARTA.SCENARIOS
EVERY = 5


def positions(scenario: str, seed: int) -> list[dict]:
    """Rows of one heuristic self-play game (every fifth decision) with Athens' result."""
    game = new_game(scenario, seed)
    bots = {"athens": HeuristicBot(seed), "sparta": HeuristicBot(seed + 1)}
    return selfplay(game, bots, EVERY, lambda st: {
        "scenario": scenario, "seed": seed, "olympiad": st.board.olympiad,
        "turn": st.board.turn, **features(st), "hand_set_z": worth(st, 0) / SCALE})


def tables(first: int, n: int) -> pl.DataFrame:
    """Both scenarios' rows of games ``first`` .. ``first + n - 1`` (cached by scenario)."""
    parts = []
    for sc in SCENARIOS:
        def rows(seed: int, sc: str = sc) -> list[dict]:
            return positions(sc, seed)
        parts.append(cached_table(sc, first, n, rows))
    return pl.concat(parts, how="diagonal")


def main() -> int:
    args = parse(parser(__doc__, games=200, held_out=100))
    if args is None:
        return 2
    t0 = time.perf_counter()
    tr = tables(args.seed, args.games)
    te = tables(args.seed + 10_000, args.held_out)
    fam = family(SCENARIOS[0])
    families = {fam: fit_family(fam, tr, te, FEATURES, te["hand_set_z"].to_numpy(),
                                args.ridge, list(SCENARIOS))}
    # Athens wins most games: beside the hand-set worth, the constant chance of the fitted
    # positions' share of Athens' wins shows what the facts add to the intercept alone
    share = float(tr["result"].mean())
    const = scores(np.full(len(te), math.log(share / (1 - share))), te["result"].to_numpy())
    families[fam]["held_out"]["constant"] = const
    print(f"  held out, constant: {const['positions']} positions, log loss "
          f"{const['log_loss']:.3f}, Brier {const['brier']:.3f}, accuracy {const['accuracy']:.3f}")
    for sc in SCENARIOS:  # the share of Athens' wins, per scenario, for the record
        games = tr.filter(pl.col("scenario") == sc).group_by("seed").agg(pl.col("result").first())
        print(f"  {sc}: Athens scored {games['result'].mean():.3f} in {len(games)} fit games")
    return finish(args, t0, data_dir() / WEIGHTS_FILE, "scripts/fit_evaluation_as.py",
                  f"every {EVERY}th decision of heuristic-v-heuristic games", FEATURES,
                  families)


if __name__ == "__main__":
    sys.exit(main())
