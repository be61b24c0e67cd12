"""The fit of a learned evaluation (scripts/fit_evaluation.py, shared by every game's fitter):
logistic regression towards a prior, the ridge penalty chosen on games left out, and the
learned weights used only when they beat the hand-set score on the fitted games (docs/bots.md,
"The evaluation")."""

from __future__ import annotations

import importlib.util
import sys

import numpy as np
import polars as pl
from support.paths import SCRIPTS

sys.path.insert(0, str(SCRIPTS))
spec = importlib.util.spec_from_file_location("fit_evaluation", SCRIPTS / "fit_evaluation.py")
fe = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fe)


def _games(n_games: int, rows: int, w: tuple[float, float], seed: int = 0) -> pl.DataFrame:
    """Games whose result is drawn from a logistic law of two facts ``a`` (weight ``w[0]``)
    and ``b`` (``w[1]``); ``hand_set_z`` is ``a`` alone."""
    rng = np.random.default_rng(seed)
    out = []
    for g in range(n_games):
        a, b = rng.normal(size=2)
        y = float(rng.random() < 1 / (1 + np.exp(-(w[0] * a + w[1] * b))))
        for _ in range(rows):
            da, db = rng.normal(scale=0.1, size=2)
            out.append({"seed": g, "a": a + da, "b": b + db, "hand_set_z": a + da, "result": y})
    return pl.DataFrame(out)


def test_the_fit_finds_the_weights_of_the_law_that_drew_the_results():
    df = _games(3000, 1, (2.0, -1.0))
    w = fe.fit(df.select("a", "b").to_numpy(), df["result"].to_numpy(), ridge=0.01)
    assert abs(w[0]) < 0.2 and abs(w[1] - 2.0) < 0.3 and abs(w[2] + 1.0) < 0.3


def test_a_large_penalty_keeps_the_prior():
    df = _games(200, 3, (2.0, -1.0))
    w = fe.fit(df.select("a", "b").to_numpy(), df["result"].to_numpy(), ridge=1e7,
               prior=np.array([1.0, 0.0]))
    assert np.allclose(w[1:], [1.0, 0.0], atol=1e-3)


def test_cross_validation_learns_only_what_the_games_left_out_confirm(capsys):
    noise = _games(60, 5, (1.0, 0.0), seed=1)  # the hand-set score is the law; b is noise
    rec = fe.fit_family("toy", noise, noise, ("a", "b"), noise["hand_set_z"].to_numpy(), 1.0,
                        ["toy"], prior={"a": 1.0}, folds=4)
    assert rec["ridge"] in fe.RIDGES
    assert abs(rec["weights"]["a"] - 1.0) < 0.5 and abs(rec["weights"]["b"]) < 0.5
    helps = _games(300, 2, (1.0, 3.0), seed=2)
    rec = fe.fit_family("toy", helps, helps, ("a", "b"), helps["hand_set_z"].to_numpy(), 1.0,
                        ["toy"], prior={"a": 1.0}, folds=4)
    assert rec["used"] and rec["weights"]["b"] > 1.5
    assert rec["cross_validated_log_loss"]["learned"] < rec["cross_validated_log_loss"]["hand_set"]
    assert "use the learned" in capsys.readouterr().out
