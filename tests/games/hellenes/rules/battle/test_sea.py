"""Sea battles, narrows, sea landings and deep-sea retreats (§6.5, §6.6, §5.22), and the
rulebook's Homing Battle example (§9.31 sidebar)."""

from __future__ import annotations

import pytest
from support.hellenes_battle_positions import (
    P,
    U,
    besiege,
    choose_retreat,
    combat,
    engage,
    events,
    new_state,
    put,
)


@pytest.mark.rule("6.6")
@pytest.mark.rule("14.11")
def test_homing_battle_example_landing_fleets_routed_by_the_besieger():
    s = new_state(active=0, season=5)
    put(s, "A1", "attica", 2, inside=True)
    put(s, "S1", "attica", 3)  # the 3 cv Spartan B2 besieger
    besiege(s, "attica", 1, (431, 4, 0))
    put(s, "A12", "attica", 3)
    put(s, "A13", "attica", 3)
    engage(s, ["A12", "A13"], "attica", "andros_sea", "landing")
    s.dice.force([5, 6, 3])
    combat(s, 0, sieges=0)
    routs = [e for e in events(s, "battle_rout")]
    assert [e["target_block"] for e in routs] == ["A12", "A13"]
    assert events(s, "battle_panic")
    assert {e["block"] for e in events(s, "battle_attack")} == {"S1"}
    assert s.loc[U("A12")] == s.loc[U("A13")] == P("andros_sea")  # back where they came from
    assert s.prestige == -2  # Sparta +2 for the panic
    assert s.sieges[P("attica")]["besieger"] == 1


@pytest.mark.rule("6.5")
def test_6_5_sea_battle_uses_sea_ratings_and_carried_units_only_ride():
    s = new_state(active=0)
    put(s, "A12", "south_euboean_gulf", 3)
    engage(s, ["A12"], "south_euboean_gulf", "north_euboean_gulf", "narrows")
    put(s, "S9", "south_euboean_gulf", 3)
    put(s, "S4", "south_euboean_gulf", 2)
    s.carry[U("S9")] = U("S4")
    s.dice.force([1, 1, 3, 4, 4, 4])  # S9 (F1) hits twice; A12 may not fire in round 1
    combat(s, 0)
    reveal = events(s, "battle_reveal")[0]
    # the sea ratings in words: A12 is F2 (hits on a 1 or 2), S9 is F1 (hits on a 1); S4, a
    # C2 hoplite, rides along
    text = reveal["text"]
    assert "Athenian fleet #12 (Zea squadron) at strength 3 (agility F, hits on a 1 or 2)" in text
    assert "Spartan fleet #9 (Gytheion squadron) at strength 3 (agility F, hits on a 1)" in text
    assert reveal["battle_kind"] == "sea"
    assert [e["block"] for e in events(s, "battle_hold")] == ["A12"]
    assert all(e["block"] != "S4" for e in events(s, "battle_attack"))


def _chios_sea_battle(*fleets: str):
    """A Spartan fleet sails from the Sea of Lesbos against Athenian ``fleets`` (3 cv each) in
    the Sea of Chios, with Sparta's combat phase to come."""
    s = new_state(active=1, season=2)
    put(s, "S9", "sea_of_chios", 3)
    engage(s, ["S9"], "sea_of_chios", "sea_of_lesbos", "sea")
    for key in fleets:
        put(s, key, "sea_of_chios", 3)
    return s


def _athens_retreats_to_the_andros_sea(st, choices):
    """Athens retreats at its first chance, to the Andros Sea."""
    for a in choices:
        if a["type"] == "retreat" and a["to"] == "andros_sea":
            return a
    return choose_retreat("athens")(st, choices)


@pytest.mark.rule("5.22")
def test_5_22_fleet_retreating_across_deep_sea_risks_a_storm():
    s = _chios_sea_battle("A12")
    # Athens retreats at once (no hit yet) to the Andros Sea across a deep-sea border;
    # Sparta rolls 1: storm; Athens rolls 5: high seas, the fleet loses 1 cv
    s.dice.force([1, 5])
    combat(s, 1, _athens_retreats_to_the_andros_sea)
    assert s.loc[U("A12")] == P("andros_sea")
    assert events(s, "storm_roll") and events(s, "high_seas")
    assert s.cv[U("A12")] == 2
    assert s.prestige == -1  # at sea every retreat cedes 1 (§14.11)


@pytest.mark.rule("5.22")
@pytest.mark.rule("6.4")
def test_5_22_fleets_retreating_together_across_deep_sea_make_one_storm_roll():
    # two Athenian fleets retreat from the same battle across the same deep-sea border to the
    # Andros Sea: one fleet Formation, so Sparta rolls one storm die (1: storm), then each fleet
    # rolls its ship damage (5 and 2: high seas for A12, a gale for A13)
    s = _chios_sea_battle("A12", "A13")
    s.dice.force([1, 5, 2])

    combat(s, 1, _athens_retreats_to_the_andros_sea)
    assert len(events(s, "storm_roll")) == 1
    assert s.loc[U("A12")] == P("andros_sea") and s.cv[U("A12")] == 2
    assert s.loc[U("A13")] < 0  # lost in the gale
