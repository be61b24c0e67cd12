"""The easy level of *300: Earth & Water* (:mod:`hellenes_nb.bots.levels`): the heuristic bot,
making a random legal move on a quarter of its decisions that have a choice."""

from __future__ import annotations

from hellenes_nb.bots.mistakes import MistakesBot
from hellenes_nb.games.earth_water.bots.heuristic import HeuristicBot

__all__ = ["EasyBot"]


class EasyBot(MistakesBot):
    """``easy``: the heuristic with blunders (module docstring)."""

    base = HeuristicBot
    games = ("earth-water",)
