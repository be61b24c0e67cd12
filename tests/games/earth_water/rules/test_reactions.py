"""Reaction cards (Lightning cards, §6.1): the seven reactions, and windows that tell the
other side nothing about the cards held."""

from __future__ import annotations

import pytest
from support.earth_water_positions import count, do, ew_game, play


def first_round(game):
    return next(e for e in game.log if e["kind"] == "battle_round")


@pytest.mark.rule("6.1")
def test_6_1_a_window_opens_whether_or_not_the_card_is_held():
    """After a Tribute, Greece is asked about Molon Labe with or without the card: Persia sees
    the same pause, the same prompt and the same public log either way."""
    seen = []
    for greek in ((12,), (13,)):
        game = ew_game(greek=greek, persian=(2,), ga={"thebai": 1})
        play(game, "persia", 2, "event")
        do(game, type="choose_city", city="pella")
        view = game.view("persia")
        seen.append((game.prompt.side, game.prompt.text, view["prompt"], view["hands"]["greece"],
                     [e["text"] for e in game.log_for("persia")]))
    assert seen[0] == seen[1]


@pytest.mark.rule("6.1")
def test_6_1_no_window_when_the_card_is_known_to_be_elsewhere():
    game = ew_game(greek=(13,), persian=(2,), ga={"thebai": 1})
    game.state.deck.remove(12)
    game.state.discard.append(12)  # Molon Labe lies face up on the discard pile
    play(game, "persia", 2, "event")
    do(game, type="choose_city", city="pella")
    assert game.prompt.kind == "operations"


@pytest.mark.rule("6.1")
def test_6_1_molon_labe_sends_the_tribute_home_and_greece_moves():
    game = ew_game(greek=(12, 13), persian=(2, 14), ga={"thebai": 2})
    play(game, "persia", 2, "event")
    do(game, type="choose_city", city="larissa")
    do(game, type="react", card=12)
    assert count(game, "pa", "larissa") == 0
    do(game, type="land_move", to="larissa", armies=2)
    # a reaction does not cost the turn: Greece still plays its own card now
    assert game.prompt.side == "greece" and game.prompt.kind == "operations"


@pytest.mark.rule("6.1")
def test_6_1_miltiades_three_dice_for_the_whole_battle_and_his_portrait():
    game = ew_game(greek=(4, 13), persian=(14,), ga={"thebai": 1}, pa={"larissa": 3},
                   dice=(1, 1, 2, 1, 1, 1))
    play(game, "persia", 14, "move")
    do(game, type="land_move", to="thebai", armies=3)
    do(game, type="react", card=4)
    assert len(first_round(game)["dice"]["greece"]) == 3
    assert game.state.has("miltiades")


@pytest.mark.rule("6.1")
def test_6_1_three_hundred_spartans_only_when_attacked():
    game = ew_game(turn=0, greek=(15, 13), persian=(14,), ga={"thebai": 1}, pa={"delphi": 1})
    play(game, "greece", 13, "move")
    do(game, type="land_move", to="delphi", armies=1)
    assert not [a for a in game.legal_actions() if a.get("card") == 15]
    game = ew_game(greek=(15, 13), persian=(14,), ga={"thebai": 1}, pa={"larissa": 2},
                   dice=(1, 1, 6, 1, 1))
    play(game, "persia", 14, "move")
    do(game, type="land_move", to="thebai", armies=2)
    do(game, type="react", card=15)
    assert first_round(game)["dice"]["greece"] == [1, 1, 6]


@pytest.mark.rule("6.1")
def test_6_1_themistocles_moves_first_and_no_fleet_retreats():
    game = ew_game(greek=(5, 13), persian=(14,), gf={"athenai": 2}, pf={"ephesos": 2},
                   pa={"ephesos": 2}, dice=(6, 6, 1, 1))
    play(game, "persia", 14, "move")
    do(game, type="naval_move", **{"from": "ephesos"}, to="naxos", fleets=1, armies=1)
    assert game.prompt.side == "greece" and game.prompt.kind == "window"
    do(game, type="react", card=5)
    moves = game.legal_actions()
    assert all(a["armies"] == 0 for a in moves)
    do(game, type="naval_move", **{"from": "athenai"}, to="ephesos", fleets=2, armies=0)
    # the Greek battle in Ephesos is fought first, without retreat
    r = first_round(game)
    assert r["city"] == "ephesos" and r["best"] == [6, 1]
    assert game.state.has("themistocles")


@pytest.mark.rule("6.1")
def test_6_1_the_immortals_bring_back_up_to_three_armies():
    game = ew_game(greek=(13,), persian=(5, 14), ga={"thebai": 3}, pa={"larissa": 2},
                   dice=(6, 1, 1, 6, 1, 1))
    play(game, "persia", 14, "move")
    do(game, type="land_move", to="thebai", armies=2)
    do(game, type="fight", side="greece")
    do(game, type="fight", side="persia")
    do(game, type="fight", side="greece")
    assert count(game, "pa", "thebai") == 0 and game.prompt.kind == "battle"
    do(game, type="react", card=5)
    assert count(game, "pa", "thebai") == 2  # as many as began the battle


@pytest.mark.rule("6.1")
def test_6_1_artemisia_takes_a_second_persian_fleet_out_of_the_game():
    game = ew_game(turn=0, greek=(9, 13), persian=(14,), gf={"athenai": 3},
                   pf={"naxos": 3}, dice=(6, 1, 1, 1))
    play(game, "greece", 13, "move")
    do(game, type="naval_move", **{"from": "athenai"}, to="naxos", fleets=3, armies=0)
    do(game, type="react", card=9)
    st = game.state
    assert count(game, "pf", "naxos") == 1 and st.has("artemisia")
    assert st.portraits["persian_fleets"] == 1 and st.reserve[3] == 6 - 3 + 1
