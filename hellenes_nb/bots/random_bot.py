"""The baseline opponent: a uniformly random legal action (the bottom of the strength ladder,
../shared/reference/performance.md)."""

from __future__ import annotations

import random

from hellenes_nb.bots.base import Bot
from hellenes_nb.core.game import Game


class RandomBot(Bot):
    """Picks uniformly among ``game.legal_actions(side)`` with its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, game: Game, side: str) -> dict:
        return self.rng.choice(self._legal(game, side))
