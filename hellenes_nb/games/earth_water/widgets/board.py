"""The board of *300: Earth & Water* as a widget (docs/earth-water.md, "Playing in a notebook").

:class:`EWBoardView` is the board alone: drawn in Python from ``Game.view(viewer)``
(:mod:`hellenes_nb.games.earth_water.render`), a click on a city lighting where its pieces may
go. The shared dashboard (``Dashboard("earth-water")``) puts it beside its panels, where every
decision is taken; the lesson widget shows it, for looking only, beside a lesson's text.

:func:`EWBoard` is kept for notebooks written for the older standalone board (issue 27 item 2):
it only opens the shared dashboard with the same game, sides, level and size.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

from hellenes_nb.core.echo import shown
from hellenes_nb.core.game import Game, new_game
from hellenes_nb.core.session import GameSession
from hellenes_nb.games.earth_water.render import SIZES, board_svg
from hellenes_nb.games.earth_water.ui import battle_rounds
from hellenes_nb.widgets.browser_writes import BrowserWrites
from hellenes_nb.widgets.requests import BrowserRequests

__all__ = ["EWBoard", "EWBoardView", "battle_rounds"]

_STATIC = Path(__file__).parent / "static"
SIDES = ("greece", "persia")


def EWBoard(game: Game | None = None, *, seed: int = 0,  # noqa: N802 (the old class's name)
            player: str | None = "greece", opponent: str = "heuristic",
            level: str | None = None, size: str = "normal", **_old: Any) -> Any:
    """The shared dashboard for *300: Earth & Water*, called as the old standalone board was:
    ``player`` is your side against the computer (``opponent``, or ``level``: easy, normal,
    hard) or None for hot-seat; ``size="classroom"`` for a projector. Returns a
    ``Dashboard``; its ``choose``, ``undo``, ``save``, ``ready`` and ``open_replay`` are the
    Python calls (docs/dashboard.md). ``EWBoard.load(text)`` is ``Dashboard.load(text,
    game="earth-water")``."""
    from hellenes_nb.widgets.dashboard import Dashboard

    if player is not None and player not in SIDES:
        raise ValueError(f"player must be 'greece', 'persia' or None (hot-seat), not "
                         f"{shown(player)}")
    game = game if game is not None else new_game("earth-water", seed)
    if player is None:
        return Dashboard(game=game, mode="hotseat", size=size)
    dash = Dashboard(game=game, mode="bot", human=player, bot=opponent, size=size)
    if level is not None:
        dash.set_level(level)
    return dash


def _load(text: str | bytes, **options: Any) -> Any:
    from hellenes_nb.widgets.dashboard import Dashboard

    return Dashboard.load(text, game="earth-water", **options)


EWBoard.load = _load  # type: ignore[attr-defined]


class EWBoardView(BrowserRequests, BrowserWrites, anywidget.AnyWidget):
    """The Earth & Water board inside the shared dashboard (``Dashboard("earth-water")``; the
    game's dashboard part names it): the board drawn in Python from the ``viewer``'s view, and
    nothing at all under the ``curtain`` (a hot-seat hand-over). A click on a city lights
    where its pieces may go now (:meth:`select`); every decision is taken on the dashboard's
    panel. It redraws itself once per change of the game's session."""

    _esm = _STATIC / "board.js"  # its ``part`` mode
    _css = _STATIC / "board.css"
    requests = {"select": "_request_select"}
    refusals = (ValueError,)

    #: tells the page to draw the board alone (the dashboard has the panels)
    part = traitlets.Bool(True).tag(sync=True)
    svg = traitlets.Unicode("").tag(sync=True)
    viewer = traitlets.Unicode("greece").tag(sync=True)
    curtain = traitlets.Bool(False).tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    #: what the board says of the selected city, in words
    note = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    size = traitlets.Unicode("normal").tag(sync=True)

    def __init__(self, session: GameSession | None = None, *, game: Game | None = None,
                 viewer: str = "greece", curtain: bool = False, size: str = "normal") -> None:
        if size not in SIZES:
            raise ValueError(f"size must be 'normal' or 'classroom', not {shown(size)}")
        if viewer not in (*SIDES, "all"):
            raise ValueError(f"viewer must be 'greece', 'persia' or 'all', not {shown(viewer)}")
        super().__init__(viewer=viewer, curtain=curtain, size=size)
        self.session = session or GameSession(game or new_game("earth-water", 0))
        self.session.observe(lambda *_: self._changed())
        self.observe(lambda _ch: self.refresh(), names=["viewer", "curtain", "size"])
        self.renders = 0
        self.refresh()

    @property
    def game(self) -> Game:
        return self.session.game

    def _changed(self) -> None:
        if self.selected:
            self.selected = ""  # a city picked in the position before
        self.refresh()

    def select(self, city: str) -> None:
        """Light where the pieces in ``city`` may go now ("" lights nothing)."""
        if self.curtain:
            raise ValueError("the board is hidden while the screen is handed over")
        ids = {c["id"] for c in self.game.view("all")["cities"]}
        if city and city not in ids:
            raise ValueError(f"{shown(city)} is not a city of the board")
        self.selected = city
        self.refresh()

    def lit(self) -> frozenset[str]:
        """The cities the viewer's pieces in the selected city may go to now."""
        city = self.selected
        if not city or self.viewer not in _deciding(self.game):
            return frozenset()
        return frozenset(a["to"] for a in self.game.legal_actions(self.viewer)
                         if a.get("from") == city and "to" in a)

    def refresh(self) -> None:
        """Draw the board as the viewer sees it (nothing under the curtain)."""
        self.renders += 1
        self.message = ""
        if self.curtain:
            self.svg, self.selected, self.note = "", "", ""
            return
        city = self.selected
        views = getattr(self, "views", None)  # a dashboard hands its own (one a change)
        view = views(self.viewer) if views else self.game.view(self.viewer)
        lit = self.lit()
        name = next((c["name"] for c in view["cities"] if c["id"] == city), city)
        self.note = ("" if not city else f"Lit: where the pieces in {name} may go now."
                     if lit else f"{name}: none of your pieces there may move now.")
        self.svg = board_svg(view, lit=lit | ({city} if city else frozenset()), size=self.size)

    def refuse(self, message: str) -> None:
        self.message = message

    def _request_select(self, content: dict) -> None:
        city = content.get("city", "")
        self.select(city if isinstance(city, str) else shown(city))


def _deciding(game: Game) -> tuple[str, ...]:
    side = game.prompt.side
    return SIDES if side == "both" else (side,) if side in SIDES else ()
