"""The rulebook's worked combat examples replayed with forced dice (§6.2, §6.31–6.34, §6.41).

Where an example does not give every die, the missing faces are forced to misses (3 or 4) and
the test says so.
"""

import pytest

from hellenes_nb.core.dice import Dice
from hellenes_nb.games.hellenes.rules.battle.blocks import Fighter
from hellenes_nb.games.hellenes.rules.battle.combat import Battle
from hellenes_nb.games.hellenes.rules.battle.policies import BattlePolicy, auto


def dice(*faces: int) -> Dice:
    d = Dice(0)
    d.force(faces)
    return d


def attacks(battle: Battle) -> list[str]:
    return [e["by"] for e in battle.log if e["kind"] == "attack"]


def kinds(events: list[dict]) -> list[str]:
    return [e["kind"] for e in events]


@pytest.mark.rule("6.2")
def test_6_2_combat_round_example_firing_order() -> None:
    # Spartan cavalry (A1) and hoplites (B2) engage Athenian hoplites (C2) and archers (A1).
    fs = [
        Fighter("S_cav", "sparta", "aggressor", "A1", 2, cavalry=True),
        Fighter("S_hop", "sparta", "aggressor", "B2", 3),
        Fighter("A_hop", "athens", "defender", "C2", 3),
        Fighter("A_arch", "athens", "defender", "A1", 1),
    ]
    b = Battle(fs, dice=dice(3, 3, 4, 3, 4, 4, 3, 4, 3))  # one round of misses
    assert b.firing_order() == ["A_arch", "S_cav", "S_hop", "A_hop"]
    while b.round == 1:
        b.step(auto)
    assert attacks(b) == ["A_arch", "S_cav", "S_hop", "A_hop"]
    assert b.log[-1]["kind"] == "round_end"


@pytest.mark.rule("6.32")
@pytest.mark.rule("6.33")
def test_6_32_attack_example_two_hits_then_a_rout() -> None:
    # A 3 cv C2 hoplite rolls 1, 2, 5: two hits to the currently strongest, one rout to the
    # currently weakest. Two Spartan blocks tie at cv 3, so the owner chooses for the first hit
    # and the second hit moves to the block that is now strongest.
    fs = [
        Fighter("A_hop", "athens", "aggressor", "C2", 3),
        Fighter("S_x", "sparta", "defender", "D1", 3),
        Fighter("S_y", "sparta", "defender", "D1", 3),
        Fighter("S_z", "sparta", "defender", "D1", 1),
    ]
    b = Battle(fs, dice=dice(1, 2, 5), may_retreat={"athens": False, "sparta": False})
    assert b.next_attacker() == "A_hop"
    first = b.step()
    assert first[0]["dice"] == [1, 2, 5]
    assert (first[0]["hits"], first[0]["routs"]) == (2, 1)
    assert b.prompt is not None and b.prompt.kind == "hit" and b.prompt.whose == "sparta"
    assert b.legal_choices() == ["S_x", "S_y"]
    rest = b.choose("S_y")
    assert [(e["kind"], e["target"], e["cv"]) for e in rest] == [
        ("hit", "S_y", 2), ("hit", "S_x", 2), ("rout", "S_z", 1)]
    assert rest[1]["why"] == "the strongest (strength 3)"
    assert b.fighter("S_z").routed and not b.fighter("S_x").routed


@pytest.mark.rule("6.34")
def test_6_34_pursuit_example_b_and_c_pursue_the_d_rearguard() -> None:
    # A mixed Spartan A/B/C/D force routs every Athenian during its B attacks; the Spartan B and
    # C that have not attacked still attack (hits only); the D does not (not more agile).
    fs = [
        Fighter("A_a", "athens", "defender", "A1", 1),
        Fighter("A_b", "athens", "defender", "B1", 2),
        Fighter("A_c", "athens", "defender", "C2", 3),
        Fighter("A_d", "athens", "defender", "D1", 4),
        Fighter("S_a", "sparta", "aggressor", "A1", 2, cavalry=True),
        Fighter("S_b1", "sparta", "aggressor", "B2", 4),
        Fighter("S_b2", "sparta", "aggressor", "B1", 2),
        Fighter("S_c", "sparta", "aggressor", "C2", 3),
        Fighter("S_d", "sparta", "aggressor", "D1", 2),
    ]
    faces = [3, 3, 3, 3, 4,   # A_a, S_a, A_b miss
             5, 5, 6, 6,      # S_b1: four routs, weakest first
             1, 6,            # pursuit S_b2: one hit, the rout ignored
             1, 2, 6,         # pursuit S_c: two hits, the rout ignored
             1, 4]            # harrying by the Spartan cavalry (§6.41: both apply in a panic)
    b = Battle(fs, dice=dice(*faces))
    out = b.run(auto)
    routs = [e["target"] for e in b.log if e["kind"] == "rout"]
    assert routs == ["A_a", "A_b", "A_c", "A_d"]
    panic = next(e for e in b.log if e["kind"] == "panic")
    assert panic["side"] == "athens" and panic["rearguard"] == "D"
    chase = [(e["by"], e["mode"]) for e in b.log if e["kind"] == "attack" and e["mode"] != "fire"]
    assert chase == [("S_b2", "pursuit"), ("S_c", "pursuit"), ("S_a", "harry")]
    assert "S_d" not in attacks(b)
    # pursuit and harrying hits land on routed blocks, always the currently strongest; ties
    # (A_c/A_d at 3, then A_b/A_c/A_d at 2) go to the owner's choice, here the first key
    hits = [(e["target"], e["cv"]) for e in b.log if e["kind"] == "hit"]
    assert hits == [("A_d", 3), ("A_c", 2), ("A_d", 2), ("A_b", 1)]
    assert (out.winner, out.how, out.prestige, out.prestige_to) == ("sparta", "panic", 2, "sparta")
    assert out.must_retreat == "athens"
    assert out.steps_lost == {"athens": 4, "sparta": 0}


def _raid(athenian_cavalry_dice: list[int]) -> Battle:
    fs = [
        Fighter("S_cav", "sparta", "aggressor", "A1", 3, cavalry=True),
        Fighter("A_cav", "athens", "defender", "A2", 2, cavalry=True),
        Fighter("A_hop", "athens", "defender", "C2", 3),
    ]
    spartan_raids = BattlePolicy(retreat=lambda battle, side: side == "sparta")
    b = Battle(fs, dice=dice(*athenian_cavalry_dice, 1, 5, 1, 1))
    b.run(spartan_raids)
    return b


@pytest.mark.rule("6.41")
@pytest.mark.rule("14.11")
def test_6_41_cavalry_raid_retires_without_prestige_enemy_harries_first() -> None:
    # Engage; the enemy A units attack (the Athenian cavalry misses); the Spartan cavalry
    # retreats at its first attack; harrying: the Athenian cavalry first, then the Spartan.
    b = _raid([3, 4])
    assert kinds(b.log)[:4] == ["stand", "attack", "retreat", "attack"]
    harry = [e for e in b.log if e["kind"] == "attack" and e["mode"] == "harry"]
    # the Athenian harrying hit costs the raider a step, so it harries with 2 dice, not 3
    assert [(e["by"], e["dice"], e["routs_ignored"]) for e in harry] == [
        ("A_cav", [1, 5], 1), ("S_cav", [1, 1], 0)]
    assert not any(e["kind"] == "rout" for e in b.log)
    out = b.outcome
    assert (out.how, out.prestige, out.prestige_to, out.winner) == ("retire", 0, None, "athens")
    # the Spartan harrying hits go to the strongest: A_hop (3), then the A_cav/A_hop tie at 2
    assert [e["target"] for e in b.log if e["kind"] == "hit" and e["by"] == "S_cav"] == [
        "A_hop", "A_cav"]
    assert out.final_cv == {"S_cav": 2, "A_cav": 1, "A_hop": 2}
    assert b.dice.forced == ()


@pytest.mark.rule("14.11")
def test_14_11_raid_hit_by_enemy_a_unit_turns_retire_into_retreat() -> None:
    b = _raid([1, 3])  # the Athenian cavalry hits the raider before it can retire
    out = b.outcome
    assert (out.how, out.prestige, out.prestige_to) == ("retreat", 1, "athens")


@pytest.mark.rule("9.31")
@pytest.mark.rule("6.6")
def test_9_31_homing_battle_example_sea_landing_two_routs_panic() -> None:
    # Two Athenian fleets land from the Andros Sea on the Spartan besieger of Athens. The
    # 3 cv Spartan B2 rolls 5, 6 (two routs; the book quotes only those two dice, the third is
    # forced to a miss). Both fleets (D1 on land, §2.26) are routed: panic, Sparta gains 2.
    fs = [
        Fighter("A_f1", "athens", "aggressor", "D1", 2, fleet=True, holds_round1=True),
        Fighter("A_f2", "athens", "aggressor", "D1", 3, fleet=True, holds_round1=True),
        Fighter("S_hop", "sparta", "defender", "B2", 3),
    ]
    b = Battle(fs, dice=dice(5, 6, 3))
    out = b.run(auto)
    assert [e["target"] for e in b.log if e["kind"] == "rout"] == ["A_f1", "A_f2"]
    assert attacks(b) == ["S_hop"]  # the landing fleets never got to attack
    assert (out.winner, out.how, out.prestige, out.must_retreat) == ("sparta", "panic", 2,
                                                                     "athens")
    assert out.steps_lost == {"athens": 0, "sparta": 0}
