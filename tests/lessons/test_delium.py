"""The Delium lesson (424): the Athenian levy engages Boeotia, Pagondas chooses to fight, and
the Boeotian horse and deep phalanx rout the Athenians into a panic."""

from __future__ import annotations

import pytest

from hellenes_nb.lessons import Lesson

from .conftest import unit_place


@pytest.fixture(scope="module")
def delium(world):
    return Lesson("delium-424", world=world)


@pytest.mark.rule("7.1")
def test_7_1_the_boeotians_may_shut_themselves_in_thebes_instead(delium):
    delium.goto(2)
    assert unit_place(delium, "A1") == "boeotia" and unit_place(delium, "S26") == "boeotia"
    branch = delium.choose("shut-in")["game"].state
    assert branch.inside[branch.ix.unit("S26")] == 1
    assert branch.sieges[branch.ix.place("boeotia")]["besieger"] == 0, "Athens besieges Thebes"
    assert branch.prestige == 0


@pytest.mark.rule("6.34")
def test_6_34_every_athenian_block_routed_is_a_panic_worth_two_prestige(delium):
    delium.goto(3)
    battle = delium.view()["battle"]
    assert battle["winner"] == "sparta" and battle["how"] == "panic"
    attacks = [e["text"] for e in battle["events"] if e["kind"] == "battle_attack"]
    assert "Theban cavalry" in attacks[0], "the A2 horse fires before anyone (§6.2)"
    assert not any("Athenian hoplite" in a.split(" with ")[0] for a in attacks), \
        "the Athenian hoplites are routed before they strike"
    assert delium.state.prestige == -2
    assert all(unit_place(delium, k) == "attica" for k in ("A1", "A2", "A3", "A7", "A8"))
