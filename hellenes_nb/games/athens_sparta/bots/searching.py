"""The *Athens & Sparta* side of the search (docs/bots.md, "Athens & Sparta"): the ``search``
bot, the dashboard's hard level.

:class:`ASSearch` tells the generic search (:mod:`hellenes_nb.bots.search`)

- what to sample: the position with what the side cannot see drawn again
  (:func:`..belief.redeal` with ``blocks=True``): the other hand (and its card picked face
  down), the undealt cards, the dice to come, and which of the other side's unnamed blocks
  stands where, at what strength, or lies in the pool. So the search never reads the other
  hand, the deck or what a face-down block is;
- which candidates to compare: the heuristic's own choice first, then, in the Move Phase, the
  next best moves by the heuristic's worth and ending the moves; for a card, the other cards
  of the hand; in a battle or a retreat, the other choices (at most :data:`WIDTH` in all). The
  Replacement Phase, the mulligan, Persia and the Hellespont loss are left to the heuristic;
- how to play on: both sides by the heuristic (its rules of thumb on each side's own view)
  to the end of the Combat Phase of the side moving now (:func:`cut`), or
  :attr:`ASSearch.limit` actions;
- how to score: the win chance of the evaluation learned from self-play
  (:mod:`.evaluation`, facts drawn from the victory terms, §10), or, without fitted weights
  for the scenario's family, :func:`worth`, city points and the strength on the map, squashed
  to a win chance (a game over scores 1 or 0)."""

from __future__ import annotations

import random
from typing import Any

from hellenes_nb.bots.playout import listed
from hellenes_nb.bots.search import SearchBot, SearchModel, win_chance
from hellenes_nb.core.game import Game
from hellenes_nb.core.ruleset import Ruleset
from hellenes_nb.games.athens_sparta.belief import redeal
from hellenes_nb.games.athens_sparta.bots import evaluation
from hellenes_nb.games.athens_sparta.bots.heuristic import (
    MOVES,
    HeuristicBot,
    Picture,
    scored_moves,
)
from hellenes_nb.games.athens_sparta.position import SIDES, Position
from hellenes_nb.games.athens_sparta.rules.victory import victory_points

__all__ = ["ASSearch", "SearchBotAthensSparta", "cut", "worth"]

#: candidates compared at most in one decision
WIDTH = 4
#: how many points of worth take the win chance from 1/2 to about 3/4
SCALE = 4.0
#: how much a step on the map is worth beside a city point
STEP = 0.35
#: the frames whose decisions are searched (the others are the heuristic's alone)
SEARCHED = frozenset({"ops", "cards", "battle", "battles", "retreat", "regroup", "sally"})


class Guessed:
    """What ``side`` may believe: the real position with every hidden fact drawn again at each
    sample (module docstring)."""

    def __init__(self, game: Game, side: str):
        self.state = game.state
        self.side = side

    def sample(self, rng: random.Random) -> Position:
        st = redeal(self.state, self.side, rng, blocks=True)
        st._log, st._n = [], 0  # rules never read the log: the rollouts' views stay cheap
        return st


class _Table:
    """A position as the heuristic reads a game inside a rollout: each side's own view and
    the legal actions, with no history kept."""

    history: tuple = ()

    def __init__(self, ruleset: Ruleset, state: Position):
        self.ruleset = ruleset
        self.state = state

    def view(self, side: str) -> dict:
        return self.ruleset.view(self.state, side)

    def legal_actions(self, side: str) -> list[dict]:
        return listed(self.ruleset, self.state, SIDES.index(side))


def worth(state: Position, role: int) -> float:
    """How good the position is for the side numbered ``role``: its city points above the
    other's (§10.2), and :data:`STEP` for each step it has on the map above the other's."""
    side, foe = SIDES[role], SIDES[1 - role]
    points = victory_points(state.board, state.world, state.board.persia != "none")
    steps = dict.fromkeys(SIDES, 0)
    for b in state.board.blocks.values():
        if b.side in steps and b.where in state.world.hexes:
            steps[b.side] += b.steps
    return points[side] - points[foe] + STEP * (steps[side] - steps[foe])


def cut(root: Position) -> Any:
    """Where rollouts from ``root`` stop: at the end of the Combat Phase of the side whose
    phase it is (the other side's Move Phase about to begin), or at the end of the Game Turn;
    from a card pick, at the end of Player 1's Combat Phase."""
    when = (root.board.olympiad, root.board.turn)
    mover = next((f["side"] for f in reversed(root.stack) if f["kind"] in ("ops", "battles")),
                 None)
    if root.stack and root.stack[-1]["kind"] == "cards":
        mover = None

    def stop(st: Position) -> bool:
        if (st.board.olympiad, st.board.turn) != when:
            return True
        top = st.stack[-1] if st.stack else None
        if top is None or top["kind"] != "ops":
            return False
        if mover is None:  # from the cards: Player 2's moves are next
            return sum(1 for f in st.stack if f["kind"] == "ops") == 1
        return top["side"] != mover
    return stop


class ASSearch(SearchModel):
    """The search model of *Athens & Sparta* (module docstring): the heuristic of ``seed``
    picks the first candidate and plays the rollouts."""

    limit = 300  # actions a rollout plays at most (a Combat Phase takes far fewer)
    margin = 0.02  # another candidate must beat the heuristic's choice by this much

    def __init__(self, seed: int = 0, weights: dict[str, float] | None = None):
        self.guide = HeuristicBot(seed)
        #: the learned evaluation's weights (read from the shipped file at the first score
        #: when None; empty: none fitted, the hand-set :func:`worth` scores)
        self.weights = weights

    def stop(self, root: Any) -> Any:
        return cut(root)

    def belief(self, game: Game, side: str) -> Guessed:
        return Guessed(game, side)

    def candidates(self, game: Game, side: str, legal: list[dict]) -> list[dict]:
        first = self.guide.pick(game, side, legal)
        kind = game.state.stack[-1]["kind"] if game.state.stack else ""
        if kind not in SEARCHED:
            return [first]
        types = {a["type"] for a in legal}
        if types & set(MOVES):
            view = game.view(side)
            others = [a for _, a in scored_moves(Picture.of(view, side), view, legal)]
            others += [a for a in legal if a["type"] not in MOVES]  # ending the moves
        else:
            others = legal
        out = [first]
        for a in others:
            if len(out) >= WIDTH:
                break
            if a is not first and a != first:
                out.append(a)
        return out

    def policy(self, ruleset: Ruleset, rng: random.Random) -> Any:
        guide = self.guide

        def heuristic(state: Position, role: int, legal: list[dict]) -> dict:
            if len(legal) == 1:
                return legal[0]
            return guide.pick(_Table(ruleset, state), SIDES[role], legal)
        return heuristic

    def value(self, ruleset: Ruleset, state: Any, role: int) -> float:
        if self.weights is None:
            # without the intercept, as in Earth & Water: the same for every candidate, it
            # would only squeeze their scores against the margin
            w = evaluation.fitted(evaluation.family(state.scenario)) or {}
            self.weights = {k: v for k, v in w.items() if k != "intercept"}
        if self.weights:
            return evaluation.value(state, role, self.weights)
        over = ruleset.result(state) is not None  # worth is not read once the game is over
        return win_chance(ruleset, state, role, 0.0 if over else worth(state, role), SCALE)


class SearchBotAthensSparta(SearchBot):
    """``search`` for *Athens & Sparta*, the hard level (docs/bots.md): the generic search
    with :class:`ASSearch`."""

    name = "search"
    games = ("athens-sparta",)

    def make_model(self) -> ASSearch:
        return ASSearch(self.seed)
