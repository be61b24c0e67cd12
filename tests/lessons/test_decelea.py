"""The Decelea and Ionian war lesson (413-411) on the 413 scenario: it starts with the
scenario's own tribute (the rules of War Resumes at every step are checked for every 413 lesson
in test_scenario_state.py); revolts put garrisons into empty subject cities (§3.12) and
Mytilene is stormed back (§8.1, §8.11)."""

from __future__ import annotations

import pytest

from hellenes_nb.games.hellenes.rules import year_end
from hellenes_nb.games.hellenes.rules.setup import initial_state
from hellenes_nb.lessons import Lesson

from .conftest import city_holder, unit_place


@pytest.fixture(scope="module")
def decelea(world):
    return Lesson("decelea-ionian-war-413-411", world=world)


@pytest.mark.rule("12.11")
def test_12_11_the_lesson_starts_with_the_setup_s_tribute_and_the_revolts_pay_sparta(decelea,
                                                                                       world):
    setup = year_end.tribute(initial_state(world, "413", 1))
    decelea.goto(1)
    assert year_end.tribute(decelea.state) == setup, "the scenario's own captured cities"
    decelea.goto(4)
    t = year_end.tribute(decelea.state)["sparta"]
    assert t["cities"] > setup["sparta"]["cities"] and t["collected"] == t["cities"] // 2, \
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
