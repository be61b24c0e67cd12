"""§9.5 Year End, §14.2 victory and §10 New Year on the real map."""

from __future__ import annotations

import random

import pytest
from support.hellenes_year_end_positions import P, act, board

from hellenes_nb.core.game import Game, new_game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.hellenes.rules import control, year_end
from hellenes_nb.games.hellenes.ruleset import HELLENES

ATHENS, SPARTA = 0, 1
PERSIAN_AID, NO_QUARTER, PEACE_FACTION, TAXES, CIVIL_WAR = 49, 52, 38, 37, 11


def at_year_end(s) -> Game:
    """A game entering Year End (after Winter) of ``s.year``."""
    s.season = 5
    s.hands, s.played = [[], []], [None, None]
    s.stack = [{"kind": "year", "stage": 7}, {"kind": "year_end", "stage": "tribute"}]
    return Game(HELLENES, s, seed=1)


@pytest.mark.rule("9.51")
def test_9_51_tribute_counts_only_controlled_opposing_cities():
    s = board({"A1": ("megaris", 2), "S1": ("plataea", 2)}, garrisons={"corinth": ATHENS})
    t = year_end.tribute(s)
    assert t["athens"]["cities"] == 2 + 4  # Megara and Corinth, not Athens itself
    assert t["sparta"]["cities"] == 1  # Plataea
    game = at_year_end(s)
    assert game.state.prestige == 6 - 1
    assert game.prompt.kind == "card_play" and game.state.year == 430


@pytest.mark.rule("12.11")
def test_12_11_tribute_is_halved_after_war_resumes_then_persian_aid_and_no_quarter_cost():
    s = board({}, scenario="413", garrisons={"leucas": ATHENS, "pylos": ATHENS,
                                             "plataea": SPARTA, "amphipolis": SPARTA})
    s.in_play = [[PERSIAN_AID, SPARTA], [NO_QUARTER, ATHENS]]
    s.prestige = 0
    t = year_end.tribute(s)
    assert t["athens"] == {"cities": 3, "collected": 1, "penalty": 0, "net": 1}
    assert t["sparta"] == {"cities": 4, "collected": 2, "penalty": 2, "net": 0}
    game = at_year_end(s)
    assert game.state.prestige == 1


@pytest.mark.rule("15.2")
def test_15_2_sicily_tribute_gap_costs_athens_one_each_year_end():
    s = board({}, scenario="sicily", garrisons={"leucas": ATHENS, "pylos": ATHENS,
                                                "plataea": SPARTA, "amphipolis": SPARTA})
    t = year_end.tribute(s)
    assert t["athens"]["net"] == -1 and t["sparta"]["net"] == 0
    s.garrisons[P("camarina")] = [ATHENS, 1]  # a Sicilian city still pays
    control.refresh(s)
    assert year_end.tribute(s)["athens"]["cities"] == 1


@pytest.mark.rule("14.21")
def test_14_21_fifteen_prestige_at_the_victory_check_wins_decisively():
    s = board({"A1": ("megaris", 2)})
    s.prestige = 13
    game = at_year_end(s)
    assert game.over and game.prompt.side == "none"
    assert year_end.result(game.state) == {
        "winner": "athens", "how": "decisive", "prestige": 15,
        "text": game.prompt.text}
    with pytest.raises(IllegalAction, match="stopped"):
        game.apply({"type": "end_actions", "side": "athens"})


@pytest.mark.rule("14.22")
def test_14_22_peace_offer_pays_two_and_wins_when_two_dice_total_less():
    s = board({})
    s.prestige = -11
    game = at_year_end(s)
    assert game.prompt.kind == "peace_offer" and game.prompt.side == "sparta"
    game.state.dice.force([3, 4])
    act(game, "peace_offer", offer=True)
    assert game.state.prestige == -9
    assert year_end.result(game.state)["how"] == "negotiated"
    assert year_end.result(game.state)["winner"] == "sparta"


@pytest.mark.rule("14.22")
def test_14_22_refused_offer_keeps_the_cost_and_play_goes_on():
    s = board({})
    s.prestige = 10
    game = at_year_end(s)
    game.state.dice.force([4, 4])
    act(game, "peace_offer", offer=True)
    assert game.state.prestige == 8 and not game.over
    assert game.prompt.kind == "card_play" and game.state.year == 430


@pytest.mark.rule("14.22")
def test_14_22_peace_faction_lowers_the_offer_to_five_for_one_prestige():
    s = board({})
    s.prestige = 5
    s.in_play = [[PEACE_FACTION, ATHENS]]
    game = at_year_end(s)
    assert game.prompt.kind == "peace_offer"
    assert "pay 1 Prestige" in game.legal_actions()[1]["label"]
    s2 = board({})
    s2.prestige = 9
    assert at_year_end(s2).prompt.kind == "card_play"  # 9 < 10 without the faction


@pytest.mark.rule("9.53")
def test_9_53_markers_and_civil_war_go_taxes_at_athens_choice_cards_reshuffled():
    s = board({})
    s.pillaged, s.civil_war = {P("attica")}, {P("corinth")}
    s.in_play = [[CIVIL_WAR, SPARTA], [TAXES, ATHENS]]
    s.discard, s.deck = [1, 2], [3]
    game = at_year_end(s)
    assert game.prompt.kind == "taxes_removal"
    act(game, "remove_taxes", card=TAXES)
    st = game.state
    assert st.pillaged == set() and st.civil_war == set() and st.in_play == []
    assert st.year == 430 and game.prompt.kind == "card_play"
    dealt = st.hands[0] + st.hands[1]
    assert sorted(st.deck + dealt) == sorted({1, 2, 3, CIVIL_WAR, TAXES} | set(st.deck + dealt))
    assert len(dealt) == 5  # only five cards were left to deal


@pytest.mark.rule("14.24")
def test_14_24_exhaustion_levels():
    assert year_end.exhaustion(10) == (ATHENS, "major")
    assert year_end.exhaustion(-5) == (SPARTA, "minor")
    assert year_end.exhaustion(4) == (-1, "draw")
    assert year_end.exhaustion(-4) == (-1, "draw")


@pytest.mark.rule("14.23")
def test_14_23_the_last_year_ends_the_campaign_by_exhaustion():
    s = board({}, scenario="sicily", garrisons={"leucas": ATHENS, "pylos": ATHENS,
                                                "plataea": SPARTA, "amphipolis": SPARTA})
    s.year = 413
    s.prestige = -4
    game = at_year_end(s)
    assert game.over
    assert year_end.result(game.state)["how"] == "minor"  # -4, then the tribute gap: -5
    assert year_end.result(game.state)["winner"] == "sparta"


@pytest.mark.rule("10.2")
def test_10_2_revolt_is_no_new_year_event_and_new_year_deals_six():
    s = board({})
    game = at_year_end(s)
    st = game.state
    assert len(st.hands[0]) == len(st.hands[1]) == 6 and st.season == 0
    events = {(a["card"], a["use"]) for a in game.legal_actions("sparta")}
    for n in st.hands[1]:
        if st.ix.world.cards[n].event in ("revolt", "helot_uprising"):
            assert (n, "event") not in events


@pytest.mark.rule("14.2")
def test_14_2_game_result_is_none_until_the_game_ends():
    game = new_game("sicily", 3)
    assert game.result is None and not game.over
    rng = random.Random(3)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    res = game.result
    assert res is not None and res["how"] in ("decisive", "negotiated", "major", "minor", "draw")
    assert res["prestige"] == game.state.prestige and res["text"]
