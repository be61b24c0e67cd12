"""The search opponent of *300: Earth & Water* (the hard level): it returns legal actions,
replays for a seed and an iteration count, and never reads what its side cannot see (the other
hand, the draw pile's order, the dice to come)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs
from support.earth_water_positions import ew_game, hiding_twin, play, randomly_played

from hellenes_nb import new_game
from hellenes_nb.bots.base import BotError
from hellenes_nb.bots.levels import make_level
from hellenes_nb.bots.registry import bots_for, make_bot
from hellenes_nb.bots.search import SearchBot
from hellenes_nb.games.earth_water.bots.searching import SearchBotEarthWater


def _search(seed: int = 3) -> SearchBot:
    return make_bot("search", seed, new_game("earth-water", 1).ruleset,
                    {"iterations": 24, "seconds": None})


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6, 7, 8])
def test_search_choice_and_scores_do_not_depend_on_hidden_cards(seed):
    """Two games the deciding side cannot tell apart give the same candidates, the same mean
    scores and the same choice at a fixed iteration count."""
    game = randomly_played(seed, 10 + 6 * seed)
    if game.over:
        pytest.skip("the random game ended early")
    side = game.prompt.side
    twin = hiding_twin(game, game.roles.index(side))
    assert twin.state.hands != game.state.hands or twin.state.deck != game.state.deck
    a, b = _search(), _search()
    assert a.choose(game, side) == b.choose(twin, side)
    assert a.last.means == b.last.means and a.last.rollouts == b.last.rollouts


@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 10_000), steps=hs.integers(0, 160))
def test_search_returns_only_legal_actions(seed, steps):
    game = randomly_played(seed, steps)
    if game.over:
        return
    side = game.prompt.side
    action = _search(seed).choose(game, side)
    assert action in game.legal_actions(side)


def test_search_replays_for_a_seed_and_iteration_count():
    runs = []
    for _ in range(2):
        game = randomly_played(5, 30)
        bot = _search(9)
        chosen = []
        for _ in range(12):
            if game.over:
                break
            side = game.prompt.side
            chosen.append(bot.choose(game, side))
            game.apply(chosen[-1])
        runs.append(chosen)
    assert runs[0] == runs[1] and runs[0]


def test_the_hard_level_is_the_games_own_search():
    ruleset = new_game("earth-water", 1).ruleset
    assert bots_for(ruleset)["search"] is SearchBotEarthWater
    assert isinstance(make_level("hard", 1, ruleset), SearchBotEarthWater)


def test_the_generic_search_refuses_a_game_with_hidden_cards():
    """The generic search takes the position as known; on a game that does not declare
    perfect information it would read the other hand, so it refuses in words."""
    game = randomly_played(2, 15)
    side = game.prompt.side
    while len(game.legal_actions(side)) < 2:
        game.apply(game.legal_actions(side)[0])
        side = game.prompt.side
    with pytest.raises(BotError, match="would read what the side may not see"):
        SearchBot(seed=1, iterations=4, seconds=None).choose(game, side)


@pytest.mark.rule("6.2")
def test_6_2_search_picks_the_hippias_discard_from_the_hand_it_was_shown():
    """With Hippias Persia has seen the Greek hand: the search keeps it (redealing it made the
    search try to discard a card the sample's hand did not hold, a crash found by a match),
    and still deals the draw pile and the dice again."""
    game = ew_game(greek=(1, 2, 3), persian=(9,), ga={"athenai": 2}, pa={"ephesos": 2})
    play(game, "persia", 9, "event")
    action = _search().choose(game, "persia")
    assert action in game.legal_actions("persia") and action["type"] == "discard"
    twin = game.clone()
    twin.state.deck.reverse()
    twin.state.dice.state = (twin.state.dice.state * 7 + 1) % (1 << 64)
    twin.state.legal_memo = None
    assert _search().choose(twin, "persia") == action
