"""A land unit carried at sea is lost with its carrying fleet (§5.2, §5.21, §5.23)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hellenes_nb import new_game
from hellenes_nb.games.hellenes.rules.losses import eliminate
from hellenes_nb.games.hellenes.rules.movement.check import Plan
from hellenes_nb.games.hellenes.rules.movement.execution import execute
from hellenes_nb.games.hellenes.state import POOL


def _fleet_with_cargo_at_sea(game):
    st, ix = game.state, game.state.ix
    fleet = next(u for u in range(60, 120) if ix.unit_type[u] in ("fleet", "elite_fleet")
                 and st.loc[u] >= 0)
    cargo = next(u for u in range(60, 120) if ix.unit_type[u] == "hoplite" and st.loc[u] >= 0)
    sea = ix.place_ids.index("sea_of_chios")
    st.loc[fleet] = st.loc[cargo] = sea
    st.cv[fleet], st.cv[cargo] = 3, 1
    st.carry[fleet] = cargo
    return fleet, cargo


@pytest.mark.rule("5.21")
def test_eliminating_a_fleet_at_sea_eliminates_its_cargo():
    game = new_game("431", seed=2)
    fleet, cargo = _fleet_with_cargo_at_sea(game)
    eliminate(game.state, fleet, "9.24", "not maintained")
    assert game.state.loc[fleet] == POOL
    assert game.state.loc[cargo] == POOL
    assert not game.state.carry


@pytest.mark.rule("5.21")
def test_a_fleet_eliminated_on_land_leaves_its_former_passenger_alone():
    game = new_game("431", seed=2)
    fleet, cargo = _fleet_with_cargo_at_sea(game)
    land = game.state.ix.place_ids.index("corinth")
    game.state.loc[fleet] = game.state.loc[cargo] = land
    eliminate(game.state, fleet, "6.32", "last step lost")
    assert game.state.loc[cargo] == land


REPLAY = Path(__file__).with_name("data") / "winter_cargo_415.json"


@pytest.mark.rule("9.24")
def test_winter_disband_of_a_carrier_does_not_strand_its_passenger():
    """Found by the bot match: Sparta maintained a hoplite at sea but not its fleet; the fleet
    disbanded and the hoplite stayed at sea, which later crashed a battle. The replay stops
    at a battle of Spring 413, after that Winter: from there the game of the match went on
    differently once a fight continued by units that could not retreat resumed where it
    stopped (§6.4, §6.33)."""
    game = new_game("415", seed=63)
    for action in json.loads(REPLAY.read_text(encoding="utf-8")):
        game.apply(action)
    st, ix = game.state, game.state.ix
    for u in range(120):
        if st.loc[u] >= ix.n_land and ix.unit_type[u] not in ("fleet", "elite_fleet",
                                                              "improved_fleet"):
            assert u in st.carry.values(), f"{ix.unit_key[u]} is at sea without a carrier"
    for action in game.legal_actions():
        game.clone().apply(action)  # every choice here resolves without an engine error


def _two_fleets_two_passengers(game):
    """Two Spartan fleets with one land unit each on the Sea of Chios (records: F1→L1,
    F2→L2)."""
    st, ix = game.state, game.state.ix
    fleets = [u for u in range(60, 120) if ix.unit_type[u] in ("fleet", "elite_fleet")][:2]
    land = [u for u in range(60, 120) if ix.unit_type[u] == "hoplite"][:2]
    sea = ix.place_ids.index("sea_of_chios")
    for u in fleets + land:
        st.loc[u], st.inside[u], st.moved[u] = sea, 0, 0
    for f in fleets:
        st.cv[f] = 4
    for c in land:
        st.cv[c] = 1
    st.carry.clear()
    st.carry[fleets[0]], st.carry[fleets[1]] = land
    return fleets, land, sea


@pytest.mark.rule("5.21")
def test_5_21_a_fleet_leaving_with_another_passenger_leaves_its_own_aboard_the_freed_fleet():
    game = new_game("431", seed=2)
    (f1, f2), (c1, c2), sea = _two_fleets_two_passengers(game)
    st, ix = game.state, game.state.ix
    dest = ix.place_ids.index("andros_sea")
    plan = Plan(unit=f1, path=(dest,), start=sea, end=dest, carry=c2)
    execute(st, plan, group=1)
    assert st.carry == {f1: c2, f2: c1}


@pytest.mark.rule("5.21")
def test_5_21_land_units_left_at_sea_without_enough_fleets_are_lost():
    """Found by the 10,000-game fuzz (431 seed 7248): a fleet took another fleet's passenger
    away, the old records pointed nowhere, the remaining fleet disbanded in Winter and a land
    unit stayed at sea alone until a battle there crashed."""
    game = new_game("431", seed=2)
    (f1, f2), (c1, c2), sea = _two_fleets_two_passengers(game)
    st = game.state
    st.carry.clear()  # records lost: only the numbers of ships and passengers are known
    eliminate(st, f1, "9.24", "not maintained")
    assert sum(st.loc[c] == sea for c in (c1, c2)) == 1 and st.loc[f2] == sea
    eliminate(st, f2, "9.24", "not maintained")
    assert st.loc[c1] == POOL and st.loc[c2] == POOL
