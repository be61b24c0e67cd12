"""The plan search (``plan``, docs/bots.md "The plan search"): blind to what its side may not
know, deterministic for a seed and an iteration count, legal, and a plan's aim changes the
heuristic's play only when one is set."""

from __future__ import annotations

import random

from support.hellenes_bot_positions import (
    advance,
    assert_same_choices_twice,
    play_checking_legal,
    random_position,
    shuffle_hidden,
    slow_clock,
)

from hellenes_nb.bots import make_bot, plan, search
from hellenes_nb.core.game import new_game
from hellenes_nb.games.hellenes.bots import campaign
from hellenes_nb.games.hellenes.bots.picture import Picture
from hellenes_nb.games.hellenes.bots.planning import PlanBotHellenes


def _planner(seed: int = 3, iterations: int = 8) -> PlanBotHellenes:
    return PlanBotHellenes(seed, iterations=iterations, seconds=None)


def _plan_point(scenario: str, seed: int, side: str):
    """A game of ``scenario`` at ``side``'s first action phase of a year (a plan point)."""
    game = new_game(scenario, seed)
    probe = _planner()
    return advance(game, lambda g: g.prompt.kind == "actions" and g.prompt.side == side
                   and probe.model.plan_point(g, side)
                   and len(probe.model.candidate_plans(g, side)) > 1)


def test_plan_choice_is_the_same_when_hidden_blocks_and_cards_are_swapped():
    """The information-set test: at a plan point, every hidden enemy block and an enemy card
    swapped for other consistent ones gives the same candidate plans, the same mean scores and
    the same plan and action."""
    for scenario, side in (("sicily", "athens"), ("415", "athens"), ("413", "sparta")):
        game = _plan_point(scenario, 4, side)
        other = shuffle_hidden(game, side, random.Random(9))
        assert other.state != game.state
        bot_a, bot_b = _planner(), _planner()
        assert (bot_a.model.candidate_plans(game, side)
                == bot_b.model.candidate_plans(other, side))
        assert bot_a.choose(game, side) == bot_b.choose(other, side)
        assert bot_a.last_plan.candidates > 1
        assert bot_a.last_plan.means == bot_b.last_plan.means
        assert bot_a.plan == bot_b.plan


def test_plan_search_is_deterministic_for_a_seed_and_an_iteration_count():
    assert_same_choices_twice("sicily", 4, lambda: {"athens": _planner(5, 6),
                                                    "sparta": make_bot("heuristic", 6)}, 70)


def test_plan_search_only_returns_legal_actions():
    for scenario, seed, steps in (("415", 3, 40), ("sicily", 8, 90), ("431", 2, 150)):
        play_checking_legal(random_position(scenario, seed, steps), _planner(1, 4), 8)


def test_a_plan_is_chosen_once_a_year_and_followed():
    game = _plan_point("sicily", 4, "athens")
    bot = _planner()
    bot.choose(game, "athens")
    assert bot.model.adopted["athens"] == (game.state.year, bot.plan)
    assert not bot.model.plan_point(game, "athens")  # same year: no new plan
    aim = bot.model.candidate_plans(game, "athens")[1]
    bot.model.adopt(game, "athens", aim)  # followed: by the guide and in the search's rollouts
    assert bot.model.guide.memory["athens"]["aim"] == aim
    policy = bot.model.policy(game.ruleset, random.Random(1))
    bot.model.begin(game, "athens", game.legal_actions("athens")[0], policy)
    sides = ("athens", "sparta")
    assert [b.memory[s].get("aim") for b, s in zip(policy.bots, sides, strict=True)] == [aim,
                                                                                       None]


def test_an_aim_leads_the_heuristic_to_muster_near_it_and_nothing_without_one():
    """§5.0: with an aim the heuristic scores a muster into a friendly city near it; without
    one (the normal level) musters are never scored, as before."""
    game = _plan_point("sicily", 4, "athens")
    legal = game.legal_actions("athens")
    pic = Picture(game, "athens")
    assert not any(a["type"] == "muster" for _s, a, _p in campaign.rank_actions(game, pic, legal))
    musters = [a for a in legal if a["type"] == "muster"]
    assert musters
    pic.aim = pic.ix.place_of[musters[0]["to"]]
    ranked = campaign.rank_actions(game, pic, legal)
    assert any(a["type"] == "muster" for _s, a, _p in ranked)


def test_the_plan_bot_is_offered_by_name():
    bot = make_bot("plan", 1, new_game("sicily", 1).ruleset, {"iterations": 4, "seconds": None})
    assert isinstance(bot, PlanBotHellenes) and bot.thinks


def test_a_plan_point_keeps_the_time_limit(monkeypatch):
    """A plan point keeps its time limit (the decision's times ``plan_share``): with a fake
    clock moving 0.1 s a rollout and 1 s to think, it stops before the round that would
    overrun, not after the 200 rollouts of its budget."""
    game = _plan_point("sicily", 4, "athens")
    bot = PlanBotHellenes(1, iterations=200, seconds=1.0)
    slow_clock(monkeypatch, bot, search, plan)
    bot.choose(game, "athens")
    assert 1 < bot.last_plan.rounds and bot.last_plan.rollouts < 200
    assert bot.last_plan.seconds <= 1.0 * bot.model.plan_share
    assert bot.seconds == 1.0 and bot.iterations == 200  # the decision's budget is back
