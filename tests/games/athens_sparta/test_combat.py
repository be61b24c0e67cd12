"""Athens & Sparta: block fire and hits (§5.1, §5.2, §5.41), siege attrition (§6.0, §6.1) and
the start of the war (§3, §10.2), with the rules' own examples. Dice are seeded or forced."""

from __future__ import annotations

import pytest

from hellenes_nb.core.dice import Dice
from hellenes_nb.games.athens_sparta.rules.combat import (
    CombatBlock,
    fire,
    firing_order,
    heal_half_hits,
    hits_of,
    take_hits,
)
from hellenes_nb.games.athens_sparta.rules.siege import (
    attrition,
    attrition_target,
    island,
    siege_attrition,
    siege_status,
)
from hellenes_nb.games.athens_sparta.state import city_points, setup
from hellenes_nb.games.athens_sparta.world import load_world


def block(id, side, type, strength, rating):
    return CombatBlock(id, side, type, strength, rating)


def forced(*faces):
    dice = Dice(1)
    dice.force(faces)
    return dice


@pytest.mark.rule("5.1")
def test_5_1_example_firing_sequence():
    """§5.1's example: an attacking B2 hoplite with an A1 peltast against a defending B2
    hoplite with a C3 navy act in the order peltast, defending hoplite, attacking hoplite,
    navy (letters first, then the defender within a letter)."""
    blocks = [block("att-hop", "attacker", "hoplite", 3, "B2"),
              block("att-pel", "attacker", "peltast", 2, "A1"),
              block("def-hop", "defender", "hoplite", 3, "B2"),
              block("def-nav", "defender", "navy", 2, "C3")]
    assert [b.id for b in firing_order(blocks)] == ["att-pel", "def-hop", "att-hop", "def-nav"]


@pytest.mark.rule("5.41")
def test_5_41_in_a_siege_navies_fire_c1_and_cavalry_b1():
    cav = block("cav", "defender", "cavalry", 2, "A2")
    assert cav.rating_in(siege=True) == "B1" and cav.rating_in(siege=False) == "A2"
    assert block("n", "defender", "navy", 2, "C3").rating_in(siege=True) == "C1"
    # so a storming cavalry block now fires after an A peltast and among the B blocks
    pel = block("pel", "attacker", "peltast", 1, "A1")
    hop = block("hop", "attacker", "hoplite", 1, "B2")
    assert [b.id for b in firing_order([cav, pel, hop], siege=True)] == ["pel", "cav", "hop"]


@pytest.mark.rule("5.2")
def test_5_2_example_hoplite_b3_at_strength_4():
    hits, faces = hits_of(block("h", "attacker", "hoplite", 4, "B3"), forced(1, 3, 4, 6))
    assert faces == [1, 3, 4, 6] and hits == 2


@pytest.mark.rule("5.2")
def test_5_2_chios_example_round_one_sea_battle():
    """The Athenian navy 2C2 hits twice: the strongest Spartan navy (2C2) first, then one of
    the three left at 1C2 is eliminated; the two Spartan navies left hit once."""
    athens = block("chios-n", "defender", "navy", 2, "C2")
    sparta = [block("sn1", "attacker", "navy", 2, "C2"), block("sn2", "attacker", "navy", 1, "C2"),
              block("sn3", "attacker", "navy", 1, "C2")]
    event = fire(athens, sparta, forced(1, 2))
    assert event["hits"] == 2 and event["taken"] == [("sn1", 1), ("sn1", 0)]
    # the example takes the second hit on another 1C2; the owner picks among equals
    for b in sparta:
        b.strength = {"sn1": 2, "sn2": 1, "sn3": 1}[b.id]
    take_hits(sparta, 2, pick=lambda tied: tied[-1])
    assert [b.strength for b in sparta] == [1, 1, 0]
    left = [b for b in sparta if b.alive]
    assert [b.id for b in firing_order(left + [athens])] == ["chios-n", "sn1", "sn2"]
    fire(left[0], [athens], forced(2))
    assert athens.strength == 1


@pytest.mark.rule("5.41")
def test_5_41_amphipolis_example_double_defence():
    """A storming Spartan hoplite rolls 2 hits on the Athenian peltast 1A1 and hoplite 1B2 in
    the walled city: two half hits make one step, and both must fall on the same block."""
    peltast = block("ath-pel", "defender", "peltast", 1, "A1")
    hoplite = block("ath-hop", "defender", "hoplite", 1, "B2")
    spartan = block("spa-hop", "attacker", "hoplite", 3, "B4")
    def athens_picks_the_peltast(tied):
        return next(t for t in tied if t.type == "peltast")

    event = fire(spartan, [peltast, hoplite], forced(2, 4, 6), siege=True, walled_defence=True,
                 pick=athens_picks_the_peltast)
    assert event["hits"] == 2 and event["rule"] == "§5.41"
    assert [(b.id, b.strength) for b in (peltast, hoplite)] == [("ath-pel", 0), ("ath-hop", 1)]


@pytest.mark.rule("5.41")
def test_5_41_a_lone_half_hit_heals_and_the_next_hit_goes_to_the_same_block():
    a = block("a", "defender", "hoplite", 3, "B2")
    b = block("b", "defender", "hoplite", 3, "B2")
    take_hits([a, b], 1, double=True)
    assert a.half_hit and a.strength == 3
    b.strength = 4  # even if another block is now stronger, the half hit binds
    take_hits([a, b], 1, double=True)
    assert (a.strength, a.half_hit, b.strength) == (2, False, 4)
    take_hits([a, b], 1, double=True)
    assert b.half_hit
    heal_half_hits([a, b])
    assert not b.half_hit and b.strength == 4


@pytest.mark.rule("7.0")
def test_7_0_a_revolt_block_hits_fully_in_a_walled_city():
    defender = block("d", "defender", "hoplite", 2, "B2")
    demos = block("demos", "attacker", "demos", 2, "B2")
    fire(demos, [defender], forced(1, 2), siege=True, walled_defence=True)
    assert defender.strength == 0


@pytest.mark.rule("6.0")
def test_6_0_potidaea_sidebar_targets():
    """At the start Potidaea is a full siege: Sparta (inside) rolls 3+, Athens 4+; once the
    Athenian navy or army leaves it is a half siege and Sparta rolls 5+."""
    full = siege_status(port=True, island=False, besieged=True, blockaded=True)
    assert full == "full"
    assert attrition_target("defender", full) == 3 and attrition_target("attacker", full) == 4
    half = siege_status(port=True, island=False, besieged=True, blockaded=False)
    assert half == "half" and attrition_target("defender", half) == 5
    assert siege_status(port=True, island=False, besieged=False, blockaded=True) == "half"


@pytest.mark.rule("6.1")
def test_6_1_landlocked_siege_and_island_blockade_are_full():
    assert siege_status(port=False, island=False, besieged=True, blockaded=False) == "full"
    assert siege_status(port=True, island=True, besieged=False, blockaded=True) == "full"
    assert siege_status(port=True, island=False, besieged=False, blockaded=False) is None


@pytest.mark.rule("6.0")
def test_6_0_attrition_hits_fall_on_the_strongest():
    blocks = [block("x", "attacker", "hoplite", 2, "B2"),
              block("y", "attacker", "hoplite", 3, "B2")]
    result = attrition(blocks, 4, forced(4, 3))
    assert result["hits"] == 1 and result["taken"] == [("y", 2)]
    with pytest.raises(ValueError, match="'full' or 'half'"):
        attrition_target("defender", "quarter")


@pytest.mark.rule("3")
def test_3_setup_blocks_home_pool_offmap_and_potidaea():
    world = load_world()
    state = setup(world)
    assert state.blocks["spa-h1"].where == world.cities["sparta"].hex
    assert state.blocks["spa-h1"].steps == 4
    assert state.blocks["tyrants"].where == "pool" and state.blocks["chios-sn"].where == "pool"
    assert state.blocks["syr-h1"].where == "offmap" and state.blocks["syr-h1"].side is None
    potidaea = world.cities["potidaea"].hex
    assert state.at(potidaea) == ["ath-h3", "ath-n3", "cor-h2"]
    assert state.control["potidaea"] == "sparta"
    assert state.besieged == {"potidaea": "athens"} and state.blockaded == {"potidaea": "athens"}
    assert (state.olympiad, state.turn) == (84, 1)


@pytest.mark.rule("10.2")
def test_10_2_city_points_at_start_19_and_18_and_after_the_siege_lifts():
    world = load_world()
    state = setup(world)
    assert city_points(state, world) == {"athens": 19, "sparta": 18}
    state.besieged.clear()
    state.blockaded.clear()
    assert city_points(state, world) == {"athens": 19, "sparta": 19}


@pytest.mark.rule("6.0")
def test_6_0_potidaea_sidebar_attrition_at_the_start_and_after_the_navy_leaves():
    world = load_world()
    state = setup(world)
    sparta = siege_attrition(world, state, "sparta", forced(3))
    assert sparta == [{"city": "potidaea", "status": "full", "role": "defender", "target": 3,
                       "faces": [3], "hits": 1, "taken": [("cor-h2", 1)], "rule": "§6.0"}]
    athens = siege_attrition(world, state, "athens", forced(4, 3))
    assert athens[0]["target"] == 4 and athens[0]["hits"] == 1
    assert athens[0]["taken"] == [("ath-n3", 3)]  # the strongest of the two besiegers
    state.blockaded.clear()  # the Athenian navy sails away: a half siege
    sparta = siege_attrition(world, state, "sparta", forced(4))
    assert sparta[0]["status"] == "half" and sparta[0]["target"] == 5 and sparta[0]["hits"] == 0
    sparta = siege_attrition(world, state, "sparta", forced(5))
    assert state.blocks["cor-h2"].steps == 0 and state.blocks["cor-h2"].where == "pool"


@pytest.mark.rule("6.1")
def test_6_1_islands_for_blockades():
    world = load_world()
    assert island(world, "naxos") and island(world, "cephallenia") and island(world, "corcyra")
    assert island(world, "chios") and island(world, "samos")  # reached only across a strait
    assert not island(world, "chalcis") and not island(world, "carystus")  # Euboea
    assert not island(world, "athens")
