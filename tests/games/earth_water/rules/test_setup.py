"""Setup, control of cities and the map (§2, §3)."""

from __future__ import annotations

import pytest
from support.earth_water_positions import count, ew_game

from hellenes_nb import new_game
from hellenes_nb.games.earth_water.index import CITY, PORTS, WORLD
from hellenes_nb.games.earth_water.rules.board import controller, controls, roads


@pytest.mark.rule("3.1")
def test_3_1_to_3_4_starting_position():
    game = new_game("earth-water", seed=7)
    st = game.state
    assert count(game, "pa", "ephesos") == 2 and count(game, "pa", "abydos") == 2
    assert count(game, "pf", "ephesos") == 1
    assert [count(game, "ga", c) for c in ("athenai", "sparta", "korinthos")] == [1, 1, 1]
    assert count(game, "gf", "athenai") == 1 and count(game, "gf", "sparta") == 1
    # §2.2: 9 Greek armies and 5 fleets, 24 Persian armies and 6 fleets
    assert st.reserve == [6, 20, 3, 5]
    assert sorted(st.deck) == list(range(1, 17)) and not st.hands[0] and not st.hands[1]
    assert st.campaign == 1 and st.score == 0 and not st.has("bridge")
    assert game.prompt.side == "persia" and game.prompt.kind == "prepare"


@pytest.mark.rule("2.1")
def test_2_1_map_facts():
    assert len(WORLD.cities) == 11 and len(PORTS) == 8
    no_port = {c.id for c in WORLD.cities if not c.port}
    assert no_port == {"korinthos", "delphi", "larissa"}
    assert len(WORLD.roads) == 10
    game = new_game("earth-water")
    st = game.state
    athenai = {WORLD.cities[c].id for c in roads(st, CITY["athenai"])}
    assert athenai == {"thebai", "korinthos"}
    # the Hellespont is closed until the bridge is built (§5.1, §6.4)
    assert CITY["pella"] not in roads(st, CITY["abydos"])
    st.mark("bridge")
    assert CITY["pella"] in roads(st, CITY["abydos"])


@pytest.mark.rule("2.1")
def test_2_1_control_of_cities():
    game = ew_game(ga={"thebai": 1}, pa={"delphi": 1, "athenai": 1}, gf={"eretria": 2},
                   persian=(14,))
    st = game.state
    # an army controls; a Major city is its side's while no enemy army is in it
    assert controls(st, 0, CITY["thebai"]) and controls(st, 1, CITY["delphi"])
    assert controls(st, 0, CITY["sparta"]) and controls(st, 1, CITY["abydos"])
    assert controller(st, CITY["athenai"]) == 1
    # a fleet in the port controls nothing
    assert controller(st, CITY["eretria"]) == -1
    assert controller(st, CITY["larissa"]) == -1


def test_new_game_refuses_unknown_options():
    with pytest.raises(ValueError, match="no options"):
        new_game("earth-water", seed=1, world="x")
