"""The three levels a class picks (hellenes_nb.bots.levels, docs/bots.md "Levels"): which bot
plays each, for Hellenes and for a game with no bots of its own, the easy bot's blunders, and
the thinking budget."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.hellenes_bot_positions import play_checking_legal, play_choices, random_position
from support.toygame import Toy

from hellenes_nb.bots import RandomBot, make_level
from hellenes_nb.bots.levels import LEVEL_TEXT, LEVELS, level_bots
from hellenes_nb.bots.search import SearchBot
from hellenes_nb.core.game import new_game
from hellenes_nb.games.hellenes.bots.easy import EasyBot
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot
from hellenes_nb.games.hellenes.bots.searching import SearchBotHellenes

HELLENES = new_game("431").ruleset


def test_each_level_has_its_bot_in_hellenes_and_in_a_game_without_bots():
    assert LEVELS == tuple(LEVEL_TEXT) == ("easy", "normal", "hard")
    assert level_bots(HELLENES) == {"easy": "easy", "normal": "heuristic", "hard": "search"}
    assert isinstance(make_level("easy", 1, HELLENES), EasyBot)
    assert isinstance(make_level("normal", 1, HELLENES), HeuristicBot)
    hard = make_level("hard", 1, HELLENES, seconds=1.5, iterations=30)
    assert isinstance(hard, SearchBotHellenes) and hard.thinks
    assert (hard.seconds, hard.iterations) == (1.5, 30)
    toy = Toy()
    assert isinstance(make_level("normal", 1, toy), RandomBot)
    assert type(make_level("hard", 1, toy)) is SearchBot


def test_a_bad_level_or_budget_is_refused_in_words():
    with pytest.raises(ValueError, match="level must be one of easy, normal, hard, not 'expert'"):
        make_level("expert", 1, HELLENES)
    with pytest.raises(ValueError, match="seconds is a thinking time above 0"):
        make_level("hard", 1, HELLENES, seconds=-1)
    with pytest.raises(ValueError, match="rollouts, 1 or more and at most 2,000"):
        make_level("hard", 1, HELLENES, iterations=0)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=st.sampled_from(("431", "sicily", "413", "415")), seed=st.integers(0, 10_000),
       steps=st.integers(0, 250), bot_seed=st.integers(0, 100))
def test_the_easy_bot_returns_only_legal_actions(scenario, seed, steps, bot_seed):
    play_checking_legal(random_position(scenario, seed, steps), EasyBot(bot_seed), 40)


def _choices(bot_for, seed: int) -> list[dict]:
    return play_choices("431", seed, {"athens": bot_for(1), "sparta": HeuristicBot(2)}, 150)


def test_the_easy_bot_replays_for_a_seed_and_strays_from_the_heuristic():
    easy = _choices(EasyBot, 3)
    assert easy == _choices(EasyBot, 3)
    assert easy != _choices(HeuristicBot, 3)


@pytest.mark.parametrize("seconds", [float("nan"), float("inf"), 61, True, "1"])
def test_the_thinking_time_of_a_level_is_bounded_and_nan_refused(seconds):
    """A search level outside a match has the match's bounds too: NaN compared false with 0, so
    it was taken as a time limit that never ends a round."""
    with pytest.raises(ValueError, match="seconds is a thinking time above 0 and at most 60"):
        make_level("hard", 1, HELLENES, seconds=seconds)


def test_the_rollouts_of_a_level_are_bounded():
    with pytest.raises(ValueError, match="at most 2,000, not 1000000000"):
        make_level("hard", 1, HELLENES, iterations=10**9)
