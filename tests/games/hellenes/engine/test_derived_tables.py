"""Static tables made from the world alone are made once per world index and kept on it
(``WorldIndex.derived``; docs/engine.md, "Speed")."""

from __future__ import annotations

from hellenes_nb.games.hellenes.index import WorldIndex
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules.movement.search import fewest_borders
from hellenes_nb.games.hellenes.world import load_world


def test_a_derived_table_is_built_once_per_index_and_not_shared_between_indexes():
    world = load_world()
    one, two = WorldIndex(world), WorldIndex(world)
    calls = []

    def build(ix: WorldIndex) -> tuple[int, ...]:
        calls.append(ix)
        return tuple(range(ix.n_places))

    first = one.derived(build)
    assert one.derived(build) is first
    assert calls == [one]
    assert two.derived(build) == first and two.derived(build) is not first
    assert calls == [one, two]


def test_rule_tables_come_from_their_own_index():
    world = load_world()
    one, two = WorldIndex(world), WorldIndex(world)
    assert fewest_borders(one, False) is fewest_borders(one, False)
    assert fewest_borders(one, False) is not fewest_borders(two, False)
    assert fewest_borders(one, False) == fewest_borders(two, False)
    colours = {c for c in one.city_nationality if c}
    assert colours, "the world has coloured cities"
    for c in colours:
        expected = {p for p in range(one.n_land)
                    if c in (one.city_nationality[p], one.town_nationality[p])}
        assert scenario_rules.home_territory(one, c) == expected != set()
    assert scenario_rules.home_territory(one, "") == frozenset()
    assert scenario_rules.home_territory(one, "no such colour") == frozenset()
