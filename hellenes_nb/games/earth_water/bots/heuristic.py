"""The heuristic opponent of *300: Earth & Water* (docs/bots.md, "300: Earth & Water").

For each legal action it plays the action on a few copies of the game in which everything it
cannot see is dealt again (:func:`~.judge.guess`), carries on with its own next decisions while
the turn stays its own (best first, a short way), and keeps the action whose positions are worth
most on average (:func:`~.judge.worth`). Long lists (the many ways fleets may sail) are first
cut to the most promising by one cheap look each. A few rules of thumb settle what a look ahead
cannot see: how many cards to buy, and when to keep one."""

from __future__ import annotations

import random

from hellenes_nb.bots.base import Bot
from hellenes_nb.bots.playout import apply_listed, deciders, listed
from hellenes_nb.core.game import Game
from hellenes_nb.core.ruleset import Ruleset
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.earth_water.bots.aims import NO_AIM, Aim, aim_bonus
from hellenes_nb.games.earth_water.bots.judge import guess, worth
from hellenes_nb.games.earth_water.index import SIDE_NAMES
from hellenes_nb.games.earth_water.state import State

__all__ = ["HeuristicBot", "cards_to_buy", "fight_out"]

#: copies of the game each candidate is tried on
SAMPLES = 2
#: candidates kept after the cheap first look, when there are many
SHORTLIST = 12
#: own decisions looked at after the candidate, while the turn stays the bot's
DEPTH = 2
#: the most decisions taken to finish a battle while looking ahead
BATTLE_STEPS = 60
#: cards bought by each side in a preparation (Greece, Persia): enough to act, not to starve
BUY = (3, 3)


def cards_to_buy(side: int, campaign: int) -> int:
    """How many cards the bot buys in a preparation (one more in the first campaign)."""
    return BUY[side] + (1 if campaign == 1 else 0)


def fight_out(ruleset: Ruleset, st: State) -> None:
    """Fight out, in place, any battle the last action started, both sides fighting on and
    letting reactions pass, so that a move is judged by where its battle ends and not in the
    middle of it (with the position's own dice). Used by the heuristic's look ahead and by the
    search's rollout policy."""
    for _ in range(BATTLE_STEPS):
        if not any(f["kind"] in ("battle", "window") for f in st.stack):
            return
        who = deciders(ruleset, st)
        if not who:
            return
        legal = listed(ruleset, st, who[0])
        apply_listed(ruleset, st, next(
            (a for a in legal if a["type"] in ("fight", "decline")), legal[0]))


class HeuristicBot(Bot):
    """Greedy play on guessed copies of the game (module docstring)."""

    name = "heuristic"
    games = ("earth-water",)

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)
        #: a plan's aim by side number (:mod:`.aims`; the plan search sets it, the normal
        #: level never does)
        self.aims: dict[int, Aim] = {}

    def choose(self, game: Game, side: str) -> dict:
        legal = self._legal(game, side)
        if len(legal) == 1:
            return legal[0]
        s = SIDE_NAMES.index(side)
        kind = legal[0]["type"]
        if kind == "buy_cards":
            want = cards_to_buy(s, game.state.campaign)
            return min(legal, key=lambda a: abs(a["n"] - want))
        if kind in ("keep_card", "keep_none"):
            return next(a for a in legal if a["type"] == "keep_none")
        return self.rank(game, s, legal)[0]

    def rank(self, game: Game, side: int, legal: list[dict]) -> list[dict]:
        """``legal`` (or its shortlist, when long) best first, by the worth of each action on
        guessed copies (module docstring); the first is the bot's choice."""
        copies = [guess(game, side, self.rng) for _ in range(SAMPLES)]
        if len(legal) > SHORTLIST:
            first = [(self._look(copies[0], a, side, 0), i) for i, a in enumerate(legal)]
            first.sort(reverse=True)
            legal = [legal[i] for _, i in first[:SHORTLIST]]
        scored = [(sum(self._look(c, a, side, DEPTH) for c in copies) / len(copies), i)
                  for i, a in enumerate(legal)]
        scored.sort(reverse=True)
        return [legal[i] for _, i in scored]

    def _look(self, game: Game, action: dict, side: int, depth: int) -> float:
        """The worth of ``action`` on a copy of ``game``, then of the best own decisions that
        follow while the turn stays ``side``'s (``depth`` of them)."""
        trial = game.clone()
        try:
            trial.apply(action)
        except IllegalAction:
            return -1e9
        fight_out(trial.ruleset, trial.state)
        name = SIDE_NAMES[side]
        if depth <= 0 or trial.over or trial.prompt.side != name:
            aim = self.aims.get(side, NO_AIM)
            return worth(trial, side) + aim_bonus(trial.state, side, aim)
        nxt = trial.legal_actions(name)
        if len(nxt) > SHORTLIST:
            nxt = self.rng.sample(nxt, SHORTLIST)
        return max(self._look(trial, a, side, depth - 1) for a in nxt)
