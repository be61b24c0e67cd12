"""The combat phase on the map: battle order, fortifying, formations (§5.41, §6.0, §6.1, §7.1)."""

from __future__ import annotations

import pytest
from support.hellenes_battle_positions import (
    P,
    U,
    combat,
    decide,
    engage,
    events,
    legal,
    new_state,
    put,
)

from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.hellenes.steps import STEPS

pytestmark = pytest.mark.rule("6.0")


def _two_battles(s, boeotia_units: int, megaris_units: int) -> None:
    keys = ["A1", "A2", "A3"][:boeotia_units]
    for k in keys:
        put(s, k, "attica", 3)
        s.loc[U(k)] = P("boeotia")
    engage(s, keys, "boeotia", "attica", "land", group=1)
    mkeys = ["A4", "A30", "A31"][:megaris_units]
    for k in mkeys:
        put(s, k, "megaris", 3)
    engage(s, mkeys, "megaris", "attica", "land", group=2)
    put(s, "S26", "boeotia", 1)
    put(s, "S14", "megaris", 1)


def test_6_0_smallest_battle_first():
    s = new_state(active=0)
    _two_battles(s, boeotia_units=3, megaris_units=1)
    combat(s, 0)
    reveals = [e["place"] for e in events(s, "battle_reveal")]
    assert reveals[:2] == [P("megaris"), P("boeotia")]


def test_6_0_acting_player_orders_equal_battles():
    s = new_state(active=0)
    _two_battles(s, boeotia_units=2, megaris_units=2)
    s.stack.append({"kind": "combat_phase", "side": 0})
    STEPS.settle(s)
    choices = legal(s)
    assert {a["place"] for a in choices} == {"boeotia", "megaris"}
    assert all(a["type"] == "battle_order" for a in choices)
    decide(s, next(a for a in choices if a["place"] == "megaris"))
    top = s.stack[-1]
    assert top["kind"] == "battle" and top["place"] == P("megaris")


def _attack_megaris(s, defenders: list[str]) -> None:
    put(s, "A1", "megaris", 3)
    engage(s, ["A1"], "megaris", "attica", "land")
    for k in defenders:
        put(s, k, "megaris", 1)
    s.stack.append({"kind": "combat_phase", "side": 0})
    STEPS.settle(s)


@pytest.mark.rule("7.1")
def test_7_1_fortify_only_within_capacity():
    s = new_state(active=0)
    _attack_megaris(s, ["S3", "S4", "S11", "S14", "S15"])  # Megara: value 2, capacity 4
    assert s.stack[-1]["stage"] == "fortify"
    for k in ["S3", "S4", "S11", "S15"]:
        decide(s, {"type": "fortify", "side": "sparta", "unit": k})
    offered = [a for a in legal(s) if a["type"] == "fortify"]
    assert offered == []
    with pytest.raises(IllegalAction):
        decide(s, {"type": "fortify", "side": "sparta", "unit": "S14"})
    decide(s, {"type": "fortify_done", "side": "sparta"})
    assert [s.inside[U(k)] for k in ["S3", "S4", "S11", "S15"]] == [1, 1, 1, 1]
    reveal = events(s, "battle_reveal")[0]
    assert reveal["blocks"] == ["A1", "S14"]


@pytest.mark.rule("7.1")
def test_7_1_fleets_fortify_only_in_ports():
    s = new_state(active=0)
    put(s, "A1", "boeotia", 3)
    engage(s, ["A1"], "boeotia", "attica", "land")
    put(s, "S26", "boeotia", 2)
    put(s, "S30", "boeotia", 2)  # Theban fleet; Thebes is inland
    s.stack.append({"kind": "combat_phase", "side": 0})
    STEPS.settle(s)
    offered = {a["unit"] for a in legal(s) if a["type"] == "fortify"}
    assert offered == {"S26"}


@pytest.mark.rule("6.1")
@pytest.mark.rule("7.2")
def test_6_1_fortifying_everyone_declines_battle_and_establishes_siege():
    s = new_state(active=0, season=2)
    _attack_megaris(s, ["S14", "S15"])
    decide(s, {"type": "fortify", "side": "sparta", "unit": "S14"})
    decide(s, {"type": "fortify", "side": "sparta", "unit": "S15"})
    decide(s, {"type": "fortify_done", "side": "sparta"})
    while legal(s):
        decide(s, legal(s)[0])
    assert events(s, "battle_reveal") == []
    assert events(s, "declined")
    rec = s.sieges[P("megaris")]
    assert rec["besieger"] == 0 and rec["since"] == [431, 2, 0]
    assert s.garrisons[P("megaris")] == [1, 0]  # Megara is loyal to Sparta (§7.3)
    assert s.prestige == 0  # declining combat is no lost battle (§7.1)
    assert not s.stack


@pytest.mark.rule("5.41")
def test_5_41_formations_fight_separately_and_the_rest_join_the_winner():
    s = new_state(active=0)
    put(s, "A8", "boeotia", 2)
    engage(s, ["A8"], "boeotia", "attica", "land", group=1)
    put(s, "A1", "boeotia", 4)
    engage(s, ["A1"], "boeotia", "plataea", "land", group=2)
    put(s, "A2", "boeotia", 3)
    engage(s, ["A2"], "boeotia", "locris", "land", group=3)
    put(s, "S31", "boeotia", 1)
    put(s, "S32", "boeotia", 1)
    # battle 1: archers rout S31, S32 kills the archers over two rounds
    # battle 2: S31 (recovered) and S32 miss, A1 eliminates both
    s.dice.force([6, 4, 1, 3, 1, 3, 4, 1, 1, 3, 3])
    combat(s, 0)
    reveals = events(s, "battle_reveal")
    assert [r["blocks"] for r in reveals] == [["A8", "S31", "S32"], ["A1", "S31", "S32"]]
    second = s.log.index(reveals[1])
    attackers = [e["block"] for e in s.log[second:] if e["kind"] == "battle_attack"]
    assert "S31" in attackers  # the routed defender recovered for the new battle
    assert events(s, "formations_join")
    assert s.loc[U("A2")] == P("boeotia") and s.cv[U("A2")] == 3
    assert s.loc[U("A8")] < 0
    assert s.prestige == 0  # Sparta +2 (archers eliminated), Athens +2 (both eliminated)


@pytest.mark.rule("6.1")
def test_6_1_battle_reveals_units_and_clears_the_reveal_after():
    s = new_state(active=0)
    _two_battles(s, 1, 1)
    s.stack.append({"kind": "combat_phase", "side": 0})
    STEPS.settle(s)
    while legal(s) and legal(s)[0]["type"] != "battle_choice":
        decide(s, legal(s)[0])
    first = events(s, "battle_reveal")[0]["place"]
    fought, idle = (("A1", "S26"), ("A4", "S14")) if first == P("boeotia") else \
        (("A4", "S14"), ("A1", "S26"))
    assert all(s.revealed[U(k)] for k in fought)
    assert not any(s.revealed[U(k)] for k in idle)
    assert s.barrier
    while legal(s):
        decide(s, legal(s)[0])
    assert not any(s.revealed)


@pytest.mark.rule("6.4")
def test_6_4_retreated_units_do_not_form_formations():
    from hellenes_nb.games.hellenes.rules.battle.phase import formations

    s = new_state(active=0)
    put(s, "A1", "boeotia", 3)
    put(s, "A2", "boeotia", 3)
    engage(s, ["A1", "A2"], "boeotia", "attica", "land")
    s.retreated[U("A2")] = 1
    assert formations(s, P("boeotia"), 0) == [
        {"units": (U("A1"),), "from": P("attica"), "via": "land"}]
