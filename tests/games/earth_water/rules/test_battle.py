"""Battles (§7): rounds of highest dice, the Persian caps and the Asian exception, losses,
retreats, carried armies, and the rulebook's combat example with its dice forced."""

from __future__ import annotations

import pytest
from support.earth_water_positions import count, do, ew_game, play

from hellenes_nb.games.earth_water.index import CITY


def rounds(game):
    return [e for e in game.log if e["kind"] == "battle_round"]


@pytest.mark.rule("7.2")
def test_7_combat_example_eretria():
    """§6.5 and §7 examples: three Greek fleets sail from Thebai carrying two of its three
    armies to Eretria, where a Persian fleet and army wait. Naval round: Greece 2, 3, 4;
    Persia 5, worth 4: each side loses a fleet, the Greek one carrying nothing. The two armies
    land; land round: Greece 2, 3, Persia 4: a Greek army is lost. Greece retreats to the port
    it sailed from."""
    game = ew_game(ga={"thebai": 3}, gf={"thebai": 3}, pa={"eretria": 1}, pf={"eretria": 1},
                   turn=0, greek=(13,), persian=(14,), dice=(2, 3, 4, 5, 2, 3, 4))
    play(game, "greece", 13, "move")
    do(game, type="naval_move", **{"from": "thebai"}, to="eretria", fleets=3, armies=2)
    naval, land = rounds(game)
    assert naval["dice"] == {"greece": [2, 3, 4], "persia": [5]}
    assert naval["best"] == [4, 4] and naval["lost"] == [True, True]
    assert naval["rule"] == "7.2"
    assert land["dice"] == {"greece": [2, 3], "persia": [4]} and land["lost"] == [True, False]
    assert count(game, "gf", "eretria") == 2 and count(game, "pf", "eretria") == 0
    assert count(game, "ga", "eretria") == 1 and count(game, "pa", "eretria") == 1
    assert game.prompt.text.startswith("Land battle in Eretria")
    do(game, type="retreat", to="thebai", by="sea")
    assert count(game, "ga", "thebai") == 2 and count(game, "gf", "thebai") == 2
    assert count(game, "ga", "eretria") == 0 and count(game, "pa", "eretria") == 1


@pytest.mark.rule("7.1")
def test_7_1_persian_dice_count_four_at_most():
    game = ew_game(ga={"athenai": 1, "thebai": 1}, pa={"larissa": 2}, persian=(14,),
                   dice=(4, 6, 6))
    play(game, "persia", 14, "move")
    do(game, type="land_move", to="thebai", armies=2)
    r = rounds(game)[0]
    assert r["best"] == [4, 4] and r["lost"] == [True, True]
    assert "counted up to 4" in r["text"]


@pytest.mark.rule("7.1")
def test_7_1_in_ephesos_persian_dice_count_five():
    game = ew_game(ga={"naxos": 1}, gf={"naxos": 1}, pa={"ephesos": 1}, turn=0, greek=(13,),
                   dice=(5, 6))
    play(game, "greece", 13, "move")
    do(game, type="naval_move", to="ephesos", fleets=1, armies=1)
    r = rounds(game)[0]
    assert r["best"] == [5, 5] and r["lost"] == [True, True]


@pytest.mark.rule("7.1")
def test_7_1_at_most_three_dice_and_the_higher_wins():
    game = ew_game(ga={"thebai": 5}, pa={"larissa": 4}, persian=(14,), dice=(1, 1, 2, 3, 3, 3))
    play(game, "persia", 14, "move")
    do(game, type="land_move", to="thebai", armies=4)
    r = rounds(game)[0]
    assert len(r["dice"]["greece"]) == 3 and len(r["dice"]["persia"]) == 3
    assert r["lost"] == [True, False]
    assert count(game, "ga", "thebai") == 4 and count(game, "pa", "thebai") == 4


@pytest.mark.rule("7.1")
def test_7_1_battle_goes_on_until_one_side_is_gone_when_nobody_retreats():
    game = ew_game(ga={"thebai": 2}, pa={"larissa": 2}, persian=(14,), greek=(13,),
                   dice=(1, 1, 2, 1, 6, 1, 1))
    play(game, "persia", 14, "move")
    do(game, type="land_move", to="thebai", armies=2)
    do(game, type="fight", side="greece")  # no battle card (the Greek window, §6.1)
    # round 1: Persia's 2 beats 1; the attacker (Persia) then the defender may retreat
    assert count(game, "ga", "thebai") == 1 and game.prompt.side == "persia"
    do(game, type="fight", side="persia")
    assert game.prompt.side == "greece"
    options = {(a.get("to"), a.get("by")) for a in game.legal_actions() if a["type"] == "retreat"}
    assert options == {("athenai", "land")}  # only to a city it controls
    do(game, type="fight", side="greece")
    # round 2: Greece's 6 beats 1, 1
    assert len(rounds(game)) == 2
    assert count(game, "ga", "thebai") == 1 and count(game, "pa", "thebai") == 1


@pytest.mark.rule("7.1")
def test_7_1_attacker_retreats_by_road_to_where_it_came_from():
    game = ew_game(ga={"thebai": 3}, pa={"larissa": 3}, persian=(14,), dice=(6, 1, 1, 1))
    play(game, "persia", 14, "move")
    do(game, type="land_move", to="thebai", armies=3)
    do(game, type="retreat", side="persia", to="larissa", by="land")
    assert count(game, "pa", "larissa") == 2 and count(game, "pa", "thebai") == 0


@pytest.mark.rule("7.1")
def test_7_1_defender_may_retreat_aboard_as_many_fleets_as_armies():
    game = ew_game(ga={"thebai": 2}, gf={"thebai": 2}, pa={"larissa": 3}, persian=(14,),
                   dice=(6, 6, 1, 1, 1))
    play(game, "persia", 14, "move")
    do(game, type="land_move", to="thebai", armies=3)
    do(game, type="fight", side="persia")
    by_sea = {a["to"] for a in game.legal_actions() if a.get("by") == "sea"}
    assert by_sea == {"athenai", "sparta"}
    do(game, type="retreat", side="greece", to="athenai", by="sea")
    assert count(game, "ga", "athenai") == 2 and count(game, "gf", "athenai") == 2
    assert count(game, "gf", "thebai") == 0


@pytest.mark.rule("7.2")
def test_7_2_a_lost_carrying_fleet_drowns_its_army():
    game = ew_game(ga={"athenai": 2}, gf={"athenai": 2}, pf={"naxos": 3}, turn=0,
                   greek=(13,), persian=(14,), dice=(1, 1, 6, 1, 1, 1, 6, 1, 1))
    play(game, "greece", 13, "move")
    do(game, type="naval_move", to="naxos", fleets=2, armies=2)
    assert count(game, "gf", "naxos") == 1 and game.state.reserve[0] == 7 + 1
    do(game, type="fight", side="greece")
    do(game, type="fight", side="persia")
    # two rounds lost: both fleets and both armies are gone
    assert count(game, "gf", "naxos") == 0 and count(game, "ga", "naxos") == 0
    assert game.state.reserve[0] == 9 and game.state.reserve[2] == 5


@pytest.mark.rule("7.2")
def test_7_2_defending_fleets_retreat_to_a_controlled_port_without_armies():
    game = ew_game(gf={"athenai": 3}, pf={"eretria": 2}, pa={"eretria": 1}, turn=0,
                   greek=(13,), persian=(14,), dice=(6, 6, 6, 1, 1))
    play(game, "greece", 13, "move")
    do(game, type="naval_move", to="eretria", fleets=3, armies=0)
    do(game, type="fight", side="greece")
    ports = {a["to"] for a in game.legal_actions() if a["type"] == "retreat"}
    assert ports == {"ephesos", "abydos"}
    do(game, type="retreat", side="persia", to="abydos", by="sea")
    assert count(game, "pf", "abydos") == 1 and count(game, "pa", "eretria") == 1


@pytest.mark.rule("7.1")
def test_7_1_greece_may_destroy_the_bridge_on_taking_abydos():
    game = ew_game(ga={"naxos": 2}, gf={"naxos": 2}, pa={"abydos": 1}, turn=0, greek=(13,),
                   flags=("bridge",), dice=(6, 6, 1))
    play(game, "greece", 13, "move")
    do(game, type="naval_move", to="abydos", fleets=2, armies=2)
    assert game.prompt.text.endswith("Greece may destroy the pontoon bridge")
    do(game, type="destroy_bridge", destroy=True)
    assert not game.state.has("bridge")


@pytest.mark.rule("7.1")
def test_7_1_no_sea_retreat_into_a_port_enemy_fleets_have_since_entered():
    """Found by the fuzzer: armies carried to a battle retreated by sea into their home port
    after enemy fleets had come into it, leaving both sides' fleets in one port."""
    battle = {"kind": "battle", "type": "land", "city": CITY["ephesos"], "attacker": 0,
              "stage": "attacker_retreat", "came_from": [], "by_sea": CITY["naxos"],
              "moved": 2, "event": 0, "bonus": 0, "cavalry": False, "no_retreat": False,
              "rounds": 1, "start_persians": 2}
    game = ew_game(stack=[{"kind": "campaign", "phase": "supply", "skipped": False},
                          {"kind": "operations", "turn": 1, "passes": 0}, battle],
                   ga={"ephesos": 1}, gf={"ephesos": 2}, pa={"ephesos": 2}, pf={"naxos": 1},
                   greek=(13,), persian=(14,))
    assert [a["type"] for a in game.legal_actions()] == ["fight"]
