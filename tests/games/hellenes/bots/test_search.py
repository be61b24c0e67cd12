"""The search bot (hard level, docs/bots.md "The search"): legal, deterministic for a seed and an
iteration count, blind to what its side may not know, and its fast rollout path agrees with the
full engine."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from support.hellenes_bot_positions import (
    assert_same_choices_twice,
    play_checking_legal,
    random_position,
    shuffle_hidden,
    slow_clock,
)

from hellenes_nb.bots import RandomBot, deciding_sides, make_bot, search
from hellenes_nb.bots.playout import apply_listed, listed, playout
from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import strip_label
from hellenes_nb.games.hellenes.bots.picture import Picture
from hellenes_nb.games.hellenes.bots.sampling import Belief, SeenBlocks
from hellenes_nb.games.hellenes.bots.searching import HellenesSearch, SearchBotHellenes

SCENARIOS = ("431", "sicily", "413", "415")


def _searcher(seed: int = 3, iterations: int = 10) -> SearchBotHellenes:
    return SearchBotHellenes(seed, iterations=iterations, seconds=None)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 10_000),
       steps=st.integers(0, 300), bot_seed=st.integers(0, 100))
def test_search_only_returns_legal_actions(scenario, seed, steps, bot_seed):
    play_checking_legal(random_position(scenario, seed, steps),
                        SearchBotHellenes(bot_seed, iterations=6, seconds=None), 6)


# derandomized: the same examples every run, so a clean clone's CI replays what passed here
# (random examples found a helper bug once, 413 seed 3569; it is kept as an explicit example)
@settings(max_examples=10, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(scenario=st.sampled_from(SCENARIOS), seed=st.integers(0, 10_000),
       steps=st.integers(20, 300), shuffle_seed=st.integers(0, 1000))
@example(scenario="413", seed=3569, steps=288, shuffle_seed=0)
def test_search_choice_is_the_same_when_hidden_blocks_and_cards_are_swapped(scenario, seed, steps,
                                                                            shuffle_seed):
    """The information-set test: every hidden enemy block and an enemy card swapped for other
    consistent ones (tests/support/hellenes_bot_positions.shuffle_hidden) gives the same samples
    and the same choice at a fixed iteration count."""
    game = random_position(scenario, seed, steps)
    for side in deciding_sides(game):
        other = shuffle_hidden(game, side, random.Random(shuffle_seed))
        a = Belief(game, side, SeenBlocks().update(game, side)).sample(random.Random(4))
        b = Belief(other, side, SeenBlocks().update(other, side)).sample(random.Random(4))
        assert a == b
        assert _searcher().choose(game, side) == _searcher().choose(other, side)


def test_search_choice_is_the_same_after_a_swap_in_a_searched_decision():
    """The same at a card play of a game under way, where the search compares several cards."""
    game = random_position("431", 21, 120)
    while game.prompt.kind != "card_play":
        for side in deciding_sides(game):
            game.apply(RandomBot(2).choose(game, side))
    for side in deciding_sides(game):
        other = shuffle_hidden(game, side, random.Random(9))
        assert other.state != game.state
        bot_a, bot_b = _searcher(iterations=24), _searcher(iterations=24)
        assert bot_a.choose(game, side) == bot_b.choose(other, side)
        assert bot_a.last.candidates > 1 and bot_a.last.means == bot_b.last.means


def test_search_is_deterministic_for_a_seed_and_an_iteration_count():
    assert_same_choices_twice("431", 4, lambda: {"athens": _searcher(5, 8),
                                                 "sparta": make_bot("heuristic", 6)}, 60)


def test_the_sample_keeps_what_the_side_sees():
    game = random_position("431", 8, 150)
    for side in ("athens", "sparta"):
        sample = Belief(game, side).sample(random.Random(1))
        copy = Game(game.ruleset, sample, 0)
        seen, real = copy.view(side), game.view(side)
        seen.pop("log"), real.pop("log")  # the sample drops the log: the search never reads it
        assert seen == real
        assert copy.legal_actions(side) == game.legal_actions(side)


def test_the_fast_picture_is_the_picture_of_the_view():
    game = random_position("413", 3, 200)
    for side in ("athens", "sparta"):
        fast = vars(Picture.of_state(game.state, side))
        assert fast == vars(Picture(game, side))


def test_rollouts_agree_with_the_full_engine_in_check_mode():
    """Check mode plays every rollout action through Game.apply as well and compares states."""
    game = random_position("431", 12, 80)
    model = HellenesSearch(1)
    for side in deciding_sides(game):
        state = Belief(game, side).sample(random.Random(2))
        policy = model.policy(game.ruleset, random.Random(3))
        role = game.ruleset.roles.index(side)
        apply_listed(game.ruleset, state, listed(game.ruleset, state, role)[0], check=True)
        assert playout(game.ruleset, state, policy, model.stop(game.state), 400, check=True) > 0


def test_a_time_limit_is_kept_not_overrun_by_a_round(monkeypatch):
    """A round is not begun when it would end after the limit (the first always runs). A fake
    clock that moves 0.1 s a rollout: the search thinks 1 s at most, not one round more."""
    game = random_position("431", 21, 120)
    while game.prompt.kind != "card_play":
        for side in deciding_sides(game):
            game.apply(RandomBot(2).choose(game, side))
    side = deciding_sides(game)[0]
    bot = SearchBotHellenes(1, iterations=200, seconds=1.0)
    slow_clock(monkeypatch, bot, search)
    assert strip_label(bot.choose(game, side)) in map(strip_label, game.legal_actions(side))
    assert 1 < bot.last.rounds and bot.last.rollouts < 200
    assert bot.last.seconds <= 1.0


def test_in_sicily_the_action_phase_keeps_the_heuristic_plan_unless_clearly_beaten():
    """§15.2: the Sicily campaign pays (or costs a prestige a year, rule 4) beyond a season's
    rollout, so there another action must beat the heuristic's by the larger action margin;
    elsewhere, and in Sicily's other decisions, the base margin holds (docs/bots.md)."""
    model = HellenesSearch()
    for scenario, wanted in (("sicily", 0.03), ("431", HellenesSearch.margin),
                             ("413", HellenesSearch.margin)):
        game = random_position(scenario, 8, 0)
        while game.prompt.kind != "actions":
            (side, *_) = deciding_sides(game)
            game.apply(RandomBot(1).choose(game, side))
        side = deciding_sides(game)[0]
        assert model.margin_for(game, side) == wanted, scenario
        bot = _searcher()
        bot.choose(game, side)
        assert bot.margin == wanted
    card_play = random_position("sicily", 8, 0)
    assert card_play.prompt.kind == "card_play"
    assert model.margin_for(card_play, "athens") == HellenesSearch.margin
