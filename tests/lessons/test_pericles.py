"""The Pericles lesson (431-429): the walls, the cavalry sortie, the plague on the engine and
Pericles' death (§15.1)."""

from __future__ import annotations

import pytest

from hellenes_nb.lessons import Lesson

from .conftest import city_holder, unit_place

#: the card of Pericles, Athens' leader at the start of the 431 scenario (§3.11, §15.1)
PERICLES_CARD = 1


@pytest.fixture(scope="module")
def pericles(world):
    return Lesson("pericles-plague-431-429", world=world)


def _inside_athens(lesson: Lesson) -> dict[str, int]:
    st = lesson.state
    attica = st.ix.place("attica")
    return {st.ix.unit_key[u]: st.cv[u] for u in range(len(st.loc))
            if st.loc[u] == attica and st.inside[u]}


@pytest.mark.rule("7.1")
def test_7_1_fortifying_every_block_declines_the_invasion_at_no_cost(pericles):
    pericles.goto(2)
    assert unit_place(pericles, "S1") == "attica" and unit_place(pericles, "S28") == "attica"
    walls = pericles.choose("walls")["game"].state
    assert walls.sieges[walls.ix.place("attica")]["besieger"] == 1, "Sparta besieges Athens (§7.2)"
    assert walls.prestige == pericles.state.prestige == 2, "no battle, no Prestige lost"
    battle = pericles.choose("battle")["game"].state
    assert battle.ix.place("attica") not in battle.sieges, "out in the open: no siege"


@pytest.mark.rule("6.41")
def test_6_41_the_sortie_retreats_and_both_sides_horse_harry(pericles):
    pericles.goto(3)
    battle = pericles.view()["battle"]
    assert battle["kind"] == "sortie", "a battle outside the walls at no action (§8.3)"
    harrying = [e["text"] for e in battle["events"] if e["text"].startswith("Harrying attack")]
    assert len(harrying) == 2
    assert "Theban cavalry" in harrying[0] and "Athenian cavalry" in harrying[1]
    assert battle["winner"] == "sparta" and battle["how"] == "retreat"
    assert pericles.state.prestige == 1, "a retreat after losses cedes one Prestige (§14.11)"
    assert unit_place(pericles, "A7") == "attica" and unit_place(pericles, "A9") == "laconian_gulf"


@pytest.mark.rule("15.1")
def test_15_1_plague_strikes_costs_every_block_inside_athens_a_step(pericles):
    pericles.goto(8)
    before = _inside_athens(pericles)
    assert len(before) == 11, "the whole army and fleet are inside the walls"
    pericles.goto(9)
    st = pericles.state
    after = {key: st.cv[st.ix.unit(key)] for key in before}
    assert after == {k: max(1, v - 1) for k, v in before.items()}
    assert before["A34"] == after["A34"] == 1, "a block at 1 cv loses nothing"
    assert pericles.state.flags["plague_count"] == 1 and pericles.state.leaders[0] is not None


@pytest.mark.rule("8.13")
def test_8_13_potidaea_capitulates_for_one_prestige(pericles):
    pericles.goto(11)
    before = pericles.state.prestige
    surrender = pericles.choose("surrender")["game"].state
    assert surrender.prestige == before + 1
    assert surrender.city_control[surrender.ix.place("pallene")] == 0
    for key in ("S22", "S23"):
        assert surrender.loc[surrender.ix.unit(key)] < 0


@pytest.mark.rule("15.1")
def test_15_1_the_second_plague_kills_pericles_and_his_card_leaves_the_game(pericles):
    pericles.goto(12)
    st = pericles.state
    assert st.flags["plague_count"] == 2 and st.leaders[0] is None
    piles = [*st.deck, *st.discard, *st.hands[0], *st.hands[1], *(c for c, _ in st.in_play)]
    assert PERICLES_CARD not in piles
    assert city_holder(pericles, "pallene") == "athens"
