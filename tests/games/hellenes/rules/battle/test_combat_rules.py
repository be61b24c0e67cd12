"""Single rules of the battle machine, each with forced dice (§6, §7.3, §8.1, §8.11, §14.11)."""

import json

import pytest

from hellenes_nb.core.dice import Dice
from hellenes_nb.games.hellenes.rules.battle.blocks import Fighter
from hellenes_nb.games.hellenes.rules.battle.combat import Battle
from hellenes_nb.games.hellenes.rules.battle.policies import BattlePolicy, auto
from hellenes_nb.games.hellenes.rules.battle.setup import BattleError


def dice(*faces: int) -> Dice:
    d = Dice(0)
    d.force(faces)
    return d


def of(battle: Battle, kind: str) -> list[dict]:
    return [e for e in battle.log if e["kind"] == kind]


def retreat_for(side: str, from_round: int = 1) -> BattlePolicy:
    return BattlePolicy(retreat=lambda b, s: s == side and b.round >= from_round)


# -- order of fire -----------------------------------------------------------------------------
@pytest.mark.rule("2.14")
def test_2_14_defenders_fire_before_aggressors_of_equal_agility_then_by_key() -> None:
    fs = [
        Fighter("S2", "sparta", "aggressor", "B2", 1),
        Fighter("A9", "athens", "defender", "B1", 1),
        Fighter("S1", "sparta", "aggressor", "B1", 1),
        Fighter("A3", "athens", "defender", "C2", 1),
        Fighter("A1", "athens", "defender", "B2", 1),
    ]
    assert Battle(fs, dice=1).firing_order() == ["A1", "A9", "S1", "S2", "A3"]


@pytest.mark.rule("6.5")
def test_6_5_sea_battle_e_fleets_fire_before_f_fleets_whatever_the_role() -> None:
    fs = [
        Fighter("S_f", "sparta", "defender", "F1", 2, fleet=True),
        Fighter("A_e", "athens", "aggressor", "E2", 2, fleet=True),
    ]
    b = Battle(fs, "sea", dice=dice(3, 4, 3, 4))
    assert b.firing_order() == ["A_e", "S_f"]
    while b.round == 1:
        b.step(auto)
    assert [e["by"] for e in of(b, "attack")] == ["A_e", "S_f"]


# -- hits and routs ----------------------------------------------------------------------------
@pytest.mark.rule("6.33")
def test_6_33_routed_blocks_stop_attacking_and_taking_battle_hits() -> None:
    fs = [
        Fighter("A_x", "athens", "defender", "A2", 1),
        Fighter("A_y", "athens", "defender", "C1", 2),
        Fighter("S_a", "sparta", "aggressor", "B3", 2),
        Fighter("S_b", "sparta", "aggressor", "B1", 3),
    ]
    # A_x routs S_a (5); S_a is skipped; S_b's hit must go to unrouted A_y, not routed... (none)
    b = Battle(fs, dice=dice(5, 1, 3, 3, 4), may_retreat={"athens": False, "sparta": False})
    b.step()
    assert b.fighter("S_a").routed
    b.step()
    assert [e["by"] for e in of(b, "attack")] == ["A_x", "S_b"]
    assert [e["target"] for e in of(b, "hit")] == ["A_y"]


@pytest.mark.rule("6.32")
def test_6_32_hits_beyond_the_last_enemy_step_are_unused_and_elimination_wins_2() -> None:
    fs = [
        Fighter("A_x", "athens", "defender", "C1", 1),
        Fighter("S_a", "sparta", "aggressor", "A3", 3),
    ]
    b = Battle(fs, dice=dice(1, 2, 3))
    out = b.run(auto)
    assert of(b, "eliminated")[0]["target"] == "A_x"
    assert of(b, "unused")[0]["hits"] == 2
    assert (out.how, out.winner, out.prestige, out.must_retreat) == ("elimination", "sparta",
                                                                     2, None)
    assert out.eliminated == ("A_x",)
    assert out.steps_lost == {"athens": 1, "sparta": 0}


# -- retreat option ----------------------------------------------------------------------------
@pytest.mark.rule("6.4")
def test_6_4_retreat_is_offered_once_per_round_at_the_sides_first_attack() -> None:
    fs = [
        Fighter("A_a", "athens", "defender", "A1", 1),
        Fighter("A_c", "athens", "defender", "C1", 1),
        Fighter("S_b", "sparta", "aggressor", "B1", 1),
    ]
    b = Battle(fs, dice=dice(*[3] * 6))
    offers = []
    for _ in range(6):  # two rounds of misses, plus the two round ends
        if b.prompt:
            offers.append((b.round, b.prompt.whose, b.next_attacker()))
            b.choose("fight")
        b.step()
    assert offers == [(1, "athens", "A_a"), (1, "sparta", "S_b"),
                      (2, "athens", "A_a"), (2, "sparta", "S_b")]


@pytest.mark.rule("6.4")
def test_6_4_retreat_option_moves_to_the_first_unrouted_block() -> None:
    fs = [
        Fighter("S_a", "sparta", "defender", "A2", 2),
        Fighter("A_b", "athens", "aggressor", "B1", 1),
        Fighter("A_d", "athens", "aggressor", "D1", 2),
    ]
    b = Battle(fs, dice=dice(6, 3, 3, 3), may_retreat={"sparta": False})
    assert b.prompt is None and b.next_attacker() == "S_a"
    b.step()  # S_a: a rout (6) on the weakest, A_b, then a miss
    assert b.fighter("A_b").routed
    assert b.prompt.whose == "athens" and b.next_attacker() == "A_d"


@pytest.mark.rule("14.11")
def test_14_11_sea_retreat_always_cedes_1_even_unharmed() -> None:
    fs = [
        Fighter("S_f", "sparta", "defender", "E1", 2, fleet=True),
        Fighter("A_f", "athens", "aggressor", "F1", 2, fleet=True),
    ]
    b = Battle(fs, "sea", dice=dice(3, 3))
    out = b.run(retreat_for("athens"))
    assert (out.how, out.prestige, out.prestige_to, out.must_retreat) == ("retreat", 1, "sparta",
                                                                         "athens")


@pytest.mark.rule("6.41")
def test_6_41_raid_without_enemy_a_units_is_a_free_shot() -> None:
    fs = [
        Fighter("S_cav", "sparta", "aggressor", "A1", 2, cavalry=True),
        Fighter("A_hop", "athens", "defender", "C2", 3),
    ]
    b = Battle(fs, dice=dice(1, 6))
    out = b.run(retreat_for("sparta"))
    assert [e["mode"] for e in of(b, "attack")] == ["harry"]
    assert b.fighter("A_hop").cv == 2 and not b.fighter("A_hop").routed
    assert (out.how, out.prestige) == ("retire", 0)


@pytest.mark.rule("6.41")
def test_6_41_routed_cavalry_does_not_harry() -> None:
    fs = [
        Fighter("A_cav", "athens", "defender", "A1", 1, cavalry=True),
        Fighter("A_hop", "athens", "defender", "C2", 2),
        Fighter("S_cav", "sparta", "aggressor", "A2", 1, cavalry=True),
    ]
    # A_cav misses, S_cav routs A_cav (5), A_hop misses; round 2: Athens retreats
    b = Battle(fs, dice=dice(3, 5, 3, 4, 3))
    b.run(retreat_for("athens", from_round=2))
    harriers = [e["by"] for e in of(b, "attack") if e["mode"] == "harry"]
    assert harriers == ["S_cav"]
    assert b.outcome.how == "retreat"


# -- sieges: double defense, garrisons, no routs ----------------------------------------------
def _assault(attacker_cv: int, faces: list[int], treachery: bool = False) -> Battle:
    fs = [
        Fighter("A_hop", "athens", "defender", "A2", 2, city=True),
        Fighter("garrison:potidaea", "athens", "defender", "A2", 1, max_cv=1, garrison=True,
                city=True),
        Fighter("S_hop", "sparta", "aggressor", "B2", attacker_cv),
    ]
    return Battle(fs, "assault", dice=dice(*faces), treachery=treachery)


@pytest.mark.rule("8.11")
def test_8_11_two_hits_make_one_step_and_leftover_half_steps_are_cancelled() -> None:
    b = _assault(4, [3, 4, 3, 1, 2, 1, 5])
    assert b.prompt is None  # the defenders may not retreat (§8.12)
    b.step()
    b.step()  # defenders miss
    assert b.prompt.whose == "sparta"
    b.choose("fight")
    events = b.step()  # S_hop: 1, 2, 1 hit; 5 would rout
    assert [(e["kind"], e["target"], e["cv"]) for e in events if "target" in e] == [
        ("half_hit", "A_hop", 2), ("hit", "A_hop", 1), ("half_hit", "A_hop", 1)]
    unused = [e for e in events if e["kind"] == "unused"]
    assert unused and "cannot be routed" in unused[0]["why"]
    assert b.fighter("A_hop").half and not b.fighter("A_hop").routed
    end = b.step()
    assert [e["kind"] for e in end] == ["half_cancelled", "round_end"]
    assert b.fighter("A_hop").cv == 1 and not b.fighter("A_hop").half


@pytest.mark.rule("7.3")
def test_7_3_garrison_is_the_last_block_eliminated() -> None:
    # round 1: defenders miss; four hits: A_hop 2 -> 0 although the garrison ties at cv 1
    b = _assault(4, [3, 4, 3, 1, 1, 1, 1, 3, 1, 1])
    out = b.run(auto)
    targets = [e["target"] for e in b.log if e["kind"] in ("hit", "half_hit")]
    assert targets[:4] == ["A_hop"] * 4
    assert targets[4:] == ["garrison:potidaea"] * 2
    assert (out.how, out.winner, out.prestige) == ("elimination", "sparta", 2)
    assert out.eliminated == ("A_hop", "garrison:potidaea")


@pytest.mark.rule("3.1")
def test_3_1_treachery_assault_no_double_defense_and_one_round_only() -> None:
    b = _assault(2, [1, 4, 3, 1], treachery=True)  # A_hop hits S_hop, which hits back
    out = b.run(auto)
    assert [e["kind"] for e in b.log if e.get("target") == "A_hop"] == ["hit"]
    assert b.fighter("A_hop").cv == 1
    assert (out.how, out.rounds, out.winner, out.prestige, out.must_retreat) == (
        "treachery_failed", 1, "athens", 1, "sparta")


@pytest.mark.rule("3.1")
def test_3_1_treachery_assault_unscathed_assaulters_lose_nothing() -> None:
    out = _assault(1, [3, 4, 3, 3], treachery=True).run(auto)
    assert (out.how, out.prestige, out.prestige_to) == ("treachery_failed", 0, None)


@pytest.mark.rule("6.4")
def test_6_4_besieged_fleet_may_retreat_when_the_engine_allows() -> None:
    fs = [
        Fighter("A_fleet", "athens", "defender", "A2", 2, fleet=True, city=True),
        Fighter("S_hop", "sparta", "aggressor", "B2", 3),
    ]
    b = Battle(fs, "assault", dice=dice(3, 3), may_retreat={"athens": True})
    assert b.prompt.whose == "athens"
    b.choose("retreat")
    assert b.over and b.outcome.how == "retire" and b.outcome.must_retreat == "athens"


# -- sea battles, narrows, landings ------------------------------------------------------------
@pytest.mark.rule("6.5")
def test_6_5_carried_unit_shrinks_to_stay_below_its_fleet_and_never_fights() -> None:
    fs = [
        Fighter("A_fleet", "athens", "aggressor", "F1", 3, fleet=True),
        Fighter("A_hop", "athens", "aggressor", "C2", 3, carried_by="A_fleet"),
        Fighter("S_fleet", "sparta", "defender", "E2", 3, fleet=True),
    ]
    b = Battle(fs, "sea", dice=dice(1, 3, 4, 3, 3, 4, 1, 2, 4))
    start = of(b, "cargo_reduced")
    assert [(e["target"], e["cv"]) for e in start] == [("A_hop", 2)]  # too big to embark as 3
    assert "A_hop" not in b.firing_order()
    b.run(auto)
    reduced = [(e["target"], e["cv"]) for e in of(b, "cargo_reduced")]
    assert reduced == [("A_hop", 2), ("A_hop", 1), ("A_hop", 0)]
    assert all(e["target"] != "A_hop" for e in of(b, "hit"))
    out = b.outcome
    assert out.how == "elimination" and set(out.eliminated) == {"A_fleet", "A_hop"}
    assert out.steps_lost["athens"] == 6


@pytest.mark.rule("6.5")
def test_6_5_fleets_engaging_across_narrows_hold_fire_in_round_1_only() -> None:
    fs = [
        Fighter("S_fleet", "sparta", "defender", "F1", 1, fleet=True),
        Fighter("A_fleet", "athens", "aggressor", "E1", 1, fleet=True, holds_round1=True),
    ]
    b = Battle(fs, "sea", dice=dice(3, 4, 3))
    while b.round < 3:
        b.step(auto)
    holds = of(b, "hold")
    assert [(e["by"], e["round"], e["rule"]) for e in holds] == [("A_fleet", 1, "6.5")]
    assert [(e["by"], e["round"]) for e in of(b, "attack")] == [
        ("S_fleet", 1), ("A_fleet", 2), ("S_fleet", 2)]


@pytest.mark.rule("6.6")
def test_6_6_sea_landing_units_do_not_attack_in_round_1() -> None:
    fs = [
        Fighter("A_hop", "athens", "aggressor", "B2", 2, holds_round1=True),
        Fighter("S_hop", "sparta", "defender", "C2", 2),
    ]
    b = Battle(fs, dice=dice(3, 3, 3, 3, 3, 3))
    first = b.step(auto)
    assert first[-1]["kind"] == "hold" and first[-1]["rule"] == "6.6"
    assert b.step(auto)[-1]["by"] == "S_hop"


# -- the driving API ---------------------------------------------------------------------------
def test_step_resolves_exactly_one_unit_attack() -> None:
    fs = [Fighter(f"A{i}", "athens", "defender", "B2", 4) for i in range(3)] + [
        Fighter(f"S{i}", "sparta", "aggressor", "B2", 4) for i in range(3)]
    b = Battle(fs, dice=2024)
    while not b.over:
        events = b.step(auto)
        assert sum(e["kind"] == "attack" for e in events) <= 1
        assert events


def test_illegal_choice_raises_naming_the_rule_and_changes_nothing() -> None:
    fs = [
        Fighter("A_hop", "athens", "aggressor", "C2", 3),
        Fighter("S_x", "sparta", "defender", "D1", 3),
        Fighter("S_y", "sparta", "defender", "D1", 3),
    ]
    b = Battle(fs, dice=dice(1, 3, 3), may_retreat={"athens": False, "sparta": False})
    b.step()
    before = json.dumps(b.to_dict())
    with pytest.raises(BattleError, match=r"§6\.32"):
        b.choose("A_hop")
    with pytest.raises(BattleError, match="decide"):
        b.step()
    assert json.dumps(b.to_dict()) == before


def test_choose_without_a_decision_and_step_after_the_end_raise() -> None:
    fs = [Fighter("A", "athens", "defender", "A3", 1), Fighter("S", "sparta", "aggressor", "D1", 1)]
    b = Battle(fs, dice=dice(1), may_retreat={"athens": False, "sparta": False})
    with pytest.raises(BattleError, match="no decision"):
        b.choose("fight")
    b.run()
    with pytest.raises(BattleError, match="over"):
        b.step()


@pytest.mark.parametrize(
    ("fighters", "kind", "extra", "message"),
    [
        ([("A", "athens", "defender", "B2", {})], "land", {}, "both sides"),
        ([("A", "athens", "defender", "B2", {}), ("A", "sparta", "aggressor", "B2", {})],
         "land", {}, "unique"),
        ([("A", "athens", "defender", "B2", {}), ("S", "sparta", "defender", "B2", {})],
         "land", {}, "aggressor"),
        ([("A", "athens", "defender", "E2", {"fleet": True}),
          ("S", "sparta", "aggressor", "B2", {})], "land", {}, "sea rating"),
        ([("A", "athens", "defender", "E2", {"fleet": True}),
          ("S", "sparta", "aggressor", "B2", {})], "sea", {}, "only fleets"),
        ([("A", "athens", "defender", "C2", {"fleet": True}),
          ("S", "sparta", "aggressor", "E2", {"fleet": True})], "sea", {}, "E/F"),
        ([("A", "athens", "defender", "B2", {"city": True}),
          ("S", "sparta", "aggressor", "B2", {})], "assault", {}, "A2"),
        ([("A", "athens", "defender", "A2", {}),
          ("S", "sparta", "aggressor", "B2", {})], "assault", {}, "city=True"),
        ([("A", "athens", "defender", "A2", {"city": True}),
          ("S", "sparta", "aggressor", "B2", {})], "sortie", {}, "8.3"),
        ([("A", "athens", "defender", "A2", {"city": True, "garrison": True}),
          ("S", "sparta", "aggressor", "B2", {})], "assault", {}, "garrison"),
        ([("A", "athens", "defender", "B2", {}),
          ("S", "sparta", "aggressor", "B2", {})], "land", {"treachery": True}, "3.1"),
        ([("A", "athens", "defender", "B2", {}),
          ("S", "sparta", "aggressor", "B2", {})], "skirmish", {}, "kind"),
        ([("A", "athens", "defender", "B2", {"carried_by": "S"}),
          ("F", "athens", "defender", "E2", {"fleet": True}),
          ("S", "sparta", "aggressor", "E2", {"fleet": True})], "sea", {}, "friendly fleet"),
        ([("A", "athens", "defender", "B2", {}),
          ("S", "sparta", "aggressor", "B2", {})], "land", {"may_retreat": {"thebes": True}},
         "may_retreat"),
    ],
)
def test_bad_battles_are_refused_with_plain_reasons(fighters, kind, extra, message) -> None:
    fs = [Fighter(k, s, r, rt, 1, **fl) for k, s, r, rt, fl in fighters]
    with pytest.raises(BattleError, match=message):
        Battle(fs, kind, dice=1, **extra)


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        (("A", "rome", "defender", "B2", 1), {}, "side"),
        (("A", "athens", "attacker", "B2", 1), {}, "role"),
        (("A", "athens", "defender", "B4", 1), {}, "rating"),
        (("A", "athens", "defender", "G1", 1), {}, "rating"),
        (("A", "athens", "defender", "B2", 5), {}, "cv"),
        (("A", "athens", "defender", "B2", 0), {}, "cv"),
        (("A", "athens", "defender", "B2", 3), {"max_cv": 2}, "max_cv 2"),
    ],
)
def test_bad_blocks_are_refused(args, kwargs, message) -> None:
    with pytest.raises(ValueError, match=message):
        Fighter(*args, **kwargs)


@pytest.mark.rule("8.11")
def test_8_11_a_half_step_binds_the_next_hit_of_another_attacker() -> None:
    fs = [
        Fighter("A_big", "athens", "defender", "A2", 3, city=True),
        Fighter("A_small", "athens", "defender", "A2", 1, city=True),
        Fighter("S_1", "sparta", "aggressor", "B1", 1),
        Fighter("S_2", "sparta", "aggressor", "C1", 1),
    ]
    # defenders miss; S_1 half-hits A_big (strongest); S_2's hit must complete that step
    b = Battle(fs, "assault", dice=dice(3, 4, 3, 3, 1, 1))
    while b.round == 1:
        b.step(auto)
    hits = [(e["kind"], e["by"], e["target"]) for e in b.log if e["kind"].endswith("hit")]
    assert hits == [("half_hit", "S_1", "A_big"), ("hit", "S_2", "A_big")]
    assert b.fighter("A_big").cv == 2
    assert not any(e["kind"] == "half_cancelled" for e in b.log)


@pytest.mark.rule("6.41")
def test_6_41_harrying_that_wipes_out_the_enemy_does_not_change_the_result() -> None:
    fs = [
        Fighter("S_cav", "sparta", "aggressor", "A2", 2, cavalry=True),
        Fighter("A_inf", "athens", "defender", "B1", 1),
    ]
    b = Battle(fs, dice=dice(1, 1))
    out = b.run(BattlePolicy(retreat=lambda battle, side: side == "sparta"))
    assert b.fighter("A_inf").cv == 0
    assert (out.how, out.winner, out.prestige, out.must_retreat) == ("retire", "athens", 0,
                                                                     "sparta")


def test_the_battle_rolls_the_games_own_dice_in_place() -> None:
    d = Dice(31)
    start = d.state
    fs = [Fighter("A", "athens", "defender", "B2", 3), Fighter("S", "sparta", "aggressor", "B2", 3)]
    b = Battle(fs, dice=d)
    b.run()
    assert b.dice is d and d.state != start
    assert b.to_dict()["dice"] == d.to_dict()
