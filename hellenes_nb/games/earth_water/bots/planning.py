"""The *300: Earth & Water* side of the plan search (docs/bots.md, "The plan search"): the
``plan`` bot.

:class:`EarthWaterPlans` is the search model of :mod:`.searching` with plans
(:mod:`hellenes_nb.bots.plan`):

- a plan point is a side's first decision of a campaign (§4.1): for Persia its preparation,
  before it buys cards and raises armies (§5.1), so the plan decides the muster too;
- a plan is an *aim* (:mod:`.aims`): no aim (the heuristic as it is), or a target city with a
  land lean, or the nearest target with a sea lean; the candidates come from the pieces on the
  map alone (:func:`.aims.candidate_aims`);
- each plan is played from positions the side may believe in (:class:`.searching.Redealt`:
  the other hand, the draw pile and the dice dealt again, never read) to the end of the
  campaign, its supply and its scoring (§8, §9), the side with the aim in its rollout policy,
  the other side without; the end is scored by the learned evaluation over the scenario's
  victory terms (:mod:`.evaluation`: the score track and its cap, the last campaign, Major
  cities, the Great King's sudden death);
- the aim adopted holds for the side's real decisions until its next plan point: the
  heuristic that ranks the search's candidates and the side's rollout policy lean towards it.
"""

from __future__ import annotations

from typing import Any

from hellenes_nb.bots.plan import PlanModel, PlanSearchBot
from hellenes_nb.core.game import Game
from hellenes_nb.games.earth_water.bots.aims import NO_AIM, Aim, candidate_aims
from hellenes_nb.games.earth_water.bots.searching import EarthWaterSearch
from hellenes_nb.games.earth_water.index import SIDE_NAMES

__all__ = ["EarthWaterPlans", "PlanBotEarthWater"]

#: what an aim must beat "no aim" by, on the 0-1 score
PLAN_MARGIN = 0.02
#: a plan point's rollouts as a multiple of another decision's (they play the rest of the
#: campaign, as the search's own do: 13 to 18 actions from a campaign's start)
PLAN_SHARE = 5.0
#: ...and its seconds: no more than another decision's, since plan points are five a side in a
#: game of about 60 decisions a side and would otherwise set the p95 of thinking time
PLAN_TIME_SHARE = 1.0
#: rounds a plan point must complete before an aim may replace "no aim"
PLAN_MIN_ROUNDS = 4


class EarthWaterPlans(EarthWaterSearch, PlanModel):
    """The plan model of *300: Earth & Water* (module docstring)."""

    plan_margin = PLAN_MARGIN
    plan_share = PLAN_SHARE
    plan_min_rounds = PLAN_MIN_ROUNDS
    plan_time_share = PLAN_TIME_SHARE

    def __init__(self, seed: int = 0, weights: dict[str, float] | None = None):
        super().__init__(seed, weights)
        #: per side: (the campaign of its last plan point, the aim adopted)
        self.adopted: dict[str, tuple[int, Aim]] = {}

    def plan_point(self, game: Game, side: str) -> bool:
        when, _aim = self.adopted.get(side, (0, NO_AIM))
        return when != game.state.campaign

    def candidate_plans(self, game: Game, side: str) -> list[Aim]:
        return candidate_aims(game.state, SIDE_NAMES.index(side))

    def plan_stop(self, root: Any) -> Any:
        return self.stop(root)

    def begin_plan(self, game: Game, side: str, plan: Any, policy: Any) -> None:
        policy.aims[SIDE_NAMES.index(side)] = plan

    def begin(self, game: Game, side: str, candidate: dict, policy: Any) -> None:
        policy.aims[SIDE_NAMES.index(side)] = self.aim(side)

    def adopt(self, game: Game, side: str, plan: Any) -> None:
        self.adopted[side] = (game.state.campaign, plan)
        self.guide.aims[SIDE_NAMES.index(side)] = plan

    def aim(self, side: str) -> Aim:
        """The aim ``side`` follows now (:data:`.aims.NO_AIM`: none)."""
        return self.adopted.get(side, (0, NO_AIM))[1]

    def follow(self, game: Game, side: str, legal: list[dict]) -> dict:
        return self.guide.choose(game, side)


class PlanBotEarthWater(PlanSearchBot):
    """``plan``: the search with a plan chosen at each side's first decision of a campaign
    (:class:`EarthWaterPlans`; docs/bots.md, "The plan search")."""

    name = "plan"
    games = ("earth-water",)

    def make_model(self) -> EarthWaterPlans:
        return EarthWaterPlans(self.seed)
