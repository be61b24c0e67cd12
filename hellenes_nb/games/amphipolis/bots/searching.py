"""The *Amphipolis* side of the search (docs/bots.md, "Amphipolis"): the ``search`` bot, the
dashboard's hard level.

:class:`AmphipolisSearch` tells the generic search (:mod:`hellenes_nb.bots.search`)

- what to sample: the position with the other side's strategems dealt again from the counters
  the side has not seen, and fresh dice (the heuristic's :func:`.heuristic.guess`), so the
  search never reads the other hand or the dice to come;
- which candidates to compare: the heuristic bot's ranking, its own choice first (at most
  :data:`WIDTH`); the pieces of an operation or of a group on the main map are picked by the
  heuristic's rule (:func:`.heuristic.next_piece`);
- how to play on: both sides by the heuristic's cautious default (the pieces by rule, the
  siege with the best odds, in a combat the strategem that most raises the side's odds,
  otherwise hold, pass or done), to the end of the turn or
  :attr:`AmphipolisSearch.limit` actions;
- how to score: the win chance of the evaluation learned from self-play for the scenario
  (:mod:`.evaluation`, the scenario's victory terms read from its record), or, without fitted
  weights, the heuristic's :func:`.heuristic.worth` squashed to a win chance."""

from __future__ import annotations

import math
import random
from typing import Any

from hellenes_nb.bots.search import SearchBot, SearchModel
from hellenes_nb.core.game import Game
from hellenes_nb.core.ruleset import Ruleset
from hellenes_nb.games.amphipolis.bots import evaluation
from hellenes_nb.games.amphipolis.bots.heuristic import (
    CAUTIOUS,
    SCALE,
    HeuristicBot,
    guess,
    next_piece,
    pick_piece,
    worth,
)
from hellenes_nb.games.amphipolis.odds import siege_odds, state_odds
from hellenes_nb.games.amphipolis.state import SIDES, State

__all__ = ["AmphipolisSearch", "SearchBotAmphipolis", "rollout_choice"]

#: candidates compared at most in one decision
WIDTH = 4
PIECES = ("pick", "pick_leader", "go")


class Guessed:
    """What ``side`` may believe: the real position with the other hand and the dice dealt
    anew at every draw."""

    def __init__(self, game: Game, side: str):
        self.game = game
        self.side = SIDES.index(side)

    def sample(self, rng: random.Random) -> State:
        return guess(self.game, self.side, rng).state


def rollout_choice(state: State, role: int, legal: list[dict]) -> dict:
    """Both sides of a rollout (module docstring)."""
    if len(legal) == 1:
        return legal[0]
    if any(a["type"] in PIECES for a in legal):
        return pick_piece(legal)
    sieges = [a for a in legal if a["type"] == "siege"]
    if sieges:
        return max(sieges, key=lambda a: siege_odds(state, a["zone"], role, a["how"]).success)
    if any(a["type"] == "play" for a in legal) and state.stack[-1].get("phase") == "combat":
        return _best_for_the_combat(state, role, legal)
    calm = [a for a in legal if a["type"] in CAUTIOUS]
    return calm[0] if calm else legal[0]


def _best_for_the_combat(state: State, role: int, legal: list[dict]) -> dict:
    """In a combat's strategem window: the strategem that most raises the side's chance of
    winning the combat (its odds), or no strategem when none raises it."""
    def chance(a: dict) -> float:
        odds = state_odds(state, role, a)
        if odds is None:
            return -1.0
        return float(odds.success if odds.side == role else 1 - odds.success)

    calm = next(a for a in legal if a["type"] == "pass")
    best = max(legal, key=chance)
    return best if chance(best) > chance(calm) else calm


class AmphipolisSearch(SearchModel):
    """The search model of *Amphipolis* (module docstring)."""

    margin = 0.02
    limit = 120

    def __init__(self, seed: int = 0):
        self.guide = HeuristicBot(seed)
        #: the fitted weights of each scenario met, without the intercept (the same for
        #: every candidate, it would only squeeze their scores against the margin)
        self.weights: dict[str, dict[str, float]] = {}

    def belief(self, game: Game, side: str) -> Guessed:
        return Guessed(game, side)

    def candidates(self, game: Game, side: str, legal: list[dict]) -> list[dict]:
        piece = next_piece(game, legal)
        if piece is not None:
            return [piece]
        legal = [a for a in legal if a["type"] not in PIECES]
        return self.guide.rank(game, SIDES.index(side), legal)[:WIDTH]

    def policy(self, ruleset: Ruleset, rng: random.Random) -> Any:
        return rollout_choice

    def stop(self, root: Any) -> Any:
        turn = root.turn
        return lambda st: st.turn != turn

    def value(self, ruleset: Ruleset, state: Any, role: int) -> float:
        res = ruleset.result(state)
        if res is not None:
            if res.get("winner") is None:
                return 0.5
            return 1.0 if res["winner"] == ruleset.roles[role] else 0.0
        fam = evaluation.family(state.scenario)
        if fam not in self.weights:
            w = evaluation.fitted(fam) or {}
            self.weights[fam] = {k: v for k, v in w.items() if k != "intercept"}
        if self.weights[fam]:
            return evaluation.value(state, role, self.weights[fam])
        z = max(-50.0, min(50.0, worth(state, role) / SCALE))
        return 1.0 / (1.0 + math.exp(-z))


class SearchBotAmphipolis(SearchBot):
    """``search`` for *Amphipolis*, the hard level (docs/bots.md): the generic search with
    :class:`AmphipolisSearch`."""

    name = "search"
    games = ("amphipolis",)

    def make_model(self) -> AmphipolisSearch:
        return AmphipolisSearch(self.seed)
