"""Hidden enemy blocks must not be identifiable from the order of the view (§2.0)."""

from __future__ import annotations

import json

import pytest

from hellenes_nb import new_game


@pytest.mark.rule("2.0")
def test_hidden_blocks_are_listed_by_place_not_by_unit_number():
    game = new_game("431", seed=1)
    hidden = [u for u in game.view("athens")["units"] if u.get("hidden")]
    assert hidden, "Athens should see Spartan blocks as hidden"
    keys = [(u["side"], u["area"], u["besieged"]) for u in hidden]
    assert keys == sorted(keys)


@pytest.mark.rule("2.0")
def test_swapping_two_hidden_blocks_leaves_the_view_unchanged():
    """Exchange the places and strengths of two Spartan blocks in different areas: Athens' view
    of the board must be identical, so nothing in it depends on which unit is where."""
    game = new_game("431", seed=1)
    state = game.state
    spartans = [u for u in range(60, 120) if state.loc[u] >= 0 and not state.revealed[u]]
    a = next(u for u in spartans)
    b = next(u for u in spartans if state.loc[u] != state.loc[a] and
             state.inside[u] == state.inside[a])
    before = json.dumps(game.view("athens")["units"], sort_keys=True)
    state.loc[a], state.loc[b] = state.loc[b], state.loc[a]
    state.cv[a], state.cv[b] = state.cv[b], state.cv[a]
    after = json.dumps(game.view("athens")["units"], sort_keys=True)
    assert before == after
