"""What a replay shows of each position (:class:`~.replay.ReplayViewer`), for every game.

A face shows a position on the game's own dashboard board (``ScreenKit.board``, the widget the
game is played on), for one viewer, look-only, and names the position in a heading (the game's
``replay_heading``). It reads only the public ``Game`` API and the game's plugin record
(:mod:`hellenes_nb.core.catalog`), so the replay of any game shows only what the viewing side
may see, drawn as the players saw it.
"""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.catalog import plugin_for
from hellenes_nb.core.game import Game
from hellenes_nb.core.session import GameSession
from hellenes_nb.widgets.dashboard.parts import screen_for, widget_class

__all__ = ["BoardFace", "face_for"]


class BoardFace:
    """The replay's board: the game's dashboard board over a session of its own, shown to
    ``viewer``, that answers no click that would play (``playable`` off where the board has it;
    the session holds a copy, so nothing done on it reaches the game replayed)."""

    def __init__(self, game: Game, viewer: str) -> None:
        self.viewer = viewer
        self._heading = plugin_for(game.ruleset).replay_heading
        self.session = GameSession(game.clone())
        self.widget: Any = widget_class(screen_for(game).board)(session=self.session,
                                                                 viewer=viewer)
        self.widget.add_class("hn-rp-board")
        self._look_only()

    def _look_only(self) -> None:
        if hasattr(self.widget, "playable"):
            self.widget.playable = False

    def draw(self, game: Game) -> None:
        """Show ``game``'s position (a copy of it)."""
        self.session.load(game.clone())
        self._look_only()

    def heading(self, game: Game) -> str:
        return "" if self._heading is None else self._heading(game, self.viewer)


def face_for(game: Game, viewer: str) -> BoardFace:
    """The face of ``game``: its own board, for ``viewer``."""
    return BoardFace(game, viewer)
