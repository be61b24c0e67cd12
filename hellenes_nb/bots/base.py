"""The interface every computer opponent follows (docs/bots.md).

A bot answers one question: given a game and the role it plays, which of that role's legal
actions does it take now? It must return one of ``game.legal_actions(side)`` exactly (the engine
matches on the non-label keys, so returning the dict from the list is the simplest way). The
roles are the game's own (``game.ruleset.roles``; Hellenes: athens and sparta).
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from hellenes_nb.core.game import Game


class BotError(ValueError):
    """A bot was asked to move when it cannot (wrong side, nothing to decide, wrong game)."""


class Bot(ABC):
    """A computer opponent: ``choose(game, side) -> action``."""

    #: short name used by ``hellenes match`` (``random``, ``heuristic``)
    name = "bot"
    #: the games (ruleset names) it plays; None: every game
    games: tuple[str, ...] | None = None
    #: True for a bot that takes a thinking budget (``iterations=``, ``seconds=``: the search)
    thinks = False

    @abstractmethod
    def choose(self, game: Game, side: str) -> dict:
        """One of ``game.legal_actions(side)``; :class:`BotError` when ``side`` has no decision."""

    def _legal(self, game: Game, side: str) -> list[dict]:
        """The legal actions of ``side`` now; bad sides and empty choices refused in words."""
        roles = game.ruleset.roles
        if self.games is not None and game.ruleset.name not in self.games:
            raise BotError(f"the {self.name} bot plays {' or '.join(self.games)}, not "
                           f"{game.ruleset.name}")
        if side not in roles:
            raise BotError(f"a bot plays {' or '.join(repr(r) for r in roles)}, not {side!r}")
        legal = game.legal_actions(side)
        if not legal:
            who = game.prompt.side
            raise BotError(f"{side.title()} has no decision to take now (waiting for {who}: "
                           f"{game.prompt.text})")
        return legal


def deciding_sides(game: Game) -> list[str]:
    """The roles that have a decision now (two during simultaneous card play, Hellenes §3.3)."""
    roles = game.ruleset.roles
    who = game.prompt.side
    if who == "both":
        return [s for s in roles if game.legal_actions(s)]
    return [who] if who in roles else []
