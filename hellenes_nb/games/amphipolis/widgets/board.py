"""The board of *Amphipolis* as a widget (docs/amphipolis.md, "Playing in a notebook").

:class:`AmphipolisBoard` is the board alone, drawn in Python from ``Game.view(viewer)``
(:mod:`.render`), so nothing the viewer may not see (the other side's strategems) reaches the
page; a click on a zone's box lights where the viewer's pieces there may go now. The shared
dashboard (``Dashboard("amphipolis-10.2")``) puts it beside its panels, where every decision is
taken. It reads the view only, never the game's rules.

It lives with its game (this package), not under ``widgets/``, so that no generic module names
the game; it takes the frame every board part uses from ``widgets/placeboard.py``."""

from __future__ import annotations

from pathlib import Path

from hellenes_nb.games.amphipolis.render import SIZES, board_svg
from hellenes_nb.widgets.placeboard import PlaceBoard

__all__ = ["AmphipolisBoard"]

SIDES = ("athens", "sparta")


class AmphipolisBoard(PlaceBoard):
    """The operational map and rear bases (module docstring); nothing at all under the
    ``curtain`` (a hot-seat hand-over). It redraws itself once per change of the session."""

    _esm = Path(__file__).parent / "static" / "board.js"
    SIDES = SIDES
    SCENARIO = "amphipolis-10.2"
    PLACES, PLACE = "zones", "zone"
    SIZES = SIZES
    LIT = "Lit: where an operation from {name} may go now."
    NONE_LIT = "{name}: no operation of yours may start there now."
    draw = staticmethod(board_svg)
