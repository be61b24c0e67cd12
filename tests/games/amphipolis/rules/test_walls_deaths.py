"""§5 walls (building with its die by period, conditions, sappers and rebuilding) and the deaths
of Brasidas and Cleon (the note under the combat table), with forced dice."""

from __future__ import annotations

import pytest

from hellenes_nb.games.amphipolis.rules.deaths import death_rolls
from hellenes_nb.games.amphipolis.rules.sequence import initial_state
from hellenes_nb.games.amphipolis.rules.walls import build_need, may_build, sap, try_build
from hellenes_nb.games.amphipolis.world import load_world

W = load_world()


@pytest.fixture
def st():
    s = initial_state("10.2", 1)  # Sparta holds the citadel and the Advantage
    s.turn = 2
    return s


@pytest.mark.rule("5.1")
def test_the_die_needed_for_the_walls_by_period():
    assert [build_need(t) for t in range(10)] == [5, 5, 5, 5, 4, 4, 4, 4, 6, 6]


@pytest.mark.rule("5.1")
def test_walls_built_on_a_five_in_turn_two_not_on_a_four(st):
    st.dice.force([4])
    assert not try_build(st) and st.walls == "none"
    st.dice.force([5])
    assert try_build(st) and st.walls == "built"


@pytest.mark.rule("5.1")
def test_no_building_without_the_advantage_the_citadel_or_with_athenians_in_t7(st):
    st.advantage = 0
    assert "Advantage" in may_build(st)
    st.advantage, st.citadel = 1, 0
    assert "citadel" in may_build(st)
    st.citadel = 1
    st.uloc[W.unit_index["ath-h6-1"]] = "T7"
    assert "T9 or T7" in may_build(st)
    with pytest.raises(ValueError, match="cannot build the walls now"):
        try_build(st)
    assert st.walls == "none"


@pytest.mark.rule("5.2")
def test_sappers_destroy_the_walls_rebuilt_only_after_the_next_turn(st):
    st.walls = "built"
    sap(st)
    assert st.walls == "destroyed"
    assert "next" in may_build(st)
    st.turn += 1
    st.dice.force([6])
    assert try_build(st) and st.walls == "built"


@pytest.mark.rule("4.2")
def test_on_a_tie_both_roll_again_and_a_one_kills(st):
    st.dice.force([3, 3, 1, 2])
    assert death_rolls(st) == [0]  # Cleon rolls 1, Brasidas 2
    st.dice.force([4, 4, 1, 1])
    assert death_rolls(st) == [0, 1]


@pytest.mark.rule("4.2")
def test_without_a_tie_only_the_higher_roller_risks_his_leader(st):
    st.dice.force([2, 5, 1])
    assert death_rolls(st) == [1]  # Sparta rolled higher, then 1: Brasidas dies
    st.dice.force([6, 5, 2])
    assert death_rolls(st) == []
    st.dice.force([6, 5, 1])
    assert death_rolls(st) == [0]
