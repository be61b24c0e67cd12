"""§3.11 leaders and the continuing events of §3.1 and §13: Civil War, Athens Raises Taxes,
Persian Aid, Peace and War Faction Ascendant, No Quarter; Year End cleanup."""

from __future__ import annotations

import pytest
from support.hellenes_event_positions import RULES, WORLD, board, card_with, choices, choose, play

from hellenes_nb.core.game import Game
from hellenes_nb.games.hellenes.index import ATHENS, SPARTA
from hellenes_nb.games.hellenes.rules import cards, events, persia

CLEON = card_with("leader", leader="cleon")
BRASIDAS = card_with("leader", leader="brasidas")
DEMOSTHENES = card_with("leader", leader="demosthenes")
CIVIL = card_with("civil_war")
TAXES = card_with("athens_raises_taxes")
AID = card_with("persian_aid")
PEACE = card_with("peace_faction_ascendant")
WAR = card_with("war_faction_ascendant")
NO_QUARTER = card_with("no_quarter")


def _leaderless(s, side):
    n = s.leaders[side]
    s.leaders[side] = None
    s.in_play = [x for x in s.in_play if x[0] != n]


@pytest.mark.rule("3.11")
def test_3_11_a_leader_needs_its_side_leaderless_and_either_player_may_play_it():
    s = board()
    assert "already has a leader" in events.event_reason(s, ATHENS, CLEON, False)
    _leaderless(s, ATHENS)
    g = play(s, "sparta", CLEON)  # Sparta may introduce an Athenian leader
    assert g.state.leaders[ATHENS] == CLEON and [CLEON, ATHENS] in g.state.in_play


@pytest.mark.rule("3.11")
def test_3_11_plus_one_leader_adds_an_action_per_turn_but_not_on_event_turns():
    s = board()
    _leaderless(s, SPARTA)
    play(s, "athens", BRASIDAS)
    two = next(n for n in range(12, 45) if WORLD.cards[n].actions == 2)
    s.played[SPARTA] = {"card": two, "use": "actions"}
    assert cards.action_count(s, SPARTA) == 3
    s.played[SPARTA] = {"card": two, "use": "event"}
    assert cards.action_count(s, SPARTA) == 0


@pytest.mark.rule("3.11")
def test_3_11_second_leader_event_for_the_same_side_in_a_season_is_wasted():
    s = board()
    _leaderless(s, ATHENS)
    s.played[ATHENS] = {"card": CLEON, "use": "event"}
    s.played[SPARTA] = {"card": DEMOSTHENES, "use": "event"}
    # a played card has left the deck and the hands
    s.deck = [n for n in s.deck if n not in (CLEON, DEMOSTHENES)]
    s.hands = [[n for n in h if n not in (CLEON, DEMOSTHENES)] for h in s.hands]
    s.stack = [{"kind": "test_end"}]
    events.resolve_event(s, SPARTA)  # Sparta has the initiative on a tie (§3.3)
    events.resolve_event(s, ATHENS)
    assert s.leaders[ATHENS] == DEMOSTHENES
    assert any(e["kind"] == "event_wasted" for e in s.log)
    cards.discard_played(s)
    assert CLEON in s.discard and DEMOSTHENES not in s.discard


@pytest.mark.rule("3.1")
def test_3_1_civil_war_marks_an_unbesieged_city_until_year_end():
    s = board({"A1": ("megaris", 3), "S3": ("megaris", 2, "inside")})
    s.sieges[s.ix.place("megaris")] = {"besieger": ATHENS, "since": [s.year, 1, 0],
                                       "blockaded_since": None}
    g = play(s, "athens", CIVIL)
    assert "megaris" not in choices(g)  # besieged
    assert "attica" not in choices(g)  # not against Athens while Pericles leads (§15.1)
    choose(g, "athens", "corinth")
    st = g.state
    corinth = st.ix.place("corinth")
    assert not cards.double_defense(st, corinth)
    assert [CIVIL, ATHENS] in st.in_play
    st.stack = [{"kind": "test_end"}]
    cards.year_end_cleanup(st)
    assert cards.double_defense(st, corinth) and CIVIL in st.discard
    assert all(n != CIVIL for n, _ in st.in_play)


@pytest.mark.rule("15.1")
def test_15_1_civil_war_in_athens_once_pericles_is_gone():
    s = board()
    _leaderless(s, ATHENS)
    assert "attica" in choices(play(s, "sparta", CIVIL))


@pytest.mark.rule("3.1")
def test_3_1_athens_raises_taxes_adds_an_action_and_can_be_dropped_at_year_end():
    s = board()
    g = play(s, "athens", TAXES)
    st = g.state
    assert cards.continuing_bonus(st, ATHENS) == 1
    st.stack = [{"kind": "test_end"}]
    cards.year_end_cleanup(st)
    g = Game(RULES, st, seed=1)
    assert {a["type"] for a in g.legal_actions()} == {"keep_taxes", "remove_taxes"}
    g.apply({"type": "remove_taxes", "side": "athens", "card": TAXES})
    assert cards.continuing_bonus(g.state, ATHENS) == 0 and g.over


@pytest.mark.rule("13.1")
def test_13_1_persian_aid_gives_sparta_an_action_and_costs_prestige_each_year_end():
    s = board(scenario="413")
    lydia = s.ix.place("lydia")
    assert s.neutral[lydia]
    g = play(s, "sparta", AID)
    st = g.state
    assert persia.aid_count(st) == 1 and cards.continuing_bonus(st, SPARTA) == 1
    assert not st.neutral[lydia]  # Persia may now be entered (§13.2)
    before = st.prestige
    assert cards.year_end_prestige(st) == 1 and st.prestige == before + 1
    assert persia.revolt_limits(st) == {"spreading": False, "regional": True, "tax": True}


@pytest.mark.rule("12.0")
def test_12_0_no_persian_aid_or_war_tax_during_the_peace():
    s = board(scenario="415")
    assert "Peace of Nicias" in events.event_reason(s, SPARTA, AID, False)
    assert "Peace of Nicias" in events.event_reason(s, ATHENS, TAXES, False)
    assert "athens event" in events.event_reason(board(), SPARTA, TAXES, False)


@pytest.mark.rule("14.22")
def test_14_22_peace_and_war_factions_set_the_peace_offer_terms():
    s = board()
    assert cards.peace_offer_terms(s) == (10, 2)
    g = play(s, "athens", PEACE)
    assert cards.peace_offer_terms(g.state) == (5, 1)
    g = play(g.state, "sparta", WAR)
    st = g.state
    assert cards.peace_offer_terms(st) == (10, 2)
    assert PEACE in st.discard and [WAR, SPARTA] in st.in_play


@pytest.mark.rule("3.1")
def test_3_1_no_quarter_bars_athenian_e2_fleets_and_costs_sparta_prestige():
    s = board()
    e2, f2 = s.ix.unit("A9"), s.ix.unit("A12")
    assert not cards.no_quarter_bars(s, e2)
    g = play(s, "athens", NO_QUARTER)
    st = g.state
    assert "E2" in cards.no_quarter_bars(st, e2)
    assert not cards.no_quarter_bars(st, f2)
    before = st.prestige
    assert cards.year_end_prestige(st) == 1 and st.prestige == before + 1
