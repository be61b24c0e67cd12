"""The siege of Plataea (429-427): fortifying, a siege assault with double defence, winter
maintenance and attrition, and capitulation (§7.1, §8.11, §9.22, §9.4, §8.13)."""

from __future__ import annotations

import pytest

from hellenes_nb.lessons import Lesson

from .conftest import city_holder, unit_place


@pytest.fixture(scope="module")
def plataea(world):
    return Lesson("siege-of-plataea-429-427", world=world)


def _besieger(lesson: Lesson, area: str) -> int | None:
    st = lesson.state
    siege = st.sieges.get(st.ix.place(area))
    return siege["besieger"] if siege else None


@pytest.mark.rule("7.1")
def test_7_1_both_blocks_fit_inside_and_the_siege_begins(plataea):
    plataea.goto(1)
    walls = plataea.choose("walls")["game"].state
    p = walls.ix.place("plataea")
    assert walls.sieges[p]["besieger"] == 1
    assert walls.inside[walls.ix.unit("A6")] and walls.inside[walls.ix.unit("A30")]
    assert walls.prestige == plataea.state.prestige, "fortifying is not a lost battle"


@pytest.mark.rule("8.11")
def test_8_11_single_hits_on_the_wall_are_lost_at_the_end_of_the_round(plataea):
    plataea.goto(2)
    battle = plataea.view()["battle"]
    assert battle["kind"] == "assault" and battle["winner"] == "athens"
    texts = [e["text"] for e in battle["events"]]
    assert sum("half-step loss is cancelled" in t for t in texts) == 2
    st = plataea.state
    assert st.cv[st.ix.unit("A6")] == st.cv[st.ix.unit("A30")] == 2
    assert st.prestige == -1, "the assault is given up: a Trophy for Athens (§14.11)"
    assert _besieger(plataea, "plataea") == 1, "the assaulters stay in the province (§8.12)"


@pytest.mark.rule("9.22")
def test_9_22_the_besiegers_are_maintained_through_two_winters(plataea):
    for n in (3, 5):
        plataea.goto(n)
        events = plataea.view()["events"]
        assert sum("maintains" in e for e in events) == 2, n
        assert unit_place(plataea, "S26") == unit_place(plataea, "S27") == "plataea"


@pytest.mark.rule("9.4")
def test_9_4_winter_attrition_hits_on_a_two(plataea):
    plataea.goto(5)
    assert any("(hits on a 1, 2 or 3)" in e and e.endswith(", so 1 hit.")
               for e in plataea.view()["events"])
    plataea.goto(6)
    st = plataea.state
    assert st.cv[st.ix.unit("A6")] == 1 and st.cv[st.ix.unit("A30")] == 2


@pytest.mark.rule("8.13")
def test_8_13_plataea_capitulates_to_sparta_for_one_prestige(plataea):
    plataea.goto(7)
    before = plataea.state.prestige
    plataea.goto(8)
    assert plataea.state.prestige == before - 1
    assert city_holder(plataea, "plataea") == "sparta"
    assert unit_place(plataea, "A6") == unit_place(plataea, "A30") == "pool"
