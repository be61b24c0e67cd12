"""The easy level's bot (:mod:`hellenes_nb.bots.levels`): another bot that blunders now and
then."""

from __future__ import annotations

import random

from hellenes_nb.bots.base import Bot
from hellenes_nb.bots.random_bot import RandomBot
from hellenes_nb.core.game import Game


class MistakesBot(Bot):
    """``base``'s choice, except that a share ``mistakes`` of the decisions with a choice is a
    uniformly random legal action (the easy level). Deterministic for a seed."""

    name = "easy"
    mistakes = 0.25
    base: type[Bot] = RandomBot

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed * 7919 + 1)
        self.inner = self.base(seed)

    def choose(self, game: Game, side: str) -> dict:
        legal = self._legal(game, side)
        if len(legal) > 1 and self.rng.random() < self.mistakes:
            return self.rng.choice(legal)
        return self.inner.choose(game, side)
