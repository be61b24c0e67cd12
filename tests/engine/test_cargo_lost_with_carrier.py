"""A land unit carried at sea is lost with its carrying fleet (§5.2, §5.21, §5.23)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hellenes_nb import new_game
from hellenes_nb.rules import movement
from hellenes_nb.rules.state import POOL


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
    movement.eliminate(game.state, fleet, "9.24", "not maintained")
    assert game.state.loc[fleet] == POOL
    assert game.state.loc[cargo] == POOL
    assert not game.state.carry


@pytest.mark.rule("5.21")
def test_a_fleet_eliminated_on_land_leaves_its_former_passenger_alone():
    game = new_game("431", seed=2)
    fleet, cargo = _fleet_with_cargo_at_sea(game)
    land = game.state.ix.place_ids.index("corinth")
    game.state.loc[fleet] = game.state.loc[cargo] = land
    movement.eliminate(game.state, fleet, "6.32", "last step lost")
    assert game.state.loc[cargo] == land


REPLAY = Path(__file__).with_name("data") / "winter_cargo_415.json"


@pytest.mark.rule("9.24")
def test_winter_disband_of_a_carrier_does_not_strand_its_passenger():
    """Found by the bot match: Sparta maintained a hoplite at sea but not its fleet; the fleet
    disbanded and the hoplite stayed at sea, which later crashed a battle."""
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
