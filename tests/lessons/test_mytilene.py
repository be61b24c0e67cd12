"""Mytilene's revolt (428-427): a sea landing, a blockaded port starved by attrition, Athens
Raises Taxes, the tribute a revolt costs, and the capitulation (§6.6, §8.21, §3.1, §9.51,
§8.13)."""

from __future__ import annotations

import pytest

from hellenes_nb.lessons import Lesson

from .conftest import city_holder, unit_place


@pytest.fixture(scope="module")
def mytilene(world):
    return Lesson("mytilene-428-427", world=world)


@pytest.mark.rule("6.6")
def test_6_6_the_landing_fleet_cannot_fire_and_the_rebels_retire(mytilene):
    mytilene.goto(3)
    battle = mytilene.view()["battle"]
    texts = [e["text"] for e in battle["events"]]
    assert any("cannot attack in round 1" in t for t in texts)
    assert battle["winner"] == "athens" and battle["how"] == "retire"
    assert mytilene.state.prestige == -1, "retiring before any loss costs nothing (§14.11)"
    st = mytilene.state
    assert st.sieges[st.ix.place("lesbos")]["besieger"] == 0


@pytest.mark.rule("8.21")
def test_8_21_mytilene_is_starved_only_because_athens_blockades_its_empty_sea(mytilene):
    mytilene.goto(4)
    st = mytilene.state
    sea = st.ix.place("sea_of_lesbos")
    assert not any(loc == sea for loc in st.loc), "the offshore sea is empty"
    assert any("siege attrition on Mytilene" in e for e in mytilene.view()["events"])


@pytest.mark.rule("3.1")
def test_3_1_athens_raises_taxes_gives_an_extra_action(mytilene):
    mytilene.goto(8)
    events = mytilene.view()["events"]
    assert "Athens's turn: 3 actions" in events, "card 16 gives two actions, the tax one more"
    assert 37 in [card for card, _ in mytilene.state.in_play]


@pytest.mark.rule("9.51")
def test_9_51_sparta_collects_mytilenes_tribute_at_year_end(mytilene):
    mytilene.goto(5)
    before = mytilene.state.prestige
    mytilene.goto(6)
    assert any("tribute from 2 city value" in e for e in mytilene.view()["events"])
    assert mytilene.state.prestige == before - 2


@pytest.mark.rule("8.13")
def test_8_13_mytilene_capitulates_and_is_athens_again(mytilene):
    mytilene.goto(8)
    before = mytilene.state.prestige
    mytilene.goto(9)
    assert mytilene.state.prestige == before + 1
    assert city_holder(mytilene, "lesbos") == "athens" and unit_place(mytilene, "S36") == "pool"
    mytilene.goto(8)
    fight = mytilene.choose("fight")["game"]
    assert "Battle of Lesbos" in fight.prompt.text, "refusing terms means an assault (§8.1)"
    assert fight.state.loc[fight.state.ix.unit("S36")] == fight.state.ix.place("lesbos")
