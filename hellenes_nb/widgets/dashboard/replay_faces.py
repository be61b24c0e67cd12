"""What a replay shows of each position, per game (:class:`~.replay.ReplayViewer`).

A face draws a position for one viewer and names it in a heading; it reads only the public
``Game`` API (``game.view(viewer)``, ``game.state`` for Hellenes' map widget), so the replay of
either game shows only what the viewing side may see.
"""

from __future__ import annotations

from typing import Protocol

import ipywidgets as W

from hellenes_nb.core.game import Game
from hellenes_nb.games.earth_water.render import board_svg
from hellenes_nb.games.hellenes.index import SEASONS
from hellenes_nb.widgets.map import MapWidget

__all__ = ["Face", "face_for"]


class Face(Protocol):
    widget: W.DOMWidget

    def draw(self, game: Game) -> None: ...

    def heading(self, game: Game) -> str: ...


class MapFace:
    """Hellenes: the read-only map widget; the season, year and prestige."""

    def __init__(self, game: Game, viewer: str) -> None:
        self.widget = MapWidget(game.clone(), viewer=viewer)
        self.widget.playable = False

    def draw(self, game: Game) -> None:
        self.widget.game = game
        self.widget.playable = False

    def heading(self, game: Game) -> str:
        st = game.state
        return f"{SEASONS[st.season]} {st.year} BC · prestige {st.prestige:+d}"


class SvgFace:
    """300: Earth & Water: the board drawn in Python from the viewer's view; the campaign and
    the score (§4.5)."""

    def __init__(self, game: Game, viewer: str) -> None:
        self.viewer = viewer
        self.widget = W.HTML()
        self.widget.add_class("hn-rp-board")

    def draw(self, game: Game) -> None:
        self.widget.value = board_svg(game.view(self.viewer))

    def heading(self, game: Game) -> str:
        view = game.view(self.viewer)
        return f"campaign {view['campaign']} of {view['campaigns']} · score {view['score']:+d}"


FACES = {"earth-water": SvgFace}


def face_for(game: Game, viewer: str) -> Face:
    """The face of ``game``'s ruleset (the Hellenes map for any other)."""
    return FACES.get(game.ruleset.name, MapFace)(game, viewer)
