"""A declared lesson position becomes a legal engine state waiting for card play (§3.3)."""

from __future__ import annotations

import pytest

from hellenes_nb.games.hellenes.lessonposition import PositionError, build_state, position_problems
from hellenes_nb.games.hellenes.state import POOL
from hellenes_nb.lessons.format import load_spec

from .conftest import MINI, PYLOS


def test_build_state_places_exactly_the_declared_units(world):
    spec = load_spec(PYLOS)
    s = build_state(world, spec.position, spec.seed)
    ix = s.ix
    on_map = {ix.unit_key[u] for u in range(120) if s.loc[u] >= 0}
    assert on_map == {u.key for u in spec.position.units}
    assert s.loc[ix.unit("A1")] == POOL  # other units of the scenario wait in the pool
    assert s.carry == {ix.unit("A9"): ix.unit("A30")}
    assert (s.year, s.season, s.prestige) == (425, 1, 0)
    assert s.stack[-1] == {"kind": "season", "season": 1, "stage": 0}


def test_deck_excludes_hands_and_leaders_and_is_seeded(world):
    spec = load_spec(PYLOS)
    a = build_state(world, spec.position, 1)
    b = build_state(world, spec.position, 2)
    assert a.hands == [[14, 43, 37, 13], [32, 35, 40, 30]]
    assert a.leaders == [3, 12]  # Cleon, Agis
    held = {14, 43, 37, 13, 32, 35, 40, 30, 3, 12}
    assert sorted(a.deck) == [n for n in range(1, 45) if n not in held]
    assert a.deck != b.deck


@pytest.mark.rule("7.2")
def test_7_2_a_declared_siege_is_established_and_blockaded(write, world):
    text = MINI.replace("""    - {unit: A9, area: messenian_gulf, cv: 4, carries: A30}
    - {unit: A30, area: messenian_gulf, cv: 3}
    - {unit: S1, area: laconia, cv: 4}""", """    - {unit: A30, area: pylos, cv: 2, besieged: true}
    - {unit: S1, area: pylos, cv: 4, besieging: true}
    - {unit: S9, area: sea_of_pylos, cv: 3}""").split("steps:")[0] + \
        "steps:\n  - {title: t, narrative: n}\n"
    spec = load_spec(write(text))
    s = build_state(world, spec.position, 1)
    p = s.ix.place("pylos")
    assert s.sieges[p]["besieger"] == 1 and s.sieges[p]["blockaded_since"] is not None
    assert s.city_control[p] == 0 and s.control[p] == 1
    assert s.garrisons == {}  # Pylos is loyal to Sparta: no Athenian garrison appears (§7.3)


def test_illegal_position_raises_with_every_problem(write, world):
    text = MINI.replace("cv: 4, carries: A30}", "cv: 9, carries: A30}").replace(
        "year: 425", "year: 400")
    spec = load_spec(write(text))
    problems = position_problems(world, spec.position)
    assert any("year 400 BC is outside" in p for p in problems)
    assert any("cv 9 must be 1 to 4" in p for p in problems)
    with pytest.raises(PositionError):
        build_state(world, spec.position, 1)


def test_hands_and_leaders_are_checked(write, world):
    text = MINI.replace("athens: [14, 43]", "athens: [14, 50, 3]").replace(
        "sparta: agis", "sparta: leonidas")
    spec = load_spec(write(text))
    problems = position_problems(world, spec.position)
    assert any("card 50 is not in the The 431 Campaign deck" in p for p in problems)
    assert any("'leonidas' is not a leader card" in p for p in problems)
