"""The easy level of *Athens & Sparta* (:mod:`hellenes_nb.bots.levels`): the heuristic bot
with a random legal choice on a quarter of its decisions that have one."""

from __future__ import annotations

from hellenes_nb.bots.mistakes import MistakesBot
from hellenes_nb.games.athens_sparta.bots.heuristic import HeuristicBot

__all__ = ["EasyBot"]


class EasyBot(MistakesBot):
    base = HeuristicBot
    games = ("athens-sparta",)
