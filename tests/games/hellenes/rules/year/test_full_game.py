"""Whole games through Winter and Year End: replay from the history reproduces the game, and a
game saved in the middle of Winter loads and plays on identically."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellenes_nb.core.game import Game, new_game
from hellenes_nb.games.hellenes.rules import year_end
from hellenes_nb.selfplay import pick, play_one


def _play(game: Game, rng: random.Random, stop=lambda g: False, limit: int = 5000) -> None:
    for _ in range(limit):
        if game.over or stop(game):
            return
        game.apply(pick(rng, game.legal_actions(), "brisk"))


@pytest.mark.rule("9.5")
def test_a_full_sicily_game_replays_to_the_same_result():
    game = new_game("sicily", 4)
    _play(game, random.Random(4))
    assert game.over and year_end.result(game.state) is not None
    again = Game.replay("sicily", 4, game.history)
    assert again.state == game.state


@pytest.mark.rule("9.2")
def test_a_game_saved_in_winter_loads_and_plays_on_identically():
    game = new_game("431", 9)
    rng = random.Random(9)
    _play(game, rng, stop=lambda g: g.prompt.kind == "winter_actions")
    assert game.prompt.kind == "winter_actions"
    loaded = Game.from_json(game.to_json())
    assert loaded.state == game.state
    for _ in range(200):
        if game.over:
            break
        a = pick(rng, game.legal_actions(), "brisk")
        game.apply(a)
        loaded.apply(a)
    assert loaded.state == game.state


@settings(max_examples=12, deadline=None)
@given(scenario=st.sampled_from(["431", "sicily", "413", "415"]),
       seed=st.integers(min_value=0, max_value=10**6))
def test_random_play_never_crashes_or_dead_ends(scenario, seed):
    r = play_one(scenario, seed, max_decisions=50, policy="brisk", fuzz=True)
    assert r["end"] in ("game_over", "decision_limit"), r
