"""What a replay shows of each position, per game (:class:`~.replay.ReplayViewer`).

A face draws a position for one viewer and names it in a heading; it reads only the public
``Game`` API (``game.view(viewer)``, ``game.state`` for the map widget) and the game's plugin
record (``board_svg``, ``replay_heading``: :mod:`hellenes_nb.core.catalog`), so the replay of
any game shows only what the viewing side may see.
"""

from __future__ import annotations

from typing import Protocol

import ipywidgets as W

from hellenes_nb.core.catalog import plugin_for
from hellenes_nb.core.game import Game
from hellenes_nb.widgets.map import MapWidget

__all__ = ["Face", "face_for"]


class Face(Protocol):
    widget: W.DOMWidget

    def draw(self, game: Game) -> None: ...

    def heading(self, game: Game) -> str: ...


def _heading(game: Game, viewer: str) -> str:
    heading = plugin_for(game.ruleset).replay_heading
    return "" if heading is None else heading(game, viewer)


class MapFace:
    """A game without a drawing of its own (Hellenes): the read-only map widget; the game's
    heading (Hellenes: the season, year and prestige)."""

    def __init__(self, game: Game, viewer: str) -> None:
        self.viewer = viewer
        self.widget = MapWidget(game.clone(), viewer=viewer)
        self.widget.playable = False

    def draw(self, game: Game) -> None:
        self.widget.game = game
        self.widget.playable = False

    def heading(self, game: Game) -> str:
        return _heading(game, self.viewer)


class SvgFace:
    """A game that draws a view itself (``GamePlugin.board_svg``; 300: Earth & Water): the
    board drawn in Python from the viewer's view; the game's heading (the campaign and the
    score)."""

    def __init__(self, game: Game, viewer: str) -> None:
        self.viewer = viewer
        self.draw_view = plugin_for(game.ruleset).board_svg
        self.widget = W.HTML()
        self.widget.add_class("hn-rp-board")

    def draw(self, game: Game) -> None:
        self.widget.value = self.draw_view(game.view(self.viewer))

    def heading(self, game: Game) -> str:
        return _heading(game, self.viewer)


def face_for(game: Game, viewer: str) -> Face:
    """The face of ``game``: its own drawing when its plugin has one, else the map widget."""
    face = SvgFace if plugin_for(game.ruleset).board_svg is not None else MapFace
    return face(game, viewer)
