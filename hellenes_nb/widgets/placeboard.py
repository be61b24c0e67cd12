"""The frame every board part of the shared dashboard is built on when its game draws the
board in Python (Earth & Water, Amphipolis): the board alone, drawn from ``Game.view(viewer)``
so nothing the viewer may not see reaches the page, nothing under the ``curtain`` (a hot-seat
hand-over), and a click on a place lighting where the viewer's pieces there may go now. A game
subclasses :class:`PlaceBoard` with its sides, its places' word and its drawing function; every
decision is taken on the dashboard's panels. It reads the view and the legal actions only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import anywidget
import traitlets

from hellenes_nb.core.echo import shown
from hellenes_nb.core.game import Game, new_game
from hellenes_nb.core.session import GameSession
from hellenes_nb.widgets.browser_writes import BrowserWrites
from hellenes_nb.widgets.requests import BrowserRequests

__all__ = ["PlaceBoard"]


def _either(words: tuple[str, ...]) -> str:
    *first, last = [repr(w) for w in words]
    return f"{', '.join(first)} or {last}" if first else last


class PlaceBoard(BrowserRequests, BrowserWrites, anywidget.AnyWidget):
    """A game's board part (module docstring). A subclass sets ``_esm``, ``SIDES``,
    ``SCENARIO`` (the game a bare board opens), ``PLACES`` (the view's list of places),
    ``PLACE`` (its word, and the page's request field), ``SIZES``, ``LIT`` and ``NONE_LIT``
    (the note's words, with ``{name}``) and ``draw(view, lit=, size=)`` as a staticmethod."""

    SIDES: ClassVar[tuple[str, ...]]
    SCENARIO: ClassVar[str]
    PLACES: ClassVar[str]
    PLACE: ClassVar[str]
    SIZES: ClassVar[tuple[str, ...]]
    LIT: ClassVar[str]
    NONE_LIT: ClassVar[str]
    draw: ClassVar[Callable[..., str]]

    requests = {"select": "_request_select"}
    refusals = (ValueError,)

    svg = traitlets.Unicode("").tag(sync=True)
    viewer = traitlets.Unicode("").tag(sync=True)
    curtain = traitlets.Bool(False).tag(sync=True)
    selected = traitlets.Unicode("").tag(sync=True)
    #: what the board says of the selected place, in words
    note = traitlets.Unicode("").tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    size = traitlets.Unicode("normal").tag(sync=True)

    def __init__(self, session: GameSession | None = None, *, game: Game | None = None,
                 viewer: str | None = None, curtain: bool = False, size: str = "normal",
                 **traits: Any) -> None:
        viewer = self.SIDES[0] if viewer is None else viewer
        if size not in self.SIZES:
            raise ValueError(f"size must be {_either(self.SIZES)}, not {shown(size)}")
        if viewer not in (*self.SIDES, "all"):
            raise ValueError(f"viewer must be {_either((*self.SIDES, 'all'))}, not "
                             f"{shown(viewer)}")
        super().__init__(viewer=viewer, curtain=curtain, size=size, **traits)
        self.session = session or GameSession(game or new_game(self.SCENARIO, 0))
        self.session.observe(lambda *_: self._changed())
        self.observe(lambda _ch: self.refresh(), names=["viewer", "curtain", "size"])
        self.renders = 0
        self.refresh()

    @property
    def game(self) -> Game:
        return self.session.game

    def _changed(self) -> None:
        if self.selected:
            self.selected = ""  # a place picked in the position before
        self.refresh()

    def select(self, place: str) -> None:
        """Light where the viewer's pieces in ``place`` may go now ("" lights nothing)."""
        if self.curtain:
            raise ValueError("the board is hidden while the screen is handed over")
        ids = {p["id"] for p in self.places(self.game.view("all"))}
        if place and place not in ids:
            raise ValueError(f"{shown(place)} is not a {self.PLACE} of the board")
        self.selected = place
        self.refresh()

    def places(self, view: dict) -> list[dict]:
        """The board's places (``id`` and ``name`` each): the view's ``PLACES`` list."""
        return view[self.PLACES]

    def _deciding(self) -> tuple[str, ...]:
        side = self.game.prompt.side
        return self.SIDES if side == "both" else (side,) if side in self.SIDES else ()

    def lit(self) -> frozenset[str]:
        """The places the viewer's pieces in the selected place may go to now."""
        place = self.selected
        if not place or self.viewer not in self._deciding():
            return frozenset()
        return frozenset(a["to"] for a in self.game.legal_actions(self.viewer)
                         if a.get("from") == place and "to" in a)

    def refresh(self) -> None:
        """Draw the board as the viewer sees it (nothing under the curtain)."""
        self.renders += 1
        self.message = ""
        if self.curtain:
            self.svg, self.selected, self.note = "", "", ""
            return
        place = self.selected
        views = getattr(self, "views", None)  # a dashboard hands its own (one a change)
        view = views(self.viewer) if views else self.game.view(self.viewer)
        lit = self.lit()
        name = next((p["name"] for p in self.places(view) if p["id"] == place), place)
        self.note = ("" if not place else (self.LIT if lit else self.NONE_LIT).format(name=name))
        self.svg = self.draw(view, lit=lit | ({place} if place else frozenset()), size=self.size)

    def refuse(self, message: str) -> None:
        self.message = message

    def _request_select(self, content: dict) -> None:
        place = content.get(self.PLACE, "")
        self.select(place if isinstance(place, str) else shown(place))
