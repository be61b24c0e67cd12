"""The Phormio lesson (429): two sea battles won by the smaller fleet, and the narrows of Rhium
(§6.5)."""

from __future__ import annotations

import re

import pytest

from hellenes_nb.lessons import Lesson

from .conftest import unit_place


@pytest.fixture(scope="module")
def phormio(world):
    return Lesson("phormio-naupactus-429", world=world)


def _attacks(battle: dict) -> list[tuple[str, list[int], int]]:
    """Each attack as (the attacker's name and the faces that hit, its dice, its hits), read
    from the words of its line."""
    out = []
    for e in battle["events"]:
        if e["kind"] == "battle_attack":
            words = re.fullmatch(r"Attack by (.+) with \d+ dice? \((hits on a [^,]+), .*, so "
                                 r"(no|\d+) hits? and .*", e["text"])
            hits = 0 if words.group(3) == "no" else int(words.group(3))
            out.append((f"{words.group(1)} ({words.group(2)})", e["dice"], hits))
    return out


@pytest.mark.rule("6.5")
def test_6_5_the_first_battle_is_a_sea_battle_the_defenders_fire_first(phormio):
    phormio.goto(3)
    battle = phormio.view()["battle"]
    assert battle["kind"] == "sea" and battle["winner"] == "athens" and battle["how"] == "retreat"
    who = [w for w, _, _ in _attacks(battle)]
    assert len(who) == 3 and "Athenian fleet #39" in who[2], "defenders fire first (§6.2)"
    assert "Spartan fleet #20" in who[0] and "Spartan fleet #21" in who[1]
    assert "(hits on a 1)" in who[0] and "(hits on a 1 or 2)" in who[2], "F1 and F2"
    reveal = next(e["text"] for e in battle["events"] if e["kind"] == "battle_reveal")
    assert ("Spartan fleet #20 (Corinthian fleet) at strength 3 (agility F, hits on a 1)"
            in reveal), "sea ratings, not land ratings"
    assert "Athenian fleet #39 (Naupactus squadron) at strength 3 (agility F, hits on a 1 or 2)" \
        in reveal
    assert phormio.state.prestige == -1, "a fleet that retreats cedes one Prestige (§14.11)"
    assert unit_place(phormio, "S20") == unit_place(phormio, "S21") == "sea_of_zacynthos"


@pytest.mark.rule("6.32")
def test_6_32_f2_hits_on_two_faces_f1_on_one(phormio):
    phormio.goto(3)
    athens = [a for a in _attacks(phormio.view()["battle"]) if "Athenian" in a[0]]
    assert athens == [(athens[0][0], [1, 2, 5], 2)], "F2: a 1 and a 2 hit, a 5 does not"
    phormio.goto(6)
    sparta = [a for a in _attacks(phormio.view()["battle"]) if "Spartan" in a[0]]
    assert sum(h for _, _, h in sparta) == sum(d.count(1) for _, d, _ in sparta) == 1
    assert any(2 in d for _, d, _ in sparta), "a 2 is no hit for an F1 fleet"


@pytest.mark.rule("6.5")
def test_6_5_attacking_through_the_straits_engages_across_the_narrows(phormio):
    phormio.goto(5)
    straits = phormio.choose("straits")["game"].state
    assert straits.engagements[0]["via"] == "narrows"
    shore = phormio.choose("shore")["game"].state
    assert shore.engagements[0]["via"] == "sea"


@pytest.mark.rule("14.11")
def test_14_11_the_second_battle_ends_in_a_trophy_and_a_flight_to_corinth(phormio):
    phormio.goto(6)
    battle = phormio.view()["battle"]
    assert battle["winner"] == "athens" and battle["prestige"] == 1
    st = phormio.state
    assert st.cv[st.ix.unit("A39")] == 2 and st.cv[st.ix.unit("S25")] == 2
    assert all(unit_place(phormio, k) == "corinth" for k in ("S15", "S20", "S21", "S25"))
    assert st.prestige == 0
