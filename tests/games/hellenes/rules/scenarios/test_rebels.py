"""§4.22 rebel units on the real map: the Aeolian rebel fleet takes its city as it appears."""

from __future__ import annotations

import pytest
from support.hellenes_year_end_positions import P, U, action_game, board

from hellenes_nb.games.hellenes.state import OUT, POOL


@pytest.mark.rule("4.22")
@pytest.mark.rule("4.21")
def test_4_22_the_rebel_fleet_takes_its_city_at_once_and_may_be_built_up_that_turn():
    s = board({"S1": ("laconia", 3)})
    for u in range(60, 120):
        if s.loc[u] == POOL:
            s.loc[u] = OUT
    s.loc[U("S36")] = POOL  # the only block Sparta can draw: the Lesbian rebel fleet
    game = action_game(s, "sparta", 2)
    assert game.state.city_control[P("lesbos")] == 0  # Athenian until the rebels come
    game.apply({"type": "recruit", "side": "sparta"})
    game.apply({"type": "place_recruit", "side": "sparta", "unit": "S36", "area": "lesbos"})
    assert game.state.city_control[P("lesbos")] == 1
    assert [e["rule"] for e in game.log if e["kind"] == "rebels_take_city"] == ["4.22"]
    game.apply({"type": "build", "side": "sparta", "unit": "S36"})
    assert game.state.cv[U("S36")] == 2
