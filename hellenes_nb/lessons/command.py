"""A live game in which a simple bot plays one side (``Lesson.take_command(opponent="bot")``).

The bot is deliberately plain: in battles, sieges and other steps whose first legal choice is
the engine's cautious default (fight on, no fortifying, first retreat) it takes that choice;
elsewhere it picks at random among the legal actions, with its own seeded generator so a class
can replay the same game. It is an opponent to explore a "what if", not a strategist.
"""

from __future__ import annotations

import random

from hellenes_nb.core.game import Game

__all__ = ["BotGame", "CAUTIOUS_STEPS"]

#: frame kinds whose first legal choice is the cautious default (Hellenes' battle and siege steps)
CAUTIOUS_STEPS = frozenset({"battle", "capitulation", "attrition_hits", "rolls", "sortie",
                            "pillage_withdraw"})


class BotGame(Game):
    """A :class:`Game` whose ``apply`` lets the bot answer every decision of its side."""

    def __init__(self, game: Game, *, player: str, seed: int = 0):
        roles = game.ruleset.roles
        if player not in roles:
            raise ValueError(f"player must be one of {', '.join(roles)}, not {player!r}")
        self.player = player
        self.bot_side = next(r for r in roles if r != player)
        self._rng = random.Random(seed)
        super().__init__(game.ruleset, game.state.clone(), game.seed, history=game.history,
                         auto=game.auto)
        self.origin = game.origin
        self.bot_moves()

    def _bot_action(self) -> dict | None:
        if self.over:
            return None
        choices = self.legal_actions(self.bot_side)
        if not choices:
            return None
        if self.state.stack[-1].get("kind") in CAUTIOUS_STEPS:
            return choices[0]
        return self._rng.choice(choices)

    def bot_moves(self) -> list[dict]:
        """Let the bot take every decision that is now its own; returns the events."""
        events: list[dict] = []
        while (action := self._bot_action()) is not None:
            events += super().apply(action)
        return events

    def apply(self, action: dict) -> list[dict]:
        """Apply the player's action, then the bot's answers (events of both)."""
        events = super().apply(action)
        return events + self.bot_moves()

    def __repr__(self) -> str:
        return super().__repr__()[:-1] + f", bot plays {self.bot_side}>"
