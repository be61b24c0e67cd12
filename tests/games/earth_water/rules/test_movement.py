"""Operations and movement (§6.1, §6.3–§6.5): turns and passes, land moves along roads, naval
moves and transport; how many armies or fleets move is part of every legal action."""

from __future__ import annotations

import pytest
from support.earth_water_positions import count, do, ew_game, play

from hellenes_nb import IllegalAction


def land_moves(game, origin):
    return {(a["to"], a["armies"]) for a in game.legal_actions()
            if a["type"] == "land_move" and a["from"] == origin}


@pytest.mark.rule("6.4")
def test_6_4_example_of_land_movement():
    """The rulebook's example: three armies leave Ephesos, pass Abydos (a Greek fleet in its
    port does not stop them), cross the bridge, pass Pella and Larissa (Persian armies there);
    they stop at Delphi (a Greek army: battle) or at Thebai (not Persian)."""
    game = ew_game(pa={"ephesos": 3, "pella": 1, "larissa": 1}, ga={"delphi": 1},
                   gf={"abydos": 1}, flags=("bridge",), persian=(14,), greek=(13,))
    play(game, "persia", 14, "move")
    moves = land_moves(game, "ephesos")
    targets = {to for to, _ in moves}
    assert targets == {"abydos", "pella", "larissa", "delphi", "thebai"}
    # every count from one to all three is its own legal action
    assert {n for to, n in moves if to == "delphi"} == {1, 2, 3}
    do(game, type="land_move", **{"from": "ephesos"}, to="delphi", armies=3)
    assert game.prompt.kind == "battle" and count(game, "pa", "delphi") == 3


@pytest.mark.rule("6.4")
def test_6_4_no_crossing_without_the_bridge_and_stop_in_an_uncontrolled_city():
    game = ew_game(pa={"abydos": 2}, ga={"sparta": 1}, persian=(14,), greek=(13,))
    play(game, "persia", 14, "move")
    assert {to for to, _ in land_moves(game, "abydos")} == {"ephesos"}
    game = ew_game(ga={"athenai": 2}, turn=0, greek=(13,), persian=(14,))
    play(game, "greece", 13, "move")
    # Thebai is nobody's: the armies must stop there; Korinthos too; Sparta is Greek
    assert {to for to, _ in land_moves(game, "athenai")} == {"thebai", "korinthos"}


@pytest.mark.rule("6.5")
def test_6_5_transport_at_most_three_armies_and_one_per_fleet():
    game = ew_game(ga={"athenai": 5}, gf={"athenai": 4}, turn=0, greek=(13,), persian=(14,))
    play(game, "greece", 13, "move")
    to_naxos = {(a["fleets"], a["armies"]) for a in game.legal_actions()
                if a["type"] == "naval_move" and a["to"] == "naxos"}
    assert (4, 3) in to_naxos and (4, 4) not in to_naxos
    assert (2, 2) in to_naxos and (2, 3) not in to_naxos and (1, 0) in to_naxos
    do(game, type="naval_move", **{"from": "athenai"}, to="naxos", fleets=4, armies=3)
    assert count(game, "ga", "naxos") == 3 and count(game, "gf", "naxos") == 4
    assert count(game, "ga", "athenai") == 2


@pytest.mark.rule("6.5")
def test_6_5_example_persian_fleet_carries_its_army_to_abydos():
    game = ew_game(pa={"pella": 1}, pf={"pella": 1}, persian=(14,), greek=(13,))
    play(game, "persia", 14, "move")
    do(game, type="naval_move", **{"from": "pella"}, to="abydos", fleets=1, armies=1)
    assert count(game, "pa", "abydos") == 1 and count(game, "pf", "abydos") == 1
    assert count(game, "pa", "pella") == 0


@pytest.mark.rule("6.5")
def test_6_5_fleets_never_fight_armies():
    game = ew_game(pf={"ephesos": 1}, ga={"naxos": 1}, persian=(14,), greek=(13,))
    play(game, "persia", 14, "move")
    do(game, type="naval_move", **{"from": "ephesos"}, to="naxos", fleets=1, armies=0)
    assert game.prompt.kind == "operations" and count(game, "ga", "naxos") == 1


@pytest.mark.rule("6.1")
def test_6_1_two_passes_in_a_row_end_operations():
    game = ew_game(greek=(13, 3), persian=(14,), ga={"athenai": 1})
    do(game, type="pass", side="persia")
    assert game.prompt.side == "greece"
    play(game, "greece", 13, "move")
    do(game, type="land_move", side="greece", to="thebai")
    # after a card, a pass does not end the phase at once
    do(game, type="pass", side="persia")
    do(game, type="pass", side="greece")
    assert game.prompt.kind != "operations"
    assert any(e["kind"] == "operations_end" for e in game.log)


@pytest.mark.rule("6.1")
def test_6_1_a_side_without_cards_must_pass():
    game = ew_game(greek=(13,), persian=(), ga={"athenai": 1})
    assert game.prompt.side == "greece"
    assert any(e["kind"] == "pass" and e["side"] == "persia" for e in game.log)


@pytest.mark.rule("6.3")
def test_6_3_a_count_not_listed_is_refused_with_the_state_unchanged():
    game = ew_game(pa={"ephesos": 2}, persian=(14,), greek=(13,))
    play(game, "persia", 14, "move")
    before = game.state
    with pytest.raises(IllegalAction):
        game.apply({"type": "land_move", "side": "persia", "from": "ephesos", "to": "abydos",
                    "armies": 3})
    with pytest.raises(IllegalAction):
        game.apply({"type": "land_move", "side": "persia", "from": "ephesos", "to": "abydos",
                    "armies": "2"})
    assert game.state is before
