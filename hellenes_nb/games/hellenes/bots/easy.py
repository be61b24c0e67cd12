"""``easy``: the heuristic bot with a blunder now and then (the easy level, docs/bots.md)."""

from __future__ import annotations

from hellenes_nb.bots.mistakes import MistakesBot
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot


class EasyBot(MistakesBot):
    """The heuristic bot; a quarter of its decisions with a choice are random legal actions."""

    games = ("hellenes",)
    base = HeuristicBot
