"""The interface every computer opponent follows (docs/bots.md).

A bot answers one question: given a game and the side it plays, which of that side's legal
actions does it take now? It must return one of ``game.legal_actions(side)`` exactly (the engine
matches on the non-label keys, so returning the dict from the list is the simplest way).
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from hellenes_nb.core.game import Game

SIDES = ("athens", "sparta")


class BotError(ValueError):
    """A bot was asked to move when it cannot (wrong side, nothing to decide)."""


class Bot(ABC):
    """A computer opponent: ``choose(game, side) -> action``."""

    #: short name used by ``hellenes match`` (``random``, ``heuristic``)
    name = "bot"

    @abstractmethod
    def choose(self, game: Game, side: str) -> dict:
        """One of ``game.legal_actions(side)``; :class:`BotError` when ``side`` has no decision."""

    def _legal(self, game: Game, side: str) -> list[dict]:
        """The legal actions of ``side`` now; bad sides and empty choices refused in words."""
        if side not in SIDES:
            raise BotError(f"a bot plays 'athens' or 'sparta', not {side!r}")
        legal = game.legal_actions(side)
        if not legal:
            who = game.prompt.side
            raise BotError(f"{side.title()} has no decision to take now (waiting for {who}: "
                           f"{game.prompt.text})")
        return legal


def deciding_sides(game: Game) -> list[str]:
    """The sides that have a decision now (two during simultaneous card play, §3.3)."""
    who = game.prompt.side
    if who == "both":
        return [s for s in SIDES if game.legal_actions(s)]
    return [who] if who in SIDES else []
