"""The heuristic opponent of *300: Earth & Water*: it plays legal actions to the end of the
game and decides without looking at what its side cannot see."""

from __future__ import annotations

import random

import pytest
from support.earth_water_positions import hiding_twin, play_legally, randomly_played

from hellenes_nb import new_game
from hellenes_nb.bots.random_bot import RandomBot
from hellenes_nb.bots.registry import make_bot
from hellenes_nb.games.earth_water.bots.judge import guess


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_heuristic_ignores_the_hidden_cards(seed):
    """Swapping the other side's hand for unseen cards and reshuffling the draw pile (what the
    bot's side cannot tell apart) does not change its choice."""
    game = randomly_played(seed, 25 + 7 * seed)
    if game.over:
        return
    side = game.prompt.side
    twin = hiding_twin(game, game.roles.index(side))  # the dice to come are unknown too
    a = make_bot("heuristic", seed, game.ruleset).choose(game, side)
    b = make_bot("heuristic", seed, game.ruleset).choose(twin, side)
    assert a == b


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_guessed_copies_depend_only_on_what_the_side_sees(seed):
    """The copies the bot looks ahead on are dealt from what it sees: two games its side
    cannot tell apart give the same copies."""
    game = randomly_played(seed, 40)
    for s in (0, 1):
        twin = hiding_twin(game, s, dice=False)
        a = guess(game, s, random.Random(seed)).state
        b = guess(twin, s, random.Random(seed)).state
        assert (a.hands, a.deck, a.dice) == (b.hands, b.deck, b.dice)


def test_heuristic_finishes_a_game_against_random():
    game = new_game("earth-water", 11)
    bots = {"greece": make_bot("heuristic", 11, game.ruleset), "persia": RandomBot(11)}
    play_legally(game, bots, 2000)
    assert game.over and game.result is not None
