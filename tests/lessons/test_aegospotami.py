"""The Aegospotami lesson (405-404) on the 413 scenario: Lysander's choice to strike, a landing
whose troops cannot attack in the first round (§6.6), and ships caught ashore fighting as D1
land blocks until they panic with nowhere to go (§6.34, §6.4)."""

from __future__ import annotations

import pytest

from hellenes_nb.lessons import Lesson

from .conftest import unit_place

BEACHED = ("A9", "A10", "A11", "A12", "A13", "A14")


@pytest.fixture(scope="module")
def aegospotami(world):
    return Lesson("aegospotami-405-404", world=world)


@pytest.mark.rule("6.6")
def test_6_6_the_landed_spartans_cannot_attack_in_the_first_round(aegospotami):
    aegospotami.goto(4)
    battle = aegospotami.view()["battle"]
    assert battle["kind"] == "land" and battle["winner"] == "sparta"
    texts = [e["text"] for e in battle["events"]]
    first_round = texts[:texts.index(next(t for t in texts if t.startswith("Round 1 ends")))]
    assert any("cannot attack in round 1" in t for t in first_round)
    assert not any(t.startswith("Attack by Spartan") for t in first_round)
    ratings = {b["block"]: b["rating"] for b in battle["forces"]["athens"]}
    assert set(ratings.values()) == {"D1"}, "ships on land fight with their land rating"


@pytest.mark.rule("6.34")
def test_6_34_the_beached_fleet_panics_with_nowhere_to_go_and_is_destroyed(aegospotami):
    aegospotami.goto(4)
    assert aegospotami.view()["battle"]["how"] == "panic"
    assert all(unit_place(aegospotami, k) == "pool" for k in BEACHED)
    assert aegospotami.state.prestige == -2


def test_waiting_leaves_the_fleets_as_they_were(aegospotami):
    aegospotami.goto(3)
    branch = aegospotami.choose("wait")["game"].state
    ix = branch.ix
    assert all(branch.loc[ix.unit(k)] == ix.place("chersonese") for k in BEACHED)
    assert branch.loc[ix.unit("S44")] == ix.place("troad") and branch.prestige == 0
