"""One game shared by the widgets that show it (docs/architecture.md, "The path of one click").

A :class:`GameSession` wraps a :class:`~hellenes_nb.core.game.Game`. The dashboard, its map and
battle board, and a lesson's map read ``session.game`` and change it only through the session
(:meth:`~GameSession.apply`, :meth:`~GameSession.go`, :meth:`~GameSession.undo`,
:meth:`~GameSession.load`), which tells every observer exactly once per change; nobody counts
moves to find out whether something happened. Changes made while the observers are being told
(the computer answering a move, say) start the round again, so every observer hears of the
latest position once, and changes made inside :meth:`~GameSession.batch` are told once at its
end.

The session also keeps the label of every move as it was played (``labels``, one per entry of
``game.history``): the label each action brings with it, as the engine gave it in
``legal_actions``, ``prompt.choices`` or ``targets`` (None where it is not known, e.g. the
moves of a loaded save or an action written without one; the replay then names that move from
the position before it). A move to a destination goes through the atomic ``Game.go``: when a
later move of its route is refused, none of it stays applied.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from hellenes_nb.core.echo import cut
from hellenes_nb.core.game import Game

__all__ = ["GameSession", "Observer"]

#: ``observer(change)`` with change "apply", "undo" or "load"
Observer = Callable[[str], Any]
#: changes told together are told as the weightiest (a load replaces the game, an undo the
#: position; an observer that drops its selection on either must hear of it)
_WEIGHT = {"apply": 0, "undo": 1, "load": 2}


def _weightier(a: str | None, b: str) -> str:
    return b if a is None or _WEIGHT[b] >= _WEIGHT[a] else a


class GameSession:
    """A game and the observers told of each change to it (module docstring)."""

    def __init__(self, game: Game) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"a session holds a hellenes_nb Game, not {type(game).__name__}")
        self._game = game
        self._observers: list[Observer] = []
        self.labels: list[str | None] = [None] * len(game.history)
        self._held = 0
        self._pending: str | None = None
        self._telling = False
        self._again: str | None = None

    @property
    def game(self) -> Game:
        """The game now (a load or an undo may put another Game object here)."""
        return self._game

    # -- observers ----------------------------------------------------------------------------
    def observe(self, observer: Observer) -> None:
        """Call ``observer(change)`` once after every change."""
        if not callable(observer):
            raise TypeError(f"an observer is a function taking the change, not {observer!r}")
        self._observers.append(observer)

    def unobserve(self, observer: Observer) -> None:
        self._observers.remove(observer)

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Tell the observers once, at the end, of every change made inside."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
            if not self._held and self._pending is not None:
                change, self._pending = self._pending, None
                self._changed(change)

    def _changed(self, change: str) -> None:
        if self._held:
            self._pending = _weightier(self._pending, change)
            return
        if self._telling:  # an observer changed the game: start the round again
            self._again = _weightier(self._again, change)
            return
        self._telling = True
        try:
            while change:
                told, self._again = change, None
                for observer in list(self._observers):
                    observer(told)
                    if self._again is not None:
                        break
                change = _weightier(told, self._again) if self._again else ""
        finally:
            self._telling = False

    # -- changes ------------------------------------------------------------------------------
    def apply(self, action: dict) -> list[dict]:
        """``game.apply(action)``, the label the action brings kept for the replay; refused
        actions change nothing and tell nobody."""
        before = len(self._game.history)
        events = self._game.apply(action)
        added = len(self._game.history) - before  # the action, then the computer's minor answers
        self._keep(before, [_label(action), *[None] * (added - 1)])
        self._changed("apply")
        return events

    def go(self, side: str, piece: str, destination: str) -> list[dict]:
        """``game.go``: the moves that take a piece to a destination, all or none (a route
        refused halfway leaves the game as it was), told as one change."""
        before, labels = len(self._game.history), []
        events = self._game.go(side, piece, destination, labels=labels)
        self._keep(before, labels)
        self._changed("apply")
        return events

    def _keep(self, before: int, labels: list[str | None]) -> None:
        """The labels of the moves just added after the first ``before`` of the history."""
        self.labels = [*(self.labels + [None] * before)[:before], *labels]

    def undo(self, count: int = 1) -> None:
        """Take back the last ``count`` actions, all or none (IllegalAction when a die roll
        or a reveal stands in the way, game unchanged)."""
        trial = self._game.clone()
        for _ in range(count):
            trial.undo()
        self._game = trial
        del self.labels[len(trial.history):]
        self._changed("undo")

    def load(self, game: Game) -> None:
        """Put another game in the session (a save, a lesson's position): the labels of the
        moves both games share are kept."""
        if not isinstance(game, Game):
            raise TypeError(f"a session holds a hellenes_nb Game, not {type(game).__name__}")
        n = len(game.history)
        same = n <= len(self._game.history) and game.history == self._game.history[:n]
        self.labels = self.labels[:n] if same else [None] * n
        self._game = game
        self._changed("load")

    def __repr__(self) -> str:
        return f"<GameSession {self._game!r}, {len(self._observers)} observer(s)>"


#: the longest label kept for a move (an engine's label is a line; anything longer is cut)
MAX_LABEL = 300


def _label(action: Any) -> str | None:
    """The label an action brings: the engine's, when the action was taken from
    ``legal_actions``, ``prompt.choices`` or ``targets`` as every widget and bot does (the
    session does not list the legal actions again to check it); None when it brings none."""
    label = action.get("label") if isinstance(action, dict) else None
    return cut(label, MAX_LABEL) if isinstance(label, str) else None
