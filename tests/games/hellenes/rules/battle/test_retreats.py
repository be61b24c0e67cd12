"""Every retreat constraint of §6.4 (with §6.6, §8.12, §8.3), driven through the combat phase."""

from __future__ import annotations

import pytest
from support.hellenes_battle_positions import (
    P,
    U,
    besiege,
    choose_retreat,
    combat,
    decide,
    engage,
    events,
    legal,
    new_state,
    play,
    put,
    stop_at_retreat,
)

from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.hellenes.ruleset import HELLENES
from hellenes_nb.games.hellenes.steps import STEPS

pytestmark = pytest.mark.rule("6.4")


def _destinations(s, key: str) -> set[tuple[str, bool]]:
    return {(a["to"], a["city"]) for a in legal(s) if a["unit"] == key and "fleet" not in a}


def _refused(s, key: str, to: str, **extra) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        decide(s, {"type": "retreat", "side": "athens" if key[0] == "A" else "sparta",
                   "unit": key, "to": to, "city": False, **extra})
    return err.value


def _thebes_defence(s):
    """Athens (A1) attacks the Spartan S26 in Boeotia from Attica; an Athenian unit holds
    Megaris; Sparta retreats at its first chance."""
    put(s, "A1", "boeotia", 2)
    engage(s, ["A1"], "boeotia", "attica", "land")
    put(s, "A3", "megaris", 2)
    put(s, "S26", "boeotia", 2)
    s.stack.append({"kind": "combat_phase", "side": 0})
    s.dice.force([3, 4])
    chooser = choose_retreat("sparta")
    STEPS.settle(s)
    while not (s.stack[-1]["kind"] == "battle" and s.stack[-1]["stage"] == "retreat"):
        decide(s, chooser(s, legal(s)))


def test_6_4_defender_destinations():
    s = new_state(active=0)
    _thebes_defence(s)
    assert _destinations(s, "S26") == {("boeotia", True), ("locris", False), ("phocis", False)}


def test_6_4_defenders_not_into_the_area_they_were_engaged_from():
    s = new_state(active=0)
    _thebes_defence(s)
    err = _refused(s, "S26", "attica")
    assert "engaged from" in err.message and err.rule == "6.4"


def test_6_4_never_into_enemy_occupied_areas():
    s = new_state(active=0)
    _thebes_defence(s)
    err = _refused(s, "S26", "megaris")
    assert "enemy units" in err.message and err.rule == "6.4"


def test_6_4_never_into_vacant_enemy_citystates():
    s = new_state(active=0)
    _thebes_defence(s)
    err = _refused(s, "S26", "plataea")
    assert "enemy-controlled" in err.message


def test_6_4_land_units_not_to_sea_without_a_carrier():
    s = new_state(active=0)
    _thebes_defence(s)
    err = _refused(s, "S26", "gulf_of_corinth")
    assert "fleet to carry it" in err.message


@pytest.mark.rule("7.1")
def test_6_4_defender_may_fall_back_into_its_city_and_be_besieged():
    s = new_state(active=0)
    _thebes_defence(s)
    decide(s, {"type": "retreat", "side": "sparta", "unit": "S26", "to": "boeotia",
               "city": True})
    play(s)
    assert s.inside[U("S26")] and s.retreated[U("S26")]
    assert s.sieges[P("boeotia")]["besieger"] == 0
    assert s.garrisons[P("boeotia")] == [1, 0]
    assert s.prestige == 0  # retired before suffering anything: a Skirmish (§14.11)


def test_6_4_aggressors_only_back_where_they_came_from():
    s = new_state(active=0)
    put(s, "A1", "boeotia", 2)
    engage(s, ["A1"], "boeotia", "plataea", "land")
    put(s, "S26", "boeotia", 2)
    s.stack.append({"kind": "combat_phase", "side": 0})
    s.dice.force([1, 4])  # S26 hits A1 before Athens' first attack
    chooser = choose_retreat("athens")
    STEPS.settle(s)
    while not (s.stack[-1]["kind"] == "battle" and s.stack[-1]["stage"] == "retreat"):
        decide(s, chooser(s, legal(s)))
    assert _destinations(s, "A1") == {("plataea", False)}
    err = _refused(s, "A1", "attica")
    assert "back where they engaged from (Plataea)" in err.message
    with pytest.raises(IllegalAction) as city:
        decide(s, {"type": "retreat", "side": "athens", "unit": "A1", "to": "boeotia",
                   "city": True})
    assert "only defenders" in city.value.message
    decide(s, legal(s)[0])
    assert s.loc[U("A1")] == P("plataea") and s.retreated[U("A1")]
    assert s.prestige == -1  # a retreat after a hit cedes 1 (§14.11)


@pytest.mark.rule("5.21")
def test_6_4_land_unit_retreats_to_sea_aboard_a_retreated_fleet():
    s = new_state(active=1)
    put(s, "S1", "attica", 2)
    engage(s, ["S1"], "attica", "megaris", "land")
    put(s, "A1", "attica", 3)
    put(s, "A12", "attica", 3)
    s.stack.append({"kind": "combat_phase", "side": 1})
    s.dice.force([3, 3, 3])
    STEPS.settle(s)
    decide(s, legal(s)[0])  # Athens does not fortify
    chooser = choose_retreat("athens")
    while not (s.stack[-1]["kind"] == "battle" and s.stack[-1]["stage"] == "retreat"):
        decide(s, chooser(s, legal(s)))
    err = _refused(s, "A1", "andros_sea", fleet="A12")
    assert "retreated to Andros Sea" in err.message
    fleet_to = _destinations(s, "A12")
    assert ("andros_sea", False) in fleet_to and ("saronic_gulf", False) in fleet_to
    assert ("attica", True) in fleet_to  # Athens is a port
    assert ("megaris", False) not in fleet_to  # engaged from
    decide(s, {"type": "retreat", "side": "athens", "unit": "A12", "to": "andros_sea",
               "city": False})
    carried = [a for a in legal(s) if a["unit"] == "A1" and a.get("fleet") == "A12"]
    assert [a["to"] for a in carried] == ["andros_sea"]
    decide(s, carried[0])
    assert s.loc[U("A1")] == P("andros_sea") and s.carry[U("A12")] == U("A1")
    assert s.cv[U("A1")] == 2  # reduced to stay weaker than its 3 cv fleet (§5.21)


@pytest.mark.rule("6.6")
def test_6_6_fleets_on_land_against_a_landing_only_into_a_port_of_the_province():
    s = new_state(active=1)
    put(s, "S1", "attica", 2)
    put(s, "S9", "attica", 2)
    engage(s, ["S1", "S9"], "attica", "saronic_gulf", "landing")
    put(s, "A12", "attica", 3)
    put(s, "A1", "attica", 3)
    s.stack.append({"kind": "combat_phase", "side": 1})
    s.dice.force([4, 4, 4, 3, 3, 3])
    STEPS.settle(s)
    decide(s, legal(s)[0])  # no fortifying
    chooser = choose_retreat("athens")
    while not (s.stack[-1]["kind"] == "battle" and s.stack[-1]["stage"] == "retreat"):
        decide(s, chooser(s, legal(s)))
    assert _destinations(s, "A12") == {("attica", True)}
    err = _refused(s, "A12", "andros_sea")
    assert err.rule == "6.6"


@pytest.mark.rule("6.34")
def test_6_4_panicked_units_with_nowhere_to_go_are_eliminated():
    s = new_state(active=1)
    put(s, "S1", "aegina", 4)
    engage(s, ["S1"], "aegina", "saronic_gulf", "landing")
    put(s, "A12", "aegina", 1)
    put(s, "A35", "aegina", 1)
    s.dice.force([3, 3, 5, 6, 3, 4])  # round 1: S1 may not attack; round 2: two routs
    combat(s, 1)
    assert s.loc[U("A12")] < 0 and s.loc[U("A35")] < 0
    assert [e["text"] for e in events(s, "eliminated")][0].endswith(
        "panicked with nowhere to retreat")
    assert s.prestige == -2


def test_6_4_units_unable_to_retreat_stay_in_the_battle():
    s = new_state(active=1)
    put(s, "S1", "boeotia", 3)
    engage(s, ["S1"], "boeotia", "south_euboean_gulf", "landing")
    put(s, "A1", "boeotia", 2)
    put(s, "A16", "boeotia", 1)  # a fleet on land: trapped, Thebes is no port (§6.6)
    # the fight goes on in round 1, where S1 still holds its fire (§6.6) and A16 misses; in
    # round 2 S1 hits and eliminates A16
    s.dice.force([3, 1, 3, 4])
    chooser = choose_retreat("athens")

    def pick(st, choices):
        for a in choices:
            if a["type"] == "retreat" and a["to"] == "attica":
                return a
        return chooser(st, choices)

    combat(s, 1, pick)
    assert s.loc[U("A1")] == P("attica") and s.retreated[U("A1")]
    stuck = events(s, "cannot_retreat")
    assert [e["text"] for e in stuck] == [
        "Athenian fleet #16 (Sounion squadron) cannot retreat and stays in the battle"]
    assert len(events(s, "battle_reveal")) == 2
    assert [e["round"] for e in events(s, "battle_hold")] == [1]
    assert [(e["block"], e["round"]) for e in events(s, "battle_attack")] == [
        ("A16", 1), ("S1", 2)]
    assert s.loc[U("A16")] < 0
    assert s.prestige == -2  # the retire was worth 0; the final elimination tops it to 2


@pytest.mark.rule("8.12")
def test_8_12_assaulters_only_fall_back_into_the_province():
    s = new_state(active=0, season=2)
    put(s, "A1", "boeotia", 2)
    put(s, "S26", "boeotia", 2, inside=True)
    besiege(s, "boeotia", 0, (431, 1, 0))
    s.dice.force([3, 4, 3])
    chooser = choose_retreat("athens")

    def pick(st, choices):
        for a in choices:
            if a["type"] == "siege" and a["method"] == "assault":
                return a
        return chooser(st, choices)

    combat(s, 0, pick)
    u = U("A1")
    assert s.loc[u] == P("boeotia") and not s.inside[u] and s.retreated[u]
    assert P("boeotia") in s.sieges
    assert s.prestige == 0


def _megara_assault(athens: dict[str, int], inside: dict[str, int]):
    """Athens (``athens``: key → cv, outside) assaults Megara, besieged since Spring and held
    by the Spartan blocks ``inside``; Sparta declines to capitulate (§8.1, §8.13)."""
    s = new_state(active=0, season=2)
    for key, cv in athens.items():
        put(s, key, "megaris", cv)
    for key, cv in inside.items():
        put(s, key, "megaris", cv, inside=True)
    besiege(s, "megaris", 0, (431, 1, 0))
    s.stack.append({"kind": "siege_combat", "side": 0, "done": (), "action_turn": 1})
    STEPS.settle(s)
    decide(s, {"type": "siege", "side": "athens", "place": "megaris", "method": "assault"})
    decide(s, {"type": "capitulate", "side": "sparta", "accept": False})
    return s


@pytest.mark.rule("8.12")
@pytest.mark.rule("7.3")
def test_8_12_besieged_fleets_leave_by_sea_and_the_garrison_stays():
    s = _megara_assault({"A1": 4, "A2": 3}, {"S15": 2, "S14": 2})
    from hellenes_nb.games.hellenes.rules.battle.retreats import retreat_refusal
    probe = s.stack[-1]
    assert retreat_refusal(s, probe, U("S14"), P("megaris"))[1] == "8.12"
    assert retreat_refusal(s, probe, U("S14"), P("saronic_gulf"))[1] == "6.4"  # no fleet yet
    decide(s, {"type": "battle_choice", "side": "sparta", "choice": "retreat"})
    # the fleet's only way out is fixed, so it is taken at once; the fleet carries the land
    # unit only if Sparta wishes (§8.12)
    assert s.loc[U("S15")] == P("saronic_gulf")
    assert [(a["to"], a["city"], a.get("fleet")) for a in legal(s)] == [
        ("megaris", True, None), ("saronic_gulf", False, "S15")]
    decide(s, legal(s)[1])
    assert s.loc[U("S14")] == P("saronic_gulf")
    assert s.carry[U("S15")] == U("S14") and s.cv[U("S14")] == 1
    s.dice.force([3, 1, 1, 3, 3, 1, 1, 3])  # garrison misses; Athens takes the city
    play(s)
    assert events(s, "cannot_retreat") == [] and len(events(s, "battle_reveal")) == 2
    assert P("megaris") not in s.sieges and P("megaris") not in s.garrisons
    assert events(s, "city_taken")
    assert s.prestige == 2


def _megara_defenders_retreat():
    """Athens assaults Megara, held by a Spartan fleet and a hoplite; Sparta retreats at once
    and its fleet sails to the Saronic Gulf: the hoplite's choice is next."""
    s = _megara_assault({"A1": 4}, {"S15": 2, "S14": 1})
    decide(s, {"type": "battle_choice", "side": "sparta", "choice": "retreat"})
    return s


@pytest.mark.rule("8.12")
def test_8_12_a_besieged_land_unit_may_stay_when_its_fleet_sails():
    s = _megara_defenders_retreat()
    stay = legal(s)[0]
    assert stay["label"].endswith("stays inside Megara: no fleet carries it away (§8.12)")
    s.dice.force([3, 3])  # the fight goes on in round 1: S14 and the garrison miss
    decide(s, stay)
    assert s.loc[U("S15")] == P("saronic_gulf") and U("S15") not in s.carry
    assert s.loc[U("S14")] == P("megaris") and s.inside[U("S14")]
    assert [e["kind"] for e in s.log if e["kind"] in ("retreat_stay", "cannot_retreat")] == [
        "retreat_stay"]
    # the assault goes on against S14 and the garrison, who may no longer retreat; Athens
    # now has its first attack of round 1
    top = s.stack[-1]
    assert top["kind"] == "battle" and top["continued"]
    assert top["battle"]["prompt"]["whose"] == "athens"
    fighters = {f["key"] for f in top["battle"]["fighters"]}
    assert fighters == {"A1", "S14", "garrison:megaris"}
    assert top["battle"]["may_retreat"]["sparta"] is False


@pytest.mark.rule("8.12")
def test_8_12_the_heuristic_bot_sails_with_its_fleet():
    from hellenes_nb.core.game import Game
    from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot

    game = Game(HELLENES, _megara_defenders_retreat(), seed=1)
    got = HeuristicBot(1).choose(game, "sparta")
    assert (got["unit"], got["to"], got.get("fleet")) == ("S14", "saronic_gulf", "S15")


@pytest.mark.rule("8.3")
def test_8_3_sortiers_only_go_back_into_the_city():
    s = new_state(active=0, season=2)
    put(s, "A1", "attica", 2, inside=True)
    put(s, "S1", "attica", 3)
    besiege(s, "attica", 1, (431, 1, 1))
    s.stack.append({"kind": "combat_phase", "side": 0})
    STEPS.settle(s)
    assert s.stack[-1]["kind"] == "sortie"
    decide(s, {"type": "sortie", "side": "athens", "unit": "A1"})
    decide(s, {"type": "sortie_done", "side": "athens"})
    s.dice.force([3, 4, 3])
    chooser = choose_retreat("athens")
    while legal(s):
        decide(s, chooser(s, legal(s)))
    u = U("A1")
    assert s.loc[u] == P("attica") and s.inside[u] and s.retreated[u]
    assert events(s, "battle_reveal")[0]["battle_kind"] == "sortie"
    assert s.sieges[P("attica")]["besieger"] == 1
    assert s.prestige == 0


@pytest.mark.rule("8.3")
def test_8_3_beaten_besiegers_retreat_normally_and_the_siege_lifts():
    s = new_state(active=0, season=2)
    put(s, "A1", "attica", 4, inside=True)
    put(s, "S17", "attica", 1)
    besiege(s, "attica", 1, (431, 1, 1))
    s.stack.append({"kind": "combat_phase", "side": 0})
    s.dice.force([3, 5, 3, 4, 4])  # S17 misses, A1 routs it: panic
    STEPS.settle(s)
    decide(s, {"type": "sortie", "side": "athens", "unit": "A1"})
    decide(s, {"type": "sortie_done", "side": "athens"})
    stop_at_retreat(s, 1)
    opts = {a["to"] for a in legal(s)}
    assert "attica" not in opts  # the city is not theirs to enter
    err = _refused(s, "S17", "attica")
    assert "only the city" in err.message or "leaves the battle" in err.message
    play(s)
    assert P("attica") not in s.sieges and P("attica") not in s.garrisons
    assert s.prestige == 2
