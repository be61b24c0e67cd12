"""A computer opponent that chooses a plan, then plays it, for any game on the core (docs/bots.md,
"The plan search").

The search of :mod:`hellenes_nb.bots.search` compares single actions. A plan pays over many
actions (march on a city for a season, a turn's campaign), and no single action shows it. At a
*plan point* (a game's model says where: the start of a season's or a turn's action phase)
:class:`PlanSearchBot` compares *plans* instead:

1. the model lists candidate plans, its default first (for a game with a heuristic bot: the
   heuristic as it is, then the heuristic leaning towards each of a few targets);
2. every round draws a position the side may believe in (the model's belief, as in the
   search: what the side cannot see is sampled, never read), and plays the rest of the plan's
   horizon (:meth:`PlanModel.plan_stop`) from it once per plan, with the same dice (common
   random numbers): the side plays its rollout policy with the plan fixed, the other side its
   own policy;
3. the end of each rollout is scored by the model (a win chance), and sequential halving
   spreads the budget; another plan must beat the default by the model's margin.

The plan with the best mean is adopted (:meth:`PlanModel.adopt`) and followed until the next
plan point: the decision at the plan point follows it at once, and every later decision is the
ordinary search's, whose candidates and rollouts follow the adopted plan. The budget is the
search's: ``iterations`` rollouts and ``seconds`` of thinking at most a decision, times the
model's :attr:`PlanModel.plan_share` at a plan point (plan points are rare, so the thinking time
of most decisions is unchanged); a plan other than the default is taken only after
:attr:`PlanModel.plan_min_rounds` rounds. With ``seconds=None`` a bot with a seed replays
exactly.
"""

from __future__ import annotations

import time
from typing import Any

from hellenes_nb.bots.playout import Policy, Stop
from hellenes_nb.bots.search import MAX_ITERATIONS, SearchBot, SearchModel, Thought
from hellenes_nb.core.game import Game
from hellenes_nb.core.ruleset import Ruleset


class PlanModel(SearchModel):
    """What the plan search asks of a game, beside :class:`SearchModel`. The defaults make no
    plan point, so the bot plays as the ordinary search."""

    #: how much better (on the 0–1 score) another plan must do than the default plan
    plan_margin = 0.0
    #: a plan point's budget (rollouts and seconds) as a multiple of another decision's
    plan_share = 1.0
    #: rounds a plan point must complete for a plan other than the default to be taken
    plan_min_rounds = 1
    #: a plan point's thinking time as a multiple of another decision's (None: ``plan_share``;
    #: a game with cheap rollouts gives a plan point more of them, not more seconds)
    plan_time_share: float | None = None

    def plan_point(self, game: Game, side: str) -> bool:
        """Whether ``side`` chooses a plan at this decision (here: never)."""
        return False

    def candidate_plans(self, game: Game, side: str) -> list[Any]:
        """The candidate plans, the default first, from what ``side`` may know."""
        return [None]

    def plan_stop(self, root: Any) -> Any:
        """Where a plan's rollouts from position ``root`` are cut (here: as the search's)."""
        return self.stop(root)

    def begin_plan(self, game: Game, side: str, plan: Any, policy: Policy) -> None:
        """Fix ``plan`` for ``side`` in a rollout's policy (before the rollout)."""

    def adopt(self, game: Game, side: str, plan: Any) -> None:
        """Follow ``plan`` from now until the next plan point."""

    def follow(self, game: Game, side: str, legal: list[dict]) -> dict:
        """The action of the adopted plan at the plan point itself."""
        return legal[0]


class PlanSearchBot(SearchBot):
    """The search with plans chosen at the model's plan points (module docstring).
    ``last_plan`` holds what the last plan choice cost and found (a :class:`Thought` whose
    candidates are plans) and ``plan`` the adopted plan."""

    name = "plan"
    thinks = True

    def __init__(self, seed: int = 0, iterations: int = 48, seconds: float | None = 1.8,
                 model: PlanModel | None = None):
        super().__init__(seed, iterations, seconds, model)
        self.planning = False
        self.last_plan = Thought()
        self.plan: Any = None

    def make_model(self) -> PlanModel:
        return PlanModel()

    def choose(self, game: Game, side: str) -> dict:
        model = self.model
        if not model.plan_point(game, side):
            return super().choose(game, side)
        t0 = time.perf_counter()
        legal = self._legal(game, side)
        plans = model.candidate_plans(game, side)
        self.last_plan = Thought(candidates=len(plans))
        best = 0
        if len(plans) > 1:
            saved = self.last, self.iterations, self.seconds
            self.last = self.last_plan
            self.margin, self.planning = model.plan_margin, True
            self.iterations = min(MAX_ITERATIONS, round(self.iterations * model.plan_share))
            if self.seconds is not None:
                share = model.plan_time_share
                self.seconds *= model.plan_share if share is None else share
            try:
                best = self._search(game, side, plans, t0)
            finally:
                self.planning = False
                self.last, self.iterations, self.seconds = saved
            if self.last_plan.rounds < model.plan_min_rounds:
                best = 0  # too few samples to leave the default plan
        self.plan = plans[best]
        model.adopt(game, side, self.plan)
        action = model.follow(game, side, legal)
        self.last_plan.chose = best
        self.last_plan.seconds = time.perf_counter() - t0
        self.last = Thought(candidates=1, seconds=self.last_plan.seconds)
        return action

    def _stop(self, game: Game) -> Stop:
        return self.model.plan_stop(game.state) if self.planning else super()._stop(game)

    def _start(self, game: Game, side: str, ruleset: Ruleset, st: Any, action: Any,
               policy: Policy) -> None:
        if self.planning:
            self.model.begin_plan(game, side, action, policy)
        else:
            super()._start(game, side, ruleset, st, action, policy)
