"""The search's evaluation reads each scenario's victory terms and its fitted weights as data
(docs/bots.md, "Scenario terms" and "The evaluation")."""

from __future__ import annotations

import shutil

import pytest

from hellenes_nb.core.game import new_game
from hellenes_nb.games.hellenes.bots import terms as terms_mod
from hellenes_nb.games.hellenes.bots.evaluation import (
    features,
    hand_weights,
    value,
)
from hellenes_nb.games.hellenes.bots.terms import TermsError, terms_for
from hellenes_nb.games.hellenes.ruleset import HELLENES
from hellenes_nb.games.hellenes.world.load import data_dir


def _copy_data(tmp_path):
    folder = tmp_path / "hellenes"
    folder.mkdir()
    shutil.copy(data_dir() / terms_mod.TERMS_FILE, folder)
    return folder


def test_every_scenario_has_terms_and_every_term_names_its_section():
    for sc in HELLENES.scenarios:
        t = terms_for(sc)
        assert t.scenario == sc
        given = {k for k in ("decisive_lead", "last_year_prestige", "war_resumes")}
        if t.yearly_prestige:
            given.add("yearly_prestige")
        assert given <= set(t.sections), f"{sc}: a term without its section"


@pytest.mark.rule("14.24")
def test_last_year_weight_is_read_from_the_terms_and_counts_only_in_the_last_year(tmp_path):
    folder = _copy_data(tmp_path)
    path = folder / terms_mod.TERMS_FILE
    path.write_text(path.read_text().replace("last_year_prestige: 0.2",
                                             "last_year_prestige: 0.9", 1))
    changed = terms_for("431", folder)
    shipped = terms_for("431")
    assert shipped.last_year_prestige == 0.2 and changed.last_year_prestige == 0.9
    game = new_game("431", seed=3)
    st = game.state
    st.prestige = 4
    assert value(st, 0, hand_weights(shipped)) == value(st, 0, hand_weights(changed))
    st.year = st.ix.world.scenarios["431"].years[1]  # the final year
    late_shipped = value(st, 0, hand_weights(shipped))
    late_changed = value(st, 0, hand_weights(changed))
    assert late_changed > late_shipped > 0.5
    assert value(st, 1, hand_weights(changed)) < value(st, 1, hand_weights(shipped))


@pytest.mark.rule("15.2")
def test_sicily_yearly_prestige_loss_is_counted_for_the_year_ends_still_to_come():
    game = new_game("sicily", seed=1)
    st = game.state
    assert terms_for("sicily").yearly_lead() == -1
    assert features(st)["prestige_due"] == -2.0  # 415: the Year Ends of 414 and 413 remain
    st.year = 414
    assert features(st)["prestige_due"] == -1.0
    st.year = 413
    assert features(st)["prestige_due"] == 0.0
    assert features(new_game("431", seed=1).state)["prestige_due"] == 0.0
    w = {"prestige_due": 0.25}
    st.year = 415
    early = value(st, 0, w)
    st.year = 413
    assert early < value(st, 0, w) == 0.5  # Athens' prospects rise as the penalty is paid


@pytest.mark.rule("12.1")
def test_war_resumed_is_a_fact_of_the_evaluation():
    st = new_game("415", seed=1).state
    assert terms_for("415").war_resumes == "by_choice"
    assert features(st)["war"] == 0.0
    st.flags["war_resumed"] = True
    assert features(st)["war"] == 1.0
    assert features(new_game("413", seed=1).state)["war"] == 1.0


def test_a_scenario_without_terms_and_a_bad_file_are_refused_in_words(tmp_path):
    with pytest.raises(TermsError, match="no victory terms for scenario 'nowhere'"):
        terms_for("nowhere")
    folder = _copy_data(tmp_path)
    path = folder / terms_mod.TERMS_FILE
    path.write_text(path.read_text().replace("decisive_lead: 15", "decisive_lead: many", 1))
    with pytest.raises(TermsError, match="victory_terms.yaml.*decisive_lead"):
        terms_for("431", folder)


def test_scoring_looks_for_the_data_folder_once_not_at_every_rollout(monkeypatch):
    """The terms are read at every score; finding the data folder on disk each time made a
    score six times slower (docs/bots.md, "Speed")."""
    real = terms_mod.data_dir
    calls = []
    monkeypatch.setattr(terms_mod, "data_dir", lambda: calls.append(1) or real())
    terms_mod._home.cache_clear()
    st = new_game("431", seed=4).state
    for _ in range(20):
        value(st, 0)
        terms_for("413")
    assert len(calls) == 1
