"""The *300: Earth & Water* side of the search (docs/bots.md, "300: Earth & Water"): the
``search`` bot, the hard level.

:class:`EarthWaterSearch` tells the generic search (:mod:`hellenes_nb.bots.search`)

- what to sample: the position with what the side cannot see dealt again (the other hand from
  the unseen cards, the draw pile's order, the dice: :func:`.judge.redeal`), so the search
  never reads the other hand or the cards to come;
- which candidates to compare: the heuristic bot's ranking, its own choice first (at most
  :data:`WIDTH`); the number of cards to buy and whether to keep one, around the heuristic's
  rule of thumb;
- how to play on: a quick greedy policy for both sides (:class:`QuickPolicy`), until the end
  of the campaign or :attr:`EarthWaterSearch.limit` actions;
- how to score: the win chance of the evaluation learned from self-play
  (:mod:`.evaluation`, the game's victory terms read as data), or, without fitted weights,
  the heuristic's :func:`.judge.worth_of` squashed to a win chance.
"""

from __future__ import annotations

import math
import random
from typing import Any

from hellenes_nb.bots.playout import apply_listed
from hellenes_nb.bots.search import SearchBot, SearchModel
from hellenes_nb.core.dice import Dice
from hellenes_nb.core.game import Game
from hellenes_nb.core.ruleset import Ruleset
from hellenes_nb.games.earth_water.bots import evaluation
from hellenes_nb.games.earth_water.bots.aims import NO_AIM, Aim, aim_bonus, toward
from hellenes_nb.games.earth_water.bots.heuristic import HeuristicBot, cards_to_buy, fight_out
from hellenes_nb.games.earth_water.bots.judge import redeal, worth_of
from hellenes_nb.games.earth_water.index import SIDE_NAMES
from hellenes_nb.games.earth_water.state import State

__all__ = ["EarthWaterSearch", "QuickPolicy", "SearchBotEarthWater"]

#: candidates compared at most in one decision
WIDTH = 4
#: actions the quick policy weighs at most in one decision (a random few of a long list)
QUICK = 6
#: how many points of worth make the win chance go from 1/2 to about 3/4
SCALE = 10.0


class Redealt:
    """What ``side`` may believe: the real position with its unseen cards and dice dealt anew
    at every draw (the search's belief)."""

    def __init__(self, game: Game, side: str):
        self.state: State = game.state
        self.side = SIDE_NAMES.index(side)

    def sample(self, rng: random.Random) -> State:
        st = self.state.clone()
        redeal(st, self.side, rng)
        return st


class QuickPolicy:
    """Both sides of a rollout: the heuristic's rules of thumb for buying and keeping cards,
    always fight a battle out, otherwise the best of a few legal actions by the worth of the
    position right after it (no look further)."""

    def __init__(self, ruleset: Ruleset, rng: random.Random):
        self.ruleset = ruleset
        self.rng = rng
        #: a plan's aim by role (:mod:`.aims`), added to the worth it weighs
        self.aims: dict[int, Aim] = {}

    def __call__(self, state: State, role: int, legal: list[dict]) -> dict:
        if len(legal) == 1:
            return legal[0]
        kind = legal[0]["type"]
        if kind == "buy_cards":
            want = cards_to_buy(role, state.campaign)
            return min(legal, key=lambda a: abs(a["n"] - want))
        for a in legal:
            if a["type"] in ("fight", "keep_none"):
                return a
        pool = legal if len(legal) <= QUICK else self.rng.sample(legal, QUICK)
        aim = self.aims.get(role, NO_AIM)
        if aim[0] >= 0 and len(legal) > QUICK:  # a plan weighs every move towards its aim
            pool = pool + [a for a in toward(legal, aim[0]) if a not in pool]
        best, best_value = pool[0], -math.inf
        for a in pool:
            trial = state.clone()
            trial.legal_memo = None
            trial.dice = Dice(self.rng.getrandbits(64))  # the policy does not know its dice
            apply_listed(self.ruleset, trial, a)
            fight_out(self.ruleset, trial)
            v = worth_of(trial, role) + aim_bonus(trial, role, aim)
            if v > best_value:
                best, best_value = a, v
        return best


class EarthWaterSearch(SearchModel):
    """The search model of *300: Earth & Water* (module docstring)."""

    margin = 0.03
    limit = 40

    def __init__(self, seed: int = 0, weights: dict[str, float] | None = None):
        self.guide = HeuristicBot(seed)
        self.weights = weights

    def belief(self, game: Game, side: str) -> Redealt:
        return Redealt(game, side)

    def candidates(self, game: Game, side: str, legal: list[dict]) -> list[dict]:
        s = SIDE_NAMES.index(side)
        kind = legal[0]["type"]
        if kind == "buy_cards":
            want = cards_to_buy(s, game.state.campaign)
            return sorted(legal, key=lambda a: (abs(a["n"] - want), a["n"]))[:3]
        if kind in ("keep_card", "keep_none"):
            keep_none = [a for a in legal if a["type"] == "keep_none"]
            return keep_none + [a for a in legal if a["type"] != "keep_none"][:WIDTH - 1]
        return self.guide.rank(game, s, legal)[:WIDTH]

    def policy(self, ruleset: Ruleset, rng: random.Random) -> QuickPolicy:
        return QuickPolicy(ruleset, rng)

    def stop(self, root: Any) -> Any:
        campaign = root.campaign
        return lambda st: st.campaign != campaign

    def value(self, ruleset: Ruleset, state: Any, role: int) -> float:
        if self.weights is None:
            # without the intercept, as in Hellenes (evaluation.weights_for): the same for
            # every candidate, it would only squeeze their scores against the margin
            w = evaluation.fitted(evaluation.terms_for(state.scenario).family) or {}
            self.weights = {k: v for k, v in w.items() if k != "intercept"}
        if self.weights:
            return evaluation.value(state, role, self.weights)
        z = max(-50.0, min(50.0, worth_of(state, role) / SCALE))
        return 1.0 / (1.0 + math.exp(-z))


class SearchBotEarthWater(SearchBot):
    """``search`` for *300: Earth & Water*, the hard level (docs/bots.md): the generic search
    with :class:`EarthWaterSearch`."""

    name = "search"
    games = ("earth-water",)

    def make_model(self) -> EarthWaterSearch:
        return EarthWaterSearch(self.seed)
