"""The Decelea and Ionian war lesson (413-411) on the 413 scenario: the position keeps the
scenario's own state, War Resumes in force from the start (§15.3), so tribute is halved
(§12.11) and Thebes holds twelve (§12.12) at every step; revolts put garrisons into empty
subject cities (§3.12) and Mytilene is stormed back (§8.1, §8.11)."""

from __future__ import annotations

import pytest

from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules, year_end
from hellenes_nb.games.hellenes.rules.setup import initial_state
from hellenes_nb.lessons import Lesson

from .conftest import city_holder, unit_place


@pytest.fixture(scope="module")
def decelea(world):
    return Lesson("decelea-ionian-war-413-411", world=world)


@pytest.mark.rule("15.3")
def test_15_3_every_step_halves_tribute_and_keeps_decelea_s_thebes(decelea, world):
    setup = initial_state(world, "413", 1)
    ix = setup.ix
    thebes, athens = ix.place("boeotia"), ix.place("attica")
    assert year_end.tribute(decelea.state) == year_end.tribute(setup), \
        "the lesson starts with the scenario's own captured cities and tribute"
    for n in range(1, len(decelea.steps) + 1):
        decelea.goto(n)
        st = decelea.state
        assert scenario_rules.war_resumed(st) and not scenario_rules.peace(st), n
        assert scenario_rules.capacities(st) == scenario_rules.capacities(setup), n
        assert scenario_rules.capacity(st, thebes) == 12, "Decelea (§12.12)"
        assert scenario_rules.capacity(st, athens) == 12, "twice its value, the Peace is over"
        for side, rec in year_end.tribute(st).items():
            assert rec["collected"] == rec["cities"] // 2, (n, side, "halved, §12.11")
    decelea.goto(4)
    t = year_end.tribute(decelea.state)["sparta"]
    assert t["cities"] > year_end.tribute(setup)["sparta"]["cities"], \
        "Chios and Lesbos now pay Sparta, halved"


@pytest.mark.rule("3.12")
def test_3_12_chios_revolts_and_the_revolt_spreads_to_lesbos(decelea):
    decelea.goto(3)
    assert city_holder(decelea, "chios") == "sparta"
    st = decelea.state
    assert st.garrisons[st.ix.place("chios")][0] == 1, "a Spartan garrison holds the city"
    decelea.goto(4)
    assert city_holder(decelea, "lesbos") == "sparta", "an Ionian card spreads to the islands"
    branch = decelea.choose("chios")["game"].state
    assert branch.loc[branch.ix.unit("A11")] == branch.ix.place("chios")
    assert branch.sieges[branch.ix.place("chios")]["besieger"] == 0


@pytest.mark.rule("8.11")
def test_8_11_mytilene_is_stormed_back_from_its_garrison(decelea):
    decelea.goto(5)
    battle = decelea.view()["battle"]
    assert battle["kind"] == "assault" and battle["winner"] == "athens"
    assert battle["how"] == "elimination"
    assert city_holder(decelea, "lesbos") == "athens" and unit_place(decelea, "A17") == "lesbos"
    assert decelea.state.prestige == 5
