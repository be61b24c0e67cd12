"""The computer across the table: who it is, and when and how it moves (docs/dashboard.md,
"Against the computer").

:class:`ComputerOpponent` is mixed into the dashboard. The computer answers whenever the
decision is its own: at once, or one move per ``bot_delay`` seconds when an event loop runs
(Jupyter), showing "thinking" meanwhile.
"""

from __future__ import annotations

import asyncio
from typing import Any

from hellenes_nb import bots
from hellenes_nb.bots import Bot
from hellenes_nb.bots.levels import LEVELS, level_bots, level_of, make_level
from hellenes_nb.bots.registry import bots_for
from hellenes_nb.core.echo import shown
from hellenes_nb.core.steps import IllegalAction

__all__ = ["MAX_BOT_RUN", "ComputerOpponent", "make_bot", "seats_swapped"]

#: the hard level's thinking time a decision, in seconds (docs/bots.md, "Levels")
HARD_SECONDS = 1.8

#: the most decisions the computer takes in one go (a guard against a bot that never stops)
MAX_BOT_RUN = 5000


def make_bot(bot: str | Bot | None, seed: int, ruleset: Any = None) -> tuple[Bot, str]:
    """The opponent and its name: a bot of ``hellenes_nb.bots`` by name (``"heuristic"``, the
    default, or ``"random"``) that plays ``ruleset``'s game, seeded with the game's seed; or
    any object with ``choose(game, side)``."""
    if bot is None or isinstance(bot, str):
        name = bot or "heuristic"
        known = bots.BOTS if ruleset is None else bots_for(ruleset)
        if name not in known:
            raise ValueError(f"bot must be one of {', '.join(sorted(known))} or an object "
                             f"with choose(game, side), not {shown(bot)}")
        return bots.make_bot(name, seed, ruleset), name
    if not callable(getattr(bot, "choose", None)):
        raise TypeError(f"a bot needs a choose(game, side) method; "
                        f"{type(bot).__name__} has none")
    return bot, type(bot).__name__


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def seats_swapped(game: Any) -> bool:
    """Whether the game's players changed seats (a ruleset with an auction for sides says so
    by its ``seats_swapped(state)``; the others never do)."""
    said = getattr(game.ruleset, "seats_swapped", None)
    return bool(said(game.state)) if said is not None else False


class ComputerOpponent:
    """The computer's moves on the dashboard (module docstring). The dashboard gives
    ``mode``, ``bot``, ``bot_side``, ``bot_name``, ``bot_delay``, ``session``, ``game``,
    ``message``, ``attempt``, ``_legal``, ``_refresh``, ``sides`` and ``_seat`` (the side the
    player took, which ``human`` follows when a game's auction for sides changes seats:
    :func:`seats_swapped`)."""

    _thinking = False
    _driving = False
    _stalled = False  # the computer ran MAX_BOT_RUN moves without handing back
    _gen = 0  # bumped when the position is replaced: delayed moves of the old one lapse

    @property
    def thinking(self) -> bool:
        """True while the computer is choosing its answer."""
        return self._thinking

    @property
    def level(self) -> str | None:
        """The computer's level (``easy``, ``normal``, ``hard``), or None for another bot."""
        return level_of(self.game.ruleset, self.bot_name) if self.mode == "bot" else None

    def set_level(self, level: str) -> None:
        """Play on against the computer at ``level`` (bots/levels.py): easy, normal or hard
        (the search, thinking about HARD_SECONDS a decision, "thinking…" shown meanwhile)."""
        if self.mode != "bot":
            raise ValueError("there is no computer opponent in hot-seat mode")
        if level not in LEVELS:
            raise ValueError(f"the level must be one of {', '.join(LEVELS)}, not {level!r}")
        self.bot = make_level(level, self.game.seed, self.game.ruleset, seconds=HARD_SECONDS)
        self.bot_name = level_bots(self.game.ruleset)[level]
        picker = getattr(self, "level_picker", None)
        if picker is not None and picker.value != level:
            picker.value = level
        self._refresh()

    def play_bot_turns(self) -> int:
        """Let the computer take every decision that is its own, now; returns how many."""
        if self.mode != "bot":
            raise ValueError("there is no computer opponent in hot-seat mode")
        n = 0
        self._driving = True  # the change told at the end of the batch only redraws
        try:
            with self.session.batch():
                while self._bot_due():
                    if n >= MAX_BOT_RUN:
                        self._stalled = True
                        raise RuntimeError(f"the computer took {MAX_BOT_RUN} decisions in a "
                                           "row without handing back: stopped")
                    self._bot_move()
                    n += 1
                self._thinking = False
        finally:
            self._driving = False
        if not n:
            self._refresh()
        return n

    def _lapse(self) -> None:
        """Pending computer moves of the position being replaced lapse."""
        self._gen += 1
        self._thinking = self._stalled = False

    def _other(self, side: str) -> str:
        return next(s for s in self.sides if s != side)

    def player_side(self, game: Any) -> str:
        """The side the player at the screen plays in ``game`` against the computer: its
        seat's, or the other once an auction for sides changed seats (an undo reads each
        decision against the seats as they were when it was taken)."""
        return self._other(self._seat) if seats_swapped(game) else self._seat

    def _follow_seats(self) -> None:
        """Against the computer, the player plays the other side once an auction for sides
        has changed seats (and its own again when an undo takes that back)."""
        if self.mode != "bot":
            return
        side = self.player_side(self.game)
        if side != self.human:
            self.human, self.bot_side, self.viewer = side, self._other(side), side

    def _bot_due(self) -> bool:
        self._follow_seats()  # whose turn it is depends on who sits where
        return (self.mode == "bot" and not self.game.over
                and bool(self._legal(self.bot_side)))

    def _bot_move(self) -> None:
        assert self.bot is not None and self.bot_side is not None
        action = self.bot.choose(self.game, self.bot_side)
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            raise RuntimeError(f"the computer ({self.bot_name}) chose a move the rules refuse: "
                               f"{exc}") from exc

    def _drive(self) -> None:
        """Let the computer answer: at once, or one move per ``bot_delay`` seconds when an
        event loop runs (Jupyter)."""
        if not self._bot_due():
            return
        loop = _running_loop()
        # a bot that thinks for a while moves a moment later, so "thinking…" reaches the page
        delay = max(self.bot_delay, 0.05 if getattr(self.bot, "thinks", False) else 0.0)
        if delay <= 0 or loop is None:
            self.attempt(self.play_bot_turns)
            return
        self._thinking = True
        self._refresh()
        loop.call_later(delay, self._bot_tick, self._gen)

    def _bot_tick(self, gen: int) -> None:
        """One delayed computer move; the session's change draws it and drives the next."""
        if gen != self._gen:
            return
        try:
            self._bot_move()
        except (RuntimeError, ValueError) as exc:
            self._thinking = False
            self.message = f"⚠ {exc}"
            self._refresh()
