"""Bots by name, for ``hellenes match`` and notebooks."""

from __future__ import annotations

from hellenes_nb.bots.base import Bot, BotError
from hellenes_nb.bots.random_bot import RandomBot
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name (``random`` or ``heuristic``) with its seed."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise BotError(f"unknown bot {name!r}: choose one of {', '.join(sorted(BOTS))}") from None
