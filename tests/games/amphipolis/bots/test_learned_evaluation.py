"""The Amphipolis search scores with weights learned from self-play, one family a scenario,
from facts that read the scenario's victory terms (docs/bots.md, "Amphipolis: a learned
evaluation")."""

from __future__ import annotations

import json
import math

import pytest

from hellenes_nb import new_game
from hellenes_nb.bots.learned import TermsError
from hellenes_nb.games.amphipolis.bots import evaluation as ev
from hellenes_nb.games.amphipolis.bots.heuristic import worth
from hellenes_nb.games.amphipolis.bots.searching import SCALE, AmphipolisSearch
from hellenes_nb.games.amphipolis.rules.common import scenario_of
from hellenes_nb.games.amphipolis.rules.victory import scores
from hellenes_nb.games.amphipolis.world import data_dir

SCENARIOS = ("10.1", "10.2", "10.3", "10.4")


def _state(scenario: str, seed: int = 3):
    return new_game(f"amphipolis-{scenario}", seed).state


RULESET = new_game("amphipolis-10.1", 1).ruleset


def test_every_scenario_has_shipped_weights_that_the_search_reads_when_they_won():
    shipped = json.loads((data_dir() / ev.WEIGHTS_FILE).read_text())
    assert shipped["script"] == "scripts/fit_evaluation_amphipolis.py"
    model = AmphipolisSearch(1)
    for sc in SCENARIOS:
        rec = shipped["families"][sc]
        assert set(rec["weights"]) == {"intercept", *ev.FEATURES}, sc
        assert rec["held_out"]["learned"]["positions"] > 0
        cv = rec["cross_validated_log_loss"]
        assert rec["used"] == (cv["learned"] < cv["hand_set"]), sc
        st = _state(sc)
        w = ev.fitted(ev.family(f"amphipolis-{sc}"))
        for role in (0, 1):
            if rec["used"]:
                centred = {k: v for k, v in w.items() if k != "intercept"}
                assert model.value(RULESET, st, role) == ev.value(st, role, centred)
            else:  # the fit lost on its own games: the hand-set worth stays
                assert w is None
                want = 1 / (1 + math.exp(-worth(st, role) / SCALE))
                assert model.value(RULESET, st, role) == pytest.approx(want)


def test_without_weights_the_search_keeps_the_hand_set_worth(monkeypatch):
    monkeypatch.setattr(ev, "fitted", lambda fam, folder=None: None)
    st = _state("10.1")
    model = AmphipolisSearch(1)
    for role in (0, 1):
        want = 1 / (1 + math.exp(-worth(st, role) / SCALE))
        assert model.value(RULESET, st, role) == pytest.approx(want)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_two_sides_chances_add_up_to_one(scenario):
    st = _state(scenario)
    w = {"vp": 0.3, "land": 0.2, "sieges": 0.5, "advantage": -0.4, "hand": 0.1}
    assert ev.value(st, 0, w) + ev.value(st, 1, w) == pytest.approx(1.0)


@pytest.mark.rule("9.2")
def test_the_lead_counts_for_the_result_only_near_the_end():
    st = _state("10.1")
    vp = scores(st)
    lead = vp[0] - vp[1]
    assert lead != 0
    early = ev.features(st)
    assert early["vp"] == lead and early["vp_late"] == 0 and early["vp_progress"] == 0
    st.turn = st.last - 1
    assert ev.features(st)["vp_late"] == pytest.approx(0.5 * lead)
    st.turn = st.last
    late = ev.features(st)
    assert late["vp_late"] == lead and late["vp_progress"] == lead


@pytest.mark.rule("10.2")
def test_part_of_athens_set_of_towns_counts_until_the_set_is_whole():
    st = _state("10.2")
    start = ev.features(st)
    assert start["set_part"] == 0
    towns = scenario_of(st).both_towns_vp.towns
    st.garrison[towns[0]] = 0
    part = ev.features(st)["set_part"]
    assert part > 0
    st.garrison[towns[1]] = 0
    whole = ev.features(st)
    assert whole["set_part"] == 0  # now in the victory points
    # each town taken from Sparta moves the lead by 2 (§9.2), the whole set by its bonus
    assert whole["vp"] == start["vp"] + 2 * len(towns) + scenario_of(st).both_towns_vp.vp


@pytest.mark.rule("8")
def test_the_advantage_and_the_hands_count_for_their_holder():
    st = _state("10.1")
    st.advantage = 0
    assert ev.features(st)["advantage"] == 1.0
    st.advantage = 1
    assert ev.features(st)["advantage"] == -1.0
    st.hands = [["S1", "S2"], []]
    assert ev.features(st)["hand"] == 2.0


def test_a_weights_file_that_cannot_be_used_is_refused_in_words(tmp_path):
    (tmp_path / ev.WEIGHTS_FILE).write_text('{"families": {"10.1": {"weights": {"vp": "x"}}}}')
    with pytest.raises(TermsError, match="evaluation.json cannot be used"):
        ev.fitted("10.1", tmp_path)
    assert ev.fitted("10.1", tmp_path / "nowhere") is None


def test_a_family_whose_fit_lost_to_the_hand_set_worth_is_not_used(tmp_path):
    rec = {"weights": {"intercept": 0.1, "worth": 0.9}}
    (tmp_path / ev.WEIGHTS_FILE).write_text(json.dumps(
        {"families": {"10.1": {**rec, "used": False}, "10.2": {**rec, "used": True},
                      "10.3": rec}}))
    assert ev.fitted("10.1", tmp_path) is None
    assert ev.fitted("10.2", tmp_path) == rec["weights"]
    assert ev.fitted("10.3", tmp_path) == rec["weights"]
