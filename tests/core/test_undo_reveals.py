"""Undo never passes a reveal (docs/architecture.md, "Undo and reveals"): the core puts the
barrier after an action its step declares revealing and after any use of the dice, through
``Game.apply`` and the search's fast path alike, whatever the game (a toy card game here)."""

from __future__ import annotations

import pytest
from support.cardtoy import card_toy

from hellenes_nb.bots.playout import apply_listed
from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction


def _game(leaky: bool = False) -> Game:
    ruleset = card_toy(leaky)
    return Game(ruleset, ruleset.setup("card-toy", 1), 1)


def _act(game: Game, kind: str) -> dict:
    return next(a for a in game.legal_actions() if a["type"] == kind)


def test_a_declared_reveal_stops_undo():
    game = _game()
    card = _act(game, "play")["card"]
    game.apply(_act(game, "play"))
    assert not game.can_undo
    with pytest.raises(IllegalAction, match="nothing to undo"):
        game.undo()
    assert card in game.state.table


def test_a_choice_that_shows_nothing_can_be_undone():
    game = _game()
    game.apply(_act(game, "pass"))
    assert game.can_undo
    game.undo()
    assert game.history == [] and game.state.passes == 0


def test_without_the_declaration_the_card_could_be_taken_back():
    """What the declaration is for: the same game without it lets undo take the card back."""
    game = _game(leaky=True)
    game.apply(_act(game, "play"))
    assert game.can_undo


@pytest.mark.parametrize("leaky", [False, True])
def test_a_die_rolled_stops_undo_without_any_declaration(leaky):
    game = _game(leaky)
    game.apply(_act(game, "pass"))
    game.apply(_act(game, "roll"))  # the step never sets the barrier: the core sees the dice
    assert not game.can_undo


@pytest.mark.parametrize("kind, barrier", [("play", True), ("roll", True), ("pass", False)])
def test_the_search_fast_path_sets_the_same_barrier(kind, barrier):
    game = _game()
    action = _act(game, kind)
    state = game.state.clone()
    apply_listed(game.ruleset, state, action)
    game.apply(action)
    assert state.barrier is game.state.barrier is barrier
