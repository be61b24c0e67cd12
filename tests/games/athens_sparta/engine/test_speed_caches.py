"""Athens & Sparta: the move searches' per-board answers (rules/facts.py) are the answers the
searches give afresh: at every Move Phase decision of seeded random games the legal actions
with the remembered answers warm equal those listed with every table set aside, and a clone
whose board is changed by hand is never answered from its original's board."""

from __future__ import annotations

import random

from hellenes_nb.core import remembered
from hellenes_nb.core.game import Game, new_game


def _cold(game: Game) -> list[dict]:
    twin = game.clone()
    with remembered.set_aside():
        return twin.legal_actions()


def _at_moves(seed: int) -> Game:
    game = new_game("athens-sparta", seed)
    rng = random.Random(seed)
    while game.prompt.kind != "ops":
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_move_listings_warm_equal_cold_through_seeded_games():
    checked = 0
    for seed in (3, 11):
        game = new_game("athens-sparta", seed)
        rng = random.Random(seed)
        for _ in range(300):
            if game.over:
                break
            legal = game.legal_actions()
            if game.prompt.kind == "ops":
                assert legal == _cold(game), f"seed {seed}, {game.prompt.text}"
                checked += 1
            game.apply(rng.choice(legal))
    assert checked > 60


def test_a_clone_changed_by_hand_is_listed_afresh():
    game = _at_moves(5)
    before = game.legal_actions()
    mover = game.prompt.side
    twin = game.clone()
    board = twin.state.board
    # every block of the other side that is on the map steps into the mover's main city
    home = twin.state.world.cities["athens" if mover == "athens" else "sparta"].hex
    for v in board.blocks.values():
        if v.side not in (mover, None) and v.where in twin.state.world.hexes:
            v.where = home
    after = twin.legal_actions()
    assert after != before
    assert after == _cold(twin)
    assert game.legal_actions() == before  # the original is untouched
