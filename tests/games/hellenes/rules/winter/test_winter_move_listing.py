"""The winter listing builds its own free Quartering and Homing moves (shared searches, §9.21):
they must stay the moves ``moves.move_actions`` lists for the unit and mode, in the same order
with the same paths, so the two listings never drift apart."""

from __future__ import annotations

import random

import pytest

from hellenes_nb.core.game import new_game
from hellenes_nb.games.hellenes.index import SIDE_NAMES
from hellenes_nb.games.hellenes.rules.actions.moves import move_actions
from hellenes_nb.games.hellenes.rules.winter import shelter

GAMES = (("431", 3), ("431", 7), ("415", 2), ("sicily", 1))


def _as_winter_move(action: dict, mode: str) -> dict:
    """A move of ``moves.move_actions`` as the winter listing words it: the intended
    differences are the type, the label's "Quarter (free): " or "Home (free): " prefix and the
    mode key (the moves are free, §9.211, §9.212)."""
    word = "Quarter" if mode == "quarter" else "Home"
    out = {k: v for k, v in action.items() if k != "label"}
    out["type"] = "winter_move"
    out["label"] = f"{word} (free): {action['label']}"
    out["mode"] = mode
    return out


def _compare_listing(state, side: int, listed: list[dict]) -> int:
    """Assert the winter moves of each of ``side``'s units match the general move listing;
    returns how many moves were compared."""
    ix = state.ix
    compared = 0
    for u in range(side * 60, side * 60 + 60):
        if state.loc[u] < 0:
            continue
        for mode in shelter.FREE_MODES:
            got = [a for a in listed if a["type"] == "winter_move"
                   and a["unit"] == ix.unit_key[u] and a["mode"] == mode]
            if shelter.free_move_reason(state, u, mode):
                assert got == [], (ix.unit_key[u], mode)
                continue
            want = [_as_winter_move(a, mode)
                    for a in move_actions(state, side, u, mode)]
            assert got == want, (ix.unit_key[u], mode)
            compared += len(want)
    return compared


@pytest.mark.rule("9.21")
@pytest.mark.parametrize(("scenario", "seed"), GAMES)
def test_winter_moves_match_the_general_move_listing(scenario, seed):
    game, rng = new_game(scenario, seed), random.Random(seed)
    listings = compared = 0
    while not game.over:
        legal = game.legal_actions()
        frame = game.state.stack[-1]
        if frame["kind"] == "winter_actions" and frame["stage"] == "act":
            side = SIDE_NAMES.index(legal[0]["side"])
            compared += _compare_listing(game.state, side, legal)
            listings += 1
        game.apply(rng.choice(legal))
    assert listings and compared  # the game reached Winter and listed free moves
