"""The Sicilian Expedition lesson (415-413) on the Sicily scenario: the position keeps the
scenario's own state (the Peace of Nicias that cannot be broken, its capacities and the tribute
gap, §12.0, §15.2), Demosthenes' night attack is a failed siege assault, and the Great Harbour
a lost sea battle."""

from __future__ import annotations

import pytest

from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules import year_end
from hellenes_nb.games.hellenes.rules.setup import initial_state
from hellenes_nb.lessons import Lesson

from .conftest import unit_place


@pytest.fixture(scope="module")
def sicily(world):
    return Lesson("sicilian-expedition-415-413", world=world)


@pytest.mark.rule("15.2")
def test_15_2_every_step_keeps_the_peace_its_capacities_and_the_tribute_gap(sicily, world):
    setup = initial_state(world, "sicily", 1)
    ix = setup.ix
    athens, thebes, syracuse = (ix.place(a) for a in ("attica", "boeotia", "syracuse"))
    for n in range(1, len(sicily.steps) + 1):
        sicily.goto(n)
        st = sicily.state
        assert scenario_rules.peace(st) and not scenario_rules.war_resumed(st), n
        assert scenario_rules.capacities(st) == scenario_rules.capacities(setup), n
        assert scenario_rules.capacity(st, athens) == 18, "triple in Greece under the Peace"
        assert scenario_rules.capacity(st, thebes) == 12
        assert scenario_rules.capacity(st, syracuse) == 10, "Sicily is not GREECE (§12.0 2a)"
        t = year_end.tribute(st)
        assert t["athens"]["penalty"] == 1, "the tribute gap costs Athens 1 a year (rule 4)"
        assert t["athens"]["collected"] == t["sparta"]["collected"] == 0, \
            "cities in Greece pay no tribute in the Sicily scenario (rule 4)"
        assert year_end.tribute(setup) == t, n


@pytest.mark.rule("8.11")
def test_8_11_the_night_attack_is_a_siege_assault_that_ends_in_panic(sicily):
    sicily.goto(3)
    battle = sicily.view()["battle"]
    assert battle["kind"] == "assault"
    assert battle["winner"] == "sparta" and battle["how"] == "panic"
    st = sicily.state
    assert st.sieges[st.ix.place("syracuse")]["besieger"] == 0, "the besiegers fall back (§8.12)"
    assert st.prestige == -2


@pytest.mark.rule("7.2")
def test_7_2_marching_away_takes_the_army_to_catana(sicily):
    sicily.goto(4)
    branch = sicily.choose("march-away")["game"].state
    assert all(branch.loc[branch.ix.unit(k)] == branch.ix.place("catana")
               for k in ("A56", "A47", "A52", "A48", "A53", "A54"))
    stay = sicily.choose("stay")["game"].state
    assert stay.loc[stay.ix.unit("A56")] == stay.ix.place("syracuse")


@pytest.mark.rule("6.5")
def test_6_5_the_great_harbour_is_a_sea_battle_of_fleets_only(sicily):
    sicily.goto(5)
    battle = sicily.view()["battle"]
    keys = {b["block"] for blocks in battle["forces"].values() for b in blocks}
    assert battle["kind"] == "sea" and keys == {"A57", "A49", "S51", "S52", "S60"}
    assert battle["winner"] == "sparta"
    assert unit_place(sicily, "A49") == "pool" and unit_place(sicily, "A57") == "syracuse"
    assert sicily.state.prestige == -4
