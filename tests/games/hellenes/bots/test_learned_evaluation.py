"""The Hellenes search scores with the weights learned from self-play, shipped as data with
what produced them (docs/bots.md, "The evaluation")."""

from __future__ import annotations

import json

import pytest

from hellenes_nb.core.game import new_game
from hellenes_nb.games.hellenes.bots import terms as terms_mod
from hellenes_nb.games.hellenes.bots.evaluation import FEATURES, hand_weights, value, weights_for
from hellenes_nb.games.hellenes.bots.terms import TermsError, fitted, terms_for
from hellenes_nb.games.hellenes.ruleset import HELLENES
from hellenes_nb.games.hellenes.world.load import data_dir


def test_the_search_scores_with_the_fitted_weights_of_the_scenario_family(tmp_path):
    shipped = json.loads((data_dir() / terms_mod.WEIGHTS_FILE).read_text())
    assert set(shipped["families"]) == {terms_for(sc).family for sc in HELLENES.scenarios}
    assert shipped["script"] == "scripts/fit_evaluation.py" and shipped["commit"]
    for sc in HELLENES.scenarios:
        full = fitted(terms_for(sc).family)
        assert set(full) == {"intercept", *FEATURES}
        assert weights_for(sc) == {k: v for k, v in full.items() if k != "intercept"}
    st = new_game("sicily", seed=2).state
    assert value(st, 0) == value(st, 0, weights_for("sicily"))
    assert value(st, 0) != value(st, 0, hand_weights(terms_for("sicily")))
    folder = tmp_path / "w"
    folder.mkdir()
    (folder / terms_mod.WEIGHTS_FILE).write_text('{"families": {"sicily": {"weights": "x"}}}')
    with pytest.raises(TermsError, match="evaluation.json cannot be used: family 'sicily'"):
        fitted("sicily", folder)


def test_the_shipped_weights_predict_held_out_games_better_than_the_hand_set_ones():
    """The figures the fit wrote for held-out games (other seeds): the learned model's log loss
    and Brier score are below the hand-set weights' in every family."""
    shipped = json.loads((data_dir() / terms_mod.WEIGHTS_FILE).read_text())
    assert shipped["held_out_seeds"][0] > shipped["fit_seeds"][1]
    for fam, rec in shipped["families"].items():
        learned, hand = rec["held_out"]["learned"], rec["held_out"]["hand_set"]
        assert learned["log_loss"] < hand["log_loss"], fam
        assert learned["brier"] < hand["brier"], fam
