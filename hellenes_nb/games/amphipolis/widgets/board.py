"""The board of *Amphipolis* as a widget (docs/amphipolis.md, "Playing in a notebook").

:class:`AmphipolisBoard` is the board alone, drawn in Python from ``Game.view(viewer)``
(:mod:`.render`), so nothing the viewer may not see (the other side's strategems) reaches the
page; a click on a zone's box lights where the viewer's pieces there may go now. The shared
dashboard (``Dashboard("amphipolis-10.2")``) puts it beside its panels, where every decision is
taken. It reads the view only, never the game's rules.

It lives with its game (this package), not under ``widgets/``, so that no generic module names
the game; it takes the two small mixins every board uses from ``widgets/`` (what the page may
write, and the page's requests)."""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

from hellenes_nb.core.echo import shown
from hellenes_nb.core.game import Game, new_game
from hellenes_nb.core.session import GameSession
from hellenes_nb.games.amphipolis.render import SIZES, board_svg
from hellenes_nb.widgets.browser_writes import BrowserWrites
from hellenes_nb.widgets.requests import BrowserRequests

__all__ = ["AmphipolisBoard"]

SIDES = ("athens", "sparta")


class AmphipolisBoard(BrowserRequests, BrowserWrites, anywidget.AnyWidget):
    """The operational map and rear bases (module docstring); nothing at all under the
    ``curtain`` (a hot-seat hand-over). It redraws itself once per change of the session."""

    _esm = Path(__file__).parent / "static" / "board.js"
    requests = {"select": "_request_select"}
    refusals = (ValueError,)

    svg = traitlets.Unicode("").tag(sync=True)
    viewer = traitlets.Unicode("athens").tag(sync=True)
    curtain = traitlets.Bool(False).tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    note = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    size = traitlets.Unicode("normal").tag(sync=True)

    def __init__(self, session: GameSession | None = None, *, game: Game | None = None,
                 viewer: str = "athens", curtain: bool = False, size: str = "normal") -> None:
        if size not in SIZES:
            raise ValueError(f"size must be 'normal' or 'classroom', not {shown(size)}")
        if viewer not in (*SIDES, "all"):
            raise ValueError(f"viewer must be 'athens', 'sparta' or 'all', not {shown(viewer)}")
        super().__init__(viewer=viewer, curtain=curtain, size=size)
        self.session = session or GameSession(game or new_game("amphipolis-10.2", 0))
        self.session.observe(lambda *_: self._changed())
        self.observe(lambda _ch: self.refresh(), names=["viewer", "curtain", "size"])
        self.renders = 0
        self.refresh()

    @property
    def game(self) -> Game:
        return self.session.game

    def _changed(self) -> None:
        if self.selected:
            self.selected = ""
        self.refresh()

    def select(self, zone: str) -> None:
        """Light where the viewer's pieces in ``zone`` may go now ("" lights nothing)."""
        if self.curtain:
            raise ValueError("the board is hidden while the screen is handed over")
        ids = {z["id"] for z in self.game.view("all")["zones"]}
        if zone and zone not in ids:
            raise ValueError(f"{shown(zone)} is not a zone of the board")
        self.selected = zone
        self.refresh()

    def lit(self) -> frozenset[str]:
        """The zones the viewer's pieces in the selected zone may reach by an operation now."""
        zone = self.selected
        if not zone or self.game.prompt.side != self.viewer:
            return frozenset()
        return frozenset(a["to"] for a in self.game.legal_actions(self.viewer)
                         if a.get("from") == zone and "to" in a)

    def refresh(self) -> None:
        """Draw the board as the viewer sees it (nothing under the curtain)."""
        self.renders += 1
        self.message = ""
        if self.curtain:
            self.svg, self.selected, self.note = "", "", ""
            return
        zone = self.selected
        views = getattr(self, "views", None)  # a dashboard hands its own (one a change)
        view = views(self.viewer) if views else self.game.view(self.viewer)
        lit = self.lit()
        name = next((z["name"] for z in view["zones"] if z["id"] == zone), zone)
        self.note = ("" if not zone else f"Lit: where an operation from {name} may go now."
                     if lit else f"{name}: no operation of yours may start there now.")
        self.svg = board_svg(view, lit=lit | ({zone} if zone else frozenset()), size=self.size)

    def refuse(self, message: str) -> None:
        self.message = message

    def _request_select(self, content: dict) -> None:
        zone = content.get("zone", "")
        self.select(zone if isinstance(zone, str) else shown(zone))
