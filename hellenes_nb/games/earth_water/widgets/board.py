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

import traitlets

from hellenes_nb.core.echo import shown
from hellenes_nb.core.game import Game, new_game
from hellenes_nb.games.earth_water.render import SIZES, board_svg
from hellenes_nb.games.earth_water.ui import battle_rounds
from hellenes_nb.widgets.placeboard import PlaceBoard

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


class EWBoardView(PlaceBoard):
    """The Earth & Water board inside the shared dashboard (``Dashboard("earth-water")``; the
    game's dashboard part names it): the board drawn in Python from the ``viewer``'s view, and
    nothing at all under the ``curtain`` (a hot-seat hand-over). A click on a city lights
    where its pieces may go now (:meth:`select`); every decision is taken on the dashboard's
    panel. It redraws itself once per change of the game's session."""

    _esm = _STATIC / "board.js"  # its ``part`` mode
    _css = _STATIC / "board.css"
    SIDES = SIDES
    SCENARIO = "earth-water"
    PLACES, PLACE = "cities", "city"
    SIZES = SIZES
    LIT = "Lit: where the pieces in {name} may go now."
    NONE_LIT = "{name}: none of your pieces there may move now."
    draw = staticmethod(board_svg)

    #: tells the page to draw the board alone (the dashboard has the panels)
    part = traitlets.Bool(True).tag(sync=True)
