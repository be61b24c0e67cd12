"""§3.12 revolts (regional, spreading, tax), §13.3 Persian Aid reductions, §10.2, §12.0 and the
§3.1 Helot Uprising."""

from __future__ import annotations

import pytest
from support.hellenes_event_positions import board, card_with, choices, choose, play

from hellenes_nb.games.hellenes.index import ATHENS, SPARTA
from hellenes_nb.games.hellenes.rules import cards, control, events

IONIA = card_with("revolt", region="ionia", spreading=True)
EUBOEA = card_with("revolt", region="euboea", spreading=False)
MYTILENE = card_with("revolt", region="aeolian_islands", spreading=False)
TAXES = [n for n in range(1, 56) if cards.card_record(board(), n).event == "athens_raises_taxes"]
AID = [n for n in range(1, 56) if cards.card_record(board(), n).event == "persian_aid"]
HELOTS = card_with("helot_uprising")
IONIA_CITIES = ["aeolis", "cnidus", "ephesus", "erythrae", "miletus"]


def _spartan_thrace(s):
    """Amphipolis already held by a Spartan garrison: Thrace is a rebellious region (§1.33)."""
    s.garrisons[s.ix.place("amphipolis")] = [SPARTA, 1]
    control.refresh(s)


@pytest.mark.rule("3.12")
def test_3_12_regional_revolt_puts_a_spartan_garrison_in_a_vacant_subject_city():
    s = board({"A1": ("miletus", 2)})
    g = play(s, "sparta", IONIA)
    assert sorted(choices(g)) == sorted(c for c in IONIA_CITIES if c != "miletus")
    choose(g, "sparta", "ephesus")
    p = g.state.ix.place("ephesus")
    assert g.state.garrisons[p] == [SPARTA, 1]
    assert g.state.city_control[p] == SPARTA
    assert g.over


@pytest.mark.rule("3.12")
def test_3_12_spreading_revolt_may_go_to_a_rebellious_region_only_if_the_card_says_so():
    s = board()
    _spartan_thrace(s)
    g = play(s, "sparta", IONIA)
    assert {"abdera", "maronea"} <= set(choices(g))
    assert "chalcis" not in choices(g)  # Euboea holds no Spartan-controlled city
    s = board()
    _spartan_thrace(s)
    g = play(s, "sparta", EUBOEA)
    assert sorted(choices(g)) == ["chalcis", "eretria"]


@pytest.mark.rule("3.12")
def test_3_12_aeolian_islands_can_revolt():
    g = play(board(), "sparta", MYTILENE)
    assert sorted(choices(g)) == ["chios", "lesbos"]


@pytest.mark.rule("3.12")
def test_3_12_one_tax_revolt_per_athens_raises_taxes_card():
    s = board()
    s.in_play += [[TAXES[0], ATHENS], [TAXES[1], ATHENS]]
    g = play(s, "sparta", EUBOEA)
    choose(g, "sparta", "chalcis")
    assert "eretria" in choices(g) and "done" in choices(g)
    choose(g, "sparta", "eretria")
    assert g.state.garrisons[g.state.ix.place("eretria")][0] == SPARTA
    assert g.over  # Euboea has no vacant city left for the second Tax Revolt


@pytest.mark.rule("3.12")
def test_3_12_tax_revolts_may_be_declined():
    s = board()
    s.in_play.append([TAXES[0], ATHENS])
    g = play(s, "sparta", IONIA)
    choose(g, "sparta", "miletus")
    choose(g, "sparta", "done")
    assert g.over
    assert sum(1 for gar in g.state.garrisons.values() if gar[0] == SPARTA) == 1


@pytest.mark.rule("3.12")
def test_3_12_no_tax_revolt_without_a_regional_or_spreading_revolt():
    # Euboea's two cities are held, Thrace is rebellious and Athens Raises Taxes is in play:
    # with no Persian Aid a Tax Revolt only comes with the card's own revolt, so none here
    s = board({"A1": ("chalcis", 2), "A2": ("eretria", 2)})
    _spartan_thrace(s)
    s.in_play.append([TAXES[0], ATHENS])
    control.refresh(s)
    assert "no vacant Athenian subject city can revolt" in events.event_reason(s, SPARTA, EUBOEA,
                                                                               False)


@pytest.mark.rule("13.3")
def test_13_3_one_persian_aid_cancels_spreading_revolts():
    s = board()
    _spartan_thrace(s)
    s.in_play.append([AID[0], SPARTA])
    g = play(s, "sparta", IONIA)
    assert sorted(choices(g)) == IONIA_CITIES


@pytest.mark.rule("13.3")
def test_13_3_two_persian_aid_leave_only_tax_revolts():
    s = board()
    s.in_play += [[AID[0], SPARTA], [AID[1], SPARTA]]
    assert "Persian Aid" in events.event_reason(s, SPARTA, IONIA, False)
    s.in_play.append([TAXES[0], ATHENS])
    g = play(s, "sparta", IONIA)
    assert choices(g) == ["done"]  # the regional revolt itself is cancelled
    choose(g, "sparta", "done")
    assert set(choices(g)) == {*IONIA_CITIES, "done"}


@pytest.mark.rule("13.3")
def test_13_3_three_persian_aid_cancel_every_revolt():
    s = board()
    s.in_play += [[n, SPARTA] for n in AID] + [[TAXES[0], ATHENS]]
    assert "three Persian Aid" in events.event_reason(s, SPARTA, IONIA, False)


@pytest.mark.rule("3.12")
def test_3_12_revolt_needs_a_vacant_city_and_only_sparta_plays_it():
    units = {f"A{i + 1}": (c, 1) for i, c in enumerate(["chalcis", "eretria"])}
    s = board(units)
    assert "no vacant" in events.event_reason(s, SPARTA, EUBOEA, False)
    assert "sparta event" in events.event_reason(board(), ATHENS, EUBOEA, False)


@pytest.mark.rule("10.2")
def test_10_2_revolts_and_helot_uprisings_are_not_new_year_events():
    s = board()
    assert "New Year" in events.event_reason(s, SPARTA, IONIA, True)
    assert "New Year" in events.event_reason(s, ATHENS, HELOTS, True)


@pytest.mark.rule("12.0")
def test_12_0_no_revolt_or_uprising_during_the_peace_of_nicias():
    s = board(scenario="415")
    assert "Peace of Nicias" in events.event_reason(s, SPARTA, IONIA, False)
    assert "Peace of Nicias" in events.event_reason(s, ATHENS, HELOTS, False)


@pytest.mark.rule("3.1")
def test_3_1_helot_uprising_garrisons_a_vacant_lacedaemonian_city():
    s = board({"S1": ("laconia", 4)})
    g = play(s, "athens", HELOTS)
    assert sorted(choices(g)) == ["messenia", "pylos"]
    choose(g, "athens", "pylos")
    p = g.state.ix.place("pylos")
    assert g.state.garrisons[p] == [ATHENS, 1] and g.state.city_control[p] == ATHENS


@pytest.mark.rule("3.1")
def test_3_1_helot_uprising_is_wasted_if_the_city_filled_up_before_resolution():
    s = board({"S1": ("laconia", 4), "S2": ("messenia", 2)})
    g = play(s, "athens", HELOTS)
    st = g.state
    st.loc[st.ix.unit("S3")] = st.ix.place("pylos")  # the map changed before Athens resolves
    st.cv[st.ix.unit("S3")] = 1
    g2 = type(g)(g.ruleset, st, seed=1)
    assert g2.over
    assert any(e["kind"] == "event_wasted" for e in g2.log)

