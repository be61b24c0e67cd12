"""The Potidaea lesson (432-431): the 431 scenario's own start, the night attack on Plataea and
the siege of Potidaea on the engine."""

from __future__ import annotations

import pytest

from hellenes_nb.games.hellenes.rules.setup import initial_state
from hellenes_nb.lessons import Lesson

from .conftest import city_holder, unit_place


@pytest.fixture(scope="module")
def potidaea(world):
    return Lesson("potidaea-432-431", world=world)


@pytest.mark.rule("15.1")
def test_15_1_the_lesson_starts_from_the_431_scenarios_own_map(potidaea, world):
    setup = initial_state(world, "431", 1)
    st = potidaea.state
    assert st.loc == setup.loc and st.cv == setup.cv and st.inside == setup.inside
    assert st.garrisons == setup.garrisons and set(st.sieges) == set(setup.sieges)
    assert st.leaders == setup.leaders and st.prestige == setup.prestige == 0
    assert (st.year, st.season) == (431, 1)


@pytest.mark.rule("7.1")
def test_7_1_the_plataeans_may_shut_themselves_in_instead(potidaea):
    potidaea.goto(3)
    assert unit_place(potidaea, "S27") == "plataea"
    branch = potidaea.choose("shut-in")["game"].state
    p = branch.ix.place("plataea")
    assert branch.inside[branch.ix.unit("A6")] == 1
    assert branch.sieges[p]["besieger"] == 1, "the Thebans besiege Plataea (§7.2)"
    assert branch.prestige == 0, "fortifying is not a lost battle (§7.1)"


@pytest.mark.rule("6.2")
def test_6_2_the_plataeans_strike_first_and_destroy_the_thebans(potidaea):
    potidaea.goto(4)
    battle = potidaea.view()["battle"]
    assert battle["winner"] == "athens" and battle["how"] == "elimination"
    attacks = [e for e in battle["events"] if e["kind"] == "battle_attack"]
    assert "Plataean" in attacks[0]["text"], "the defender fires before an equal aggressor"
    assert potidaea.state.prestige == 2, "a Triumph (§14.11)"
    assert unit_place(potidaea, "S27") == "pool" and city_holder(potidaea, "plataea") == "athens"


@pytest.mark.rule("8.2")
def test_8_2_attrition_at_potidaea_hits_the_strongest_block(potidaea):
    potidaea.goto(5)
    st = potidaea.state
    assert st.cv[st.ix.unit("S22")] == 2 and st.cv[st.ix.unit("S23")] == 2
    assert city_holder(potidaea, "pallene") == "sparta"
    assert unit_place(potidaea, "A30") == "plataea"
