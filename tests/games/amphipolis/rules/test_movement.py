"""§3.1 Normal movement on the main map: the costs of §3.1.4 and the rulebook's worked
examples (§3.1, §3.1.4), walls (§5.1, §5.2), the river and the flotilla (§3.1.1, S3)."""

from __future__ import annotations

import pytest

from hellenes_nb.games.amphipolis.rules.movement import LAND_PM, NO_ENTRY, reach, step_cost
from hellenes_nb.games.amphipolis.world import load_world

W = load_world()
ATHENS, SPARTA = 0, 1


@pytest.mark.rule("3.1.4")
def test_the_worked_example_t15_to_t17_by_t11_costs_four():
    assert step_cost(W, "T15", "T11") == 2  # 1 + 1 for the bridge
    assert step_cost(W, "T11", "T17") == 2  # 1 + 1 from inside the wall to outside
    assert reach(W, "T15", LAND_PM)["T17"] == 4


@pytest.mark.rule("3.1.4")
def test_the_river_is_crossed_by_the_bridge_only():
    assert step_cost(W, "T15", "T13") == NO_ENTRY
    assert step_cost(W, "T15", "T11") != NO_ENTRY
    assert "T13" not in reach(W, "T15", 1)


@pytest.mark.rule("3.1")
@pytest.mark.parametrize("a,b", [("T5", "T6"), ("T7", "T11"), ("T9", "T12"), ("T26", "T18"),
                                 ("T26", "T19"), ("T19", "T20"), ("thasos", "T4")])
def test_zones_meeting_at_a_point_or_the_map_edge_are_not_adjacent(a, b):
    assert step_cost(W, a, b) == NO_ENTRY
    assert step_cost(W, b, a) == NO_ENTRY


@pytest.mark.rule("3.1.4")
def test_a_permanent_wall_costs_three_in_and_one_out():
    assert step_cost(W, "T7", "T12") == 4
    assert step_cost(W, "T12", "T7") == 2


@pytest.mark.rule("5.1")
def test_the_buildable_walls_count_only_once_built_and_one_when_destroyed():
    assert step_cost(W, "T9", "T11") == 1
    assert step_cost(W, "T9", "T11", walls="built") == 4
    assert step_cost(W, "T11", "T9", walls="built") == 2
    assert step_cost(W, "T11", "T12", walls="built") == 4
    assert step_cost(W, "T9", "T11", walls="destroyed") == 2
    assert step_cost(W, "T11", "T9", walls="destroyed") == 2


@pytest.mark.rule("3.1.4")
def test_climbing_from_clear_ground_costs_one_more_but_not_going_down():
    assert step_cost(W, "T20", "T21") == 2  # clear to elevated
    assert step_cost(W, "T21", "T20") == 1
    assert step_cost(W, "T21", "T24") == 1  # elevated to elevated


@pytest.mark.rule("3.1.4")
def test_leaving_a_rear_base_costs_two_more_and_only_its_users_may():
    assert step_cost(W, "macedonia", "T23", side=SPARTA) == 3
    assert step_cost(W, "thrace", "T2", side=ATHENS) == 3
    assert step_cost(W, "macedonia", "T23", side=ATHENS) == NO_ENTRY


@pytest.mark.rule("3.1.1")
def test_the_flotilla_lets_sparta_alone_cross_the_river_for_two_more():
    assert step_cost(W, "T15", "T13", side=SPARTA, flotilla=True) == 3
    assert step_cost(W, "T15", "T13", side=ATHENS, flotilla=True) == NO_ENTRY


@pytest.mark.rule("3.1.1")
def test_land_units_do_not_walk_into_the_sea():
    assert step_cost(W, "T5", "M1") == NO_ENTRY
    assert step_cost(W, "T22", "M2") == NO_ENTRY


@pytest.mark.rule("3.1.4")
def test_a_zone_held_by_the_enemy_stops_the_move():
    free = reach(W, "T15", LAND_PM)
    held = reach(W, "T15", LAND_PM, stop=frozenset({"T11"}))
    assert "T17" in free and "T11" in held and "T17" not in held
