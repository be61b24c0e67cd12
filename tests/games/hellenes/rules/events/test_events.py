"""§3.1 one-turn events: Plague Strikes/Returns (and §15.1 Pericles), Treachery, Hunger,
Earthquake, Augury, Atrocity, Leader Ostracized (§3.11, §15.1); no events in Winter."""

from __future__ import annotations

import pytest
from support.hellenes_event_positions import besiege, board, card_with, choices, choose, play

from hellenes_nb.games.hellenes.index import ATHENS, SPARTA
from hellenes_nb.games.hellenes.rules import cards, events
from hellenes_nb.games.hellenes.rules.siege.sortie import sortie_candidates

PLAGUE = card_with("plague_strikes")
RETURNS = card_with("plague_returns")
TREACHERY = card_with("treachery")
HUNGER = card_with("hunger")
QUAKE = card_with("earthquake")
AUGURY = card_with("augury")
ATROCITY = card_with("atrocity")
OSTRACISM = card_with("leader_ostracized")


def _megara_siege(cv=(3, 1)):
    """Athenians besiege Megara (a port) since Spring; two Spartan blocks inside."""
    s = board({"A1": ("megaris", 3), "A9": ("saronic_gulf", 2),
               "S3": ("megaris", cv[0], "inside"), "S4": ("megaris", cv[1], "inside")})
    besiege(s, "megaris", "athens")
    return s


@pytest.mark.rule("3.1")
def test_3_1_plague_strikes_every_unit_above_cadre_in_a_besieged_city():
    s = _megara_siege((3, 1))
    g = play(s, "athens", PLAGUE)
    assert choices(g) == ["megaris"]
    choose(g, "athens", "megaris")
    st, ix = g.state, g.state.ix
    assert st.cv[ix.unit("S3")] == 2
    assert st.cv[ix.unit("S4")] == 1  # a cadre keeps its last step
    assert st.cv[ix.unit("A1")] == 3  # besiegers are outside the city
    assert st.flags["plague_struck"] == 1


@pytest.mark.rule("3.1")
def test_3_1_plague_strikes_needs_a_besieged_city():
    s = board({"A1": ("attica", 4)})
    assert "besieged" in events.event_reason(s, ATHENS, PLAGUE, False)


@pytest.mark.rule("3.1")
def test_3_1_plague_returns_needs_an_earlier_plague_but_no_siege():
    s = board({"S1": ("laconia", 4), "S7": ("laconia", 1)})
    assert "Plague Strikes" in events.event_reason(s, ATHENS, RETURNS, False)
    s.flags["plague_struck"] = 1
    g = play(s, "athens", RETURNS)
    assert choices(g) == ["laconia"]
    choose(g, "athens", "laconia")
    assert g.state.cv[g.state.ix.unit("S1")] == 3
    assert g.state.cv[g.state.ix.unit("S7")] == 1


@pytest.mark.rule("15.1")
def test_15_1_second_plague_in_athens_kills_pericles_and_ends_the_plague():
    s = board({"A1": ("attica", 4)})
    s.flags["plague_struck"] = 1
    pericles = s.leaders[ATHENS]
    for _ in range(2):
        g = play(s, "sparta", RETURNS)
        choose(g, "sparta", "attica")
        s = g.state
    assert s.leaders[ATHENS] is None
    assert pericles not in [n for n, _ in s.in_play]
    assert "no further plague" in events.event_reason(s, SPARTA, RETURNS, False)


@pytest.mark.rule("15.1")
def test_15_1_the_second_plague_removes_pericles_card_even_out_of_office():
    s = board({"A1": ("attica", 4)})
    s.flags["plague_struck"] = 1
    pericles = s.leaders[ATHENS]
    s.leaders[ATHENS] = None                      # ostracized earlier: his card is in the deck
    s.in_play = [x for x in s.in_play if x[0] != pericles]
    s.deck.append(pericles)
    for _ in range(2):
        g = play(s, "sparta", RETURNS)
        choose(g, "sparta", "attica")
        s = g.state
    assert pericles not in s.deck + s.discard + s.hands[0] + s.hands[1]
    assert any(e["kind"] == "pericles_dies" and "out of office" in e["text"] for e in g.log)


@pytest.mark.rule("3.1")
def test_3_1_treachery_starts_a_single_round_assault_without_double_defense():
    s = _megara_siege()
    g = play(s, "athens", TREACHERY)
    assert choices(g) == ["megaris"]
    choose(g, "athens", "megaris")
    top = g.state.stack[-1]
    assert top["kind"] == "capitulation" and top["treachery"] is True
    assert cards.treachery_city(g.state, ATHENS) == g.state.ix.place("megaris")
    assert cards.treachery_city(g.state, SPARTA) == -1


@pytest.mark.rule("3.1")
def test_3_1_treachery_needs_a_siege_from_a_prior_season():
    s = _megara_siege()
    s.sieges[s.ix.place("megaris")]["since"] = [s.year, s.season, 0]
    assert "prior season" in events.event_reason(s, ATHENS, TREACHERY, False)


@pytest.mark.rule("10.2")
def test_10_2_treachery_at_new_year_is_wasted_there_is_no_combat():
    s = _megara_siege()
    s.season = 0
    s.sieges[s.ix.place("megaris")]["since"] = [s.year + 1, 4, 0]  # last year's Fall
    g = play(s, "athens", TREACHERY, new_year=True)
    assert choices(g) == [] and g.over
    assert g.log[-1]["kind"] == "event_wasted" and "no combat at New Year" in g.log[-1]["text"]
    assert cards.treachery_city(g.state, ATHENS) == -1


@pytest.mark.rule("3.1")
def test_3_1_treachery_is_wasted_under_the_enemys_augury():
    s = play(_megara_siege(), "sparta", AUGURY).state       # Sparta resolves first
    g = play(s, "athens", TREACHERY)
    assert choices(g) == [] and g.over
    assert "Treachery is wasted" in g.log[-1]["text"] and "Augury" in g.log[-1]["text"]
    assert cards.treachery_city(g.state, ATHENS) == -1


@pytest.mark.rule("3.1")
def test_3_1_hunger_makes_attrition_hit_on_1_and_2_this_season_only():
    s = board({"A1": ("boeotia", 3), "S26": ("boeotia", 2, "inside")})
    besiege(s, "boeotia", "athens")
    g = play(s, "athens", HUNGER)
    choose(g, "athens", "boeotia")
    st = g.state
    thebes = st.ix.place("boeotia")
    assert cards.hunger_max(st, thebes) == 2
    st.season += 1
    assert cards.hunger_max(st, thebes) == 0


@pytest.mark.rule("3.1")
def test_3_1_hunger_on_a_port_needs_a_blockade():
    s = board({"A1": ("megaris", 3), "S3": ("megaris", 2, "inside"),
               "S9": ("saronic_gulf", 2)})  # Spartan fleet holds Megara's offshore sea
    besiege(s, "megaris", "athens")
    assert "blockaded" in events.event_reason(s, ATHENS, HUNGER, False)


@pytest.mark.rule("3.1")
def test_3_1_earthquake_stops_enemy_moves_and_pillage_for_the_season():
    g = play(board(), "sparta", QUAKE)
    st = g.state
    assert cards.season_ban(st, ATHENS, "move") and cards.season_ban(st, ATHENS, "pillage")
    assert not cards.season_ban(st, ATHENS, "engage")
    assert not cards.season_ban(st, SPARTA, "move")
    st.season += 1
    assert not cards.season_ban(st, ATHENS, "move")


@pytest.mark.rule("3.1")
def test_3_1_augury_stops_enemy_engaging_and_assaults_not_attrition():
    g = play(board(), "athens", AUGURY)
    st = g.state
    assert "Augury" in cards.season_ban(st, SPARTA, "engage")
    assert "Augury" in cards.season_ban(st, SPARTA, "assault")
    assert not cards.season_ban(st, SPARTA, "move")
    with pytest.raises(ValueError, match="attrition"):
        cards.season_ban(st, SPARTA, "attrition")


@pytest.mark.rule("3.1")
def test_3_1_augury_bars_the_enemys_sorties():
    s = board({"A1": ("boeotia", 2), "S26": ("boeotia", 4, "inside")})
    besiege(s, "boeotia", "athens")
    assert sortie_candidates(s, SPARTA) == [s.ix.unit("S26")]
    s = play(s, "athens", AUGURY).state
    assert sortie_candidates(s, SPARTA) == []        # a sortie engages (§8.3)
    assert sortie_candidates(s, ATHENS) == []        # nobody besieged there


@pytest.mark.rule("3.1")
def test_3_1_atrocity_costs_an_enemy_with_a_plus_one_leader_2_prestige():
    s = board()  # 431: Pericles (+1) leads Athens, Archidamos (0) Sparta
    assert "+1 leader" in events.event_reason(s, ATHENS, ATROCITY, False)
    before = s.prestige
    g = play(s, "sparta", ATROCITY)
    assert g.state.prestige == before - 2


@pytest.mark.rule("3.1")
def test_3_1_atrocity_is_wasted_if_the_enemy_leader_is_gone_when_it_resolves():
    s = board()                                   # 431: Pericles (+1) leads Athens
    assert events.event_reason(s, SPARTA, ATROCITY, False) is None  # committed while he leads
    pericles = s.leaders[ATHENS]
    s.leaders[ATHENS] = None                      # an ostracism resolved first (§3.11)
    s.in_play = [x for x in s.in_play if x[0] != pericles]
    before = s.prestige
    s.played[SPARTA] = {"card": ATROCITY, "use": "event"}
    s.stack = [{"kind": "test_end"}]
    events.resolve_event(s, SPARTA)
    assert s.prestige == before
    assert s.log[-1]["kind"] == "event_wasted" and "no +1 leader" in s.log[-1]["text"]


@pytest.mark.rule("3.11")
def test_3_11_ostracism_deposes_a_leader_and_returns_its_card_to_the_deck():
    s = board()
    archidamos = s.leaders[SPARTA]
    g = play(s, "athens", OSTRACISM)
    assert choices(g) == [str(archidamos)]  # Pericles is protected in 431 (§15.1)
    choose(g, "athens", str(archidamos))
    st = g.state
    assert st.leaders[SPARTA] is None and archidamos in st.deck
    assert archidamos not in [n for n, _ in st.in_play]


@pytest.mark.rule("15.1")
def test_15_1_pericles_can_be_ostracized_after_athens_was_pillaged_last_season():
    s = board()
    s.flags["pillaged_now:attica"] = s.year * 100 + (s.season - 1) * 10 + SPARTA
    g = play(s, "sparta", OSTRACISM)
    assert str(s.leaders[ATHENS]) in choices(g)


@pytest.mark.rule("3.1")
def test_3_1_no_events_in_winter():
    s = board(season=5)
    assert "Winter" in events.event_reason(s, SPARTA, QUAKE, False)
