"""The game-free plan search (hellenes_nb/bots/plan.py, docs/bots.md "The plan search") on the
toy game: it compares plans by their rollouts, adopts the best, replays for a seed, and
without plan points plays as the search."""

from __future__ import annotations

import random
import time

from support.toygame import Toy

from hellenes_nb.bots import deciding_sides
from hellenes_nb.bots.plan import PlanModel, PlanSearchBot
from hellenes_nb.bots.search import SearchBot, SearchModel
from hellenes_nb.core.game import Game

TOY = Toy()


def toy_game(seed: int = 0) -> Game:
    """A new toy game on the core's generic Game."""
    return Game(TOY, TOY.setup("toy-pile", seed), seed)


class FixedTake:
    """A rollout policy: random for both roles, except a role given a plan, which takes that
    many stones when it may; it marks the state when the planning role took two."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.plans: dict[int, int] = {}

    def __call__(self, state, role, legal):
        take = self.plans.get(role)
        action = next((a for a in legal if a.get("n") == take), None) or self.rng.choice(legal)
        if role in self.plans and action.get("n") == 2:
            state.took_two = True
        return action


class ToyPlans(PlanModel):
    """Plans for the toy game: 0 (random, the default), take 1, take 2. A rollout scores 1 when
    the planning side took two stones, else 0: plan 2 is the best by construction."""

    def __init__(self):
        self.adopted = None

    def plan_point(self, game, side):
        return self.adopted is None

    def candidate_plans(self, game, side):
        return [0, 1, 2]

    def policy(self, ruleset, rng):
        return FixedTake(rng)

    def begin_plan(self, game, side, plan, policy):
        if plan:
            policy.plans[game.ruleset.roles.index(side)] = plan

    def value(self, ruleset, state, role):
        return 1.0 if getattr(state, "took_two", False) else 0.0

    def adopt(self, game, side, plan):
        self.adopted = plan


def test_the_plan_with_the_best_rollouts_is_adopted():
    game = toy_game(5)
    (side,) = deciding_sides(game)
    bot = PlanSearchBot(1, iterations=12, seconds=None, model=ToyPlans())
    action = bot.choose(game, side)
    assert action in game.legal_actions(side)
    assert bot.plan == 2 and bot.model.adopted == 2
    assert bot.last_plan.candidates == 3 and bot.last_plan.rollouts >= 3
    assert bot.last_plan.means[2] == 1.0 and bot.last_plan.means[1] == 0.0
    assert not bot.model.plan_point(game, side)  # followed until the model says otherwise


def test_the_plan_search_replays_for_a_seed():
    def run():
        game = toy_game(4)
        bot = PlanSearchBot(3, iterations=9, seconds=None, model=ToyPlans())
        chosen = []
        while not game.over:
            (side,) = deciding_sides(game)
            action = bot.choose(game, side)
            chosen.append(action)
            game.apply(action)
        return chosen, bot.last_plan.means

    assert run() == run()


def test_without_plan_points_it_plays_as_the_search():
    game_a, game_b = toy_game(6), toy_game(6)
    plan = PlanSearchBot(2, iterations=10, seconds=None)
    search = SearchBot(2, iterations=10, seconds=None, model=SearchModel())
    while not game_a.over:
        (side,) = deciding_sides(game_a)
        a, b = plan.choose(game_a, side), search.choose(game_b, side)
        assert a == b
        game_a.apply(a)
        game_b.apply(b)


def test_too_few_rounds_keep_the_default_plan():
    """A plan point that completes fewer rounds than ``plan_min_rounds`` keeps the default
    plan, however well another scored on so few samples."""
    model = ToyPlans()
    model.plan_min_rounds = 3
    game = toy_game(5)
    (side,) = deciding_sides(game)
    bot = PlanSearchBot(1, iterations=3, seconds=None, model=model)  # one round of 3 plans
    bot.choose(game, side)
    assert bot.last_plan.rounds == 1 and bot.last_plan.means[2] == 1.0
    assert bot.plan == 0 and model.adopted == 0


class SlowPlans(ToyPlans):
    """The toy plans with rollouts that take 1 ms each, and a plan point given 50 times a
    decision's rollouts but only its own thinking time (``plan_time_share``)."""

    plan_share = 50.0
    plan_time_share = 1.0

    def value(self, ruleset, state, role):
        time.sleep(0.001)
        return super().value(ruleset, state, role)


def test_a_plan_point_may_have_more_rollouts_but_not_more_seconds():
    """With ``plan_time_share`` a plan point keeps a decision's time limit (0.2 s) while its
    rollout budget grows (20 x 50): it stops on time, near 0.2 s, not after a second or more
    (1,000 rollouts, or 10 s of the time limit times ``plan_share``)."""
    game = toy_game(5)
    (side,) = deciding_sides(game)
    bot = PlanSearchBot(1, iterations=20, seconds=0.2, model=SlowPlans())
    bot.choose(game, side)
    assert bot.last_plan.rollouts > 20  # more than a decision's 20 rollouts
    assert bot.last_plan.seconds < 1.0
    assert bot.seconds == 0.2 and bot.iterations == 20  # restored after the plan point
