"""The Hellenes side of the plan search (docs/bots.md, "The plan search"): the ``plan`` bot.

:class:`HellenesPlans` is the search model of :mod:`.searching` with plans
(:mod:`hellenes_nb.bots.plan`):

- a plan point is a side's first decision of an action phase in a year (§4.0);
- a plan is an *aim*: a place the heuristic leans towards for the rest of the year (-1: no aim, the
  heuristic as it is). The candidates are no aim, then the places within the side's reach
  (:func:`_reach`) the heuristic itself values most as targets from what the side sees (enemy
  forces to attack, enemy cities to take or besiege: :func:`.campaign._target_worth` on the
  side's picture), at most :data:`PLANS` in all;
- with an aim the heuristic adds :data:`.campaign.AIM_BONUS` to the aim's worth, sends a force
  there with a smaller edge (:data:`.campaign.AIM_BOLDNESS`) and draws groups far from it to
  land near it (``campaign._aimed``); the other side plays the plain heuristic in the
  rollouts;
- each plan is played to the end of the year (its Year End and tribute, §9.5) from positions
  sampled as the search samples them (:mod:`.sampling`: the enemy's hidden blocks and hand are
  drawn, never read), then scored by the learned evaluation (:mod:`.evaluation`).

The aim adopted holds for the real decisions of the side until its next plan point: the guide
(the heuristic the search starts from) and the side's bot in the search's rollouts lean
towards it.
"""

from __future__ import annotations

from typing import Any

from hellenes_nb.bots.plan import PlanModel, PlanSearchBot
from hellenes_nb.core.game import Game
from hellenes_nb.games.hellenes.bots.campaign import _target_worth
from hellenes_nb.games.hellenes.bots.picture import Picture
from hellenes_nb.games.hellenes.bots.searching import HellenesSearch
from hellenes_nb.games.hellenes.index import SIDE_NAMES

#: plans compared at a plan point, "no aim" included
PLANS = 4
#: what an aim must beat "no aim" by, on the 0–1 score
PLAN_MARGIN = 0.01
#: a plan point (once a year a side) thinks this many times a decision's budget: its rollouts
#: play a whole year, and in 1.8 s on a loaded machine it completed 1-3 rounds
PLAN_SHARE = 2.5
#: rounds a plan point must complete before an aim may replace "no aim"
PLAN_MIN_ROUNDS = 4
#: the target kinds a plan may aim at
AIMED = ("attack", "capture", "siege")


class HellenesPlans(HellenesSearch, PlanModel):
    """The plan model of Hellenes (module docstring)."""

    plan_margin = PLAN_MARGIN
    plan_share = PLAN_SHARE
    plan_min_rounds = PLAN_MIN_ROUNDS

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        #: per side: (the year of the plan point, the aim adopted)
        self.adopted: dict[str, tuple[int, int]] = {}

    def plan_point(self, game: Game, side: str) -> bool:
        st = game.state
        if st.stack[-1]["kind"] != "actions":
            return False
        when, _aim = self.adopted.get(side, (0, -1))
        return when != st.year

    def plan_stop(self, root: Any) -> Any:
        year = root.year
        return lambda st: st.year != year

    def candidate_plans(self, game: Game, side: str) -> list[int]:
        pic = Picture(game, side)
        scored = []
        for t in sorted(_reach(pic)):
            kind, worth = _target_worth(pic, t)
            if kind in AIMED and worth > 0:
                scored.append((-worth, t))
        return [-1] + [t for _w, t in sorted(scored)[:PLANS - 1]]

    def begin_plan(self, game: Game, side: str, plan: Any, policy: Any) -> None:
        role = SIDE_NAMES.index(side)
        policy.bots[role].memory[side]["aim"] = plan
        policy.bots[1 - role].memory[SIDE_NAMES[1 - role]]["aim"] = -1

    def begin(self, game: Game, side: str, candidate: dict, policy: Any) -> None:
        super().begin(game, side, candidate, policy)
        policy.bots[SIDE_NAMES.index(side)].memory[side]["aim"] = self.aim(side)

    def adopt(self, game: Game, side: str, plan: Any) -> None:
        self.adopted[side] = (game.state.year, plan)
        self.guide.memory[side]["aim"] = plan

    def aim(self, side: str) -> int:
        """The aim ``side`` follows now (-1: none)."""
        return self.adopted.get(side, (0, -1))[1]

    def follow(self, game: Game, side: str, legal: list[dict]) -> dict:
        return self.guide.decide(game, side, legal)


def _reach(pic: Picture) -> set[int]:
    """Places within a season's reach of the side's blocks, roughly: near a place it holds
    blocks in (:meth:`Picture.near`: land to distance 2, the seas touching it), or near a sea
    next to a fleet of its own (a fleet carries a land unit there, §5.21)."""
    ix = pic.ix
    out: set[int] = set()
    for u, p in pic.loc.items():
        out.update(pic.near(p))
        if ix.is_fleet[u]:
            for sea in ix.coast[p] + ix.sea_adj[p]:
                out.update(pic.near(sea))
    return out


class PlanBotHellenes(PlanSearchBot):
    """``plan``: the search with a plan chosen at the first action phase of each year
    (:class:`HellenesPlans`; docs/bots.md, "The plan search")."""

    name = "plan"
    games = ("hellenes",)

    def make_model(self) -> HellenesPlans:
        return HellenesPlans(self.seed)
