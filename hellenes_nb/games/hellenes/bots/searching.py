"""The Hellenes side of the search (docs/bots.md, "The search"): the ``search`` bot.

:class:`HellenesSearch` tells the generic search (:mod:`hellenes_nb.bots.search`)

- what to sample: positions consistent with the side's view and log (:mod:`.sampling`);
- which candidates to compare: the heuristic bot's own choice first, then the next best by
  its scores (the action phase: :func:`.campaign.rank_actions`) or every choice of a small
  decision (card play, battles, sieges, peace); the many small moves of a group move and of
  Winter follow the heuristic's plan without a search;
- how to play on: the heuristic bot for both sides, reading :meth:`Picture.of_state` of the
  sample (the same picture its view would give), cut at the end of the season (a New Year
  decision plays through Spring; a Winter one through Year End and its tribute, §9.5);
- how to score: :func:`.evaluation.value`.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

from hellenes_nb.bots.search import SearchBot, SearchModel
from hellenes_nb.core.game import Game
from hellenes_nb.core.ruleset import Ruleset
from hellenes_nb.core.steps import strip_label
from hellenes_nb.games.hellenes.bots import campaign, cards_policy
from hellenes_nb.games.hellenes.bots.evaluation import value
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot
from hellenes_nb.games.hellenes.bots.picture import Picture
from hellenes_nb.games.hellenes.bots.sampling import Belief, SeenBlocks
from hellenes_nb.games.hellenes.bots.terms import terms_for
from hellenes_nb.games.hellenes.index import NEW_YEAR, SIDE_NAMES, WINTER

#: decision kinds the search compares candidates for; others follow the heuristic
SEARCHED = frozenset({"card_play", "actions", "battle", "siege_combat", "sortie", "capitulation",
                      "peace_offer", "event", "pillage_withdraw"})
#: candidates compared at most in one decision
WIDTH = {"actions": 5, "card_play": 6}
DEFAULT_WIDTH = 4
#: the margin in the action phase of a scenario whose aim lies beyond a season's rollout is its
#: terms' ``action_margin`` (data/hellenes/victory_terms.yaml): the Sicily campaign pays (or
#: costs its yearly prestige, §15.2 rule 4) only years later, so there a recruit or a build that
#: looks better by the season's end must beat the heuristic's move plan clearly (docs/bots.md,
#: "The search", candidates: with the base margin the search lost 15 of 30 games as Athens,
#: with 0.03 7, as the heuristic did)


class RolloutPolicy:
    """The heuristic bot for both sides of a rollout, on the sample's own tables."""

    def __init__(self, ruleset: Ruleset, rng: random.Random):
        seed = rng.getrandbits(32)
        self.bots = (HeuristicBot(seed), HeuristicBot(seed + 1))
        self.game = SimpleNamespace(state=None, ruleset=ruleset)

    def __call__(self, state: Any, role: int, legal: list[dict]) -> dict:
        side = SIDE_NAMES[role]
        self.game.state = state
        return self.bots[role].decide(self.game, side, legal, Picture.of_state(state, side))


class HellenesSearch(SearchModel):
    """The search model of Hellenes (module docstring)."""

    margin = 0.01
    limit = 3000

    def __init__(self, seed: int = 0):
        self.guide = HeuristicBot(seed)
        self.seen = {side: SeenBlocks() for side in SIDE_NAMES}
        self.plans: dict[int, list[dict]] = {}

    def margin_for(self, game: Game, side: str) -> float:
        if game.state.stack[-1]["kind"] == "actions":
            wider = terms_for(game.state.scenario).action_margin
            return self.margin if wider is None else wider
        return self.margin

    def belief(self, game: Game, side: str) -> Belief:
        return Belief(game, side, self.seen[side].update(game, side))

    def candidates(self, game: Game, side: str, legal: list[dict]) -> list[dict]:
        kind = game.state.stack[-1]["kind"]
        pic = Picture(game, side)
        pic.aim = self.guide.memory[side].get("aim", -1)  # a plan's aim (.planning)
        self.plans = {}
        if kind == "actions":
            ranked = campaign.rank_actions(game, pic, legal)
            out = []
            for score, a, plan in ranked[:WIDTH["actions"]]:
                if score <= -1.0:
                    break
                if plan is not None:
                    self.plans[id(a)] = list(plan.moves)
                out.append(a)
            return out or [self.guide.decide(game, side, legal, pic)]
        default = self.guide.decide(game, side, legal, pic)
        if kind not in SEARCHED:
            return [default]
        return [default] + _others(kind, pic, legal, default)[: WIDTH.get(kind, DEFAULT_WIDTH) - 1]

    def policy(self, ruleset: Ruleset, rng: random.Random) -> RolloutPolicy:
        return RolloutPolicy(ruleset, rng)

    def begin(self, game: Game, side: str, candidate: dict, policy: Any) -> None:
        plan = self.plans.get(id(candidate))
        if plan is not None:
            policy.bots[SIDE_NAMES.index(side)].memory[side]["plan"] = list(plan)

    def chosen(self, game: Game, side: str, action: dict) -> None:
        if game.state.stack[-1]["kind"] == "actions":
            plan = self.plans.get(id(action))
            self.guide.memory[side]["plan"] = None if plan is None else list(plan)

    def stop(self, root: Any) -> Any:
        year, season = root.year, root.season
        last = {NEW_YEAR: NEW_YEAR + 1, WINTER: WINTER}.get(season, season)
        return lambda st: st.year != year or st.season > last

    def value(self, ruleset: Ruleset, state: Any, role: int) -> float:
        return value(state, role)


def _others(kind: str, pic: Picture, legal: list[dict], default: dict) -> list[dict]:
    """The alternatives to ``default`` worth a look: for card play the heuristic's ranking, one
    play per card and use (a Sacrifice to the god it would pick, §10.3); else in the listed
    order."""
    base = strip_label(default)
    if kind != "card_play":
        return [a for a in legal if strip_label(a) != base]
    out = []
    seen = {(default.get("card"), default.get("use"))}
    for a in cards_policy.rank_cards(pic, legal):
        key = (a["card"], a["use"])
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


class SearchBotHellenes(SearchBot):
    """``search``, the hard level (docs/bots.md): the generic search with
    :class:`HellenesSearch`."""

    name = "search"
    games = ("hellenes",)

    def make_model(self) -> HellenesSearch:
        return HellenesSearch(self.seed)
