"""How the dashboard's screen is laid out (docs/dashboard.md, "Room for the map").

:func:`build_screen` puts the widgets together: the header, the toolbar, the status line, then
the map (with the battle board, the prestige chart and the log under it) beside the side
panels (the decision, the hand, the cards in play). :class:`ScreenTools` is the toolbar's
layout part: full screen, the side panels under the map so the map takes the whole width, the
classroom size, and each panel folding away by its heading; all of it happens in the page,
with no round trip, except the size, which Python passes on to the map and the battle board.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import anywidget
import ipywidgets as W
import traitlets

from hellenes_nb.widgets.browser_writes import BrowserWrites
from hellenes_nb.widgets.dashboard.words import esc, stylesheet

__all__ = ["PANELS", "SIZES", "Screen", "ScreenTools", "build_screen", "section"]

_STATIC = Path(__file__).parent.parent / "static"
#: where the side panels stand: beside the map, or under it (the map takes the whole width)
PANELS = ("beside", "below")
#: the sizes of names, borders and text: "classroom" is for a projector
SIZES = ("normal", "classroom")


class ScreenTools(BrowserWrites, anywidget.AnyWidget):
    """Full screen, the side panels beside or below the map, and the classroom size (module
    docstring). ``panels`` and ``size`` are set by the page (or in Python)."""

    browser_writable = frozenset({"panels", "size"})
    _esm = _STATIC / "screen.js"

    panels = traitlets.Enum(PANELS, default_value="beside").tag(sync=True)
    size = traitlets.Enum(SIZES, default_value="normal").tag(sync=True)


def section(title: str, content: W.Widget, *, fold: bool = False) -> W.VBox:
    """A card with a heading; with ``fold`` the heading is a button that folds it away."""
    words = esc(title)
    head = (f"<h4 class='hn-h'><button type='button' class='hn-fold' aria-expanded='true'>"
            f"{words}</button></h4>" if fold else f"<h4 class='hn-h'>{words}</h4>")
    box = W.VBox([W.HTML(head), content])
    box.add_class("hn-card")
    return box


@dataclass
class Screen:
    """The dashboard's outer widgets: its children, the body that shows the board or the
    hand-over cover, and the board itself."""

    children: tuple[W.Widget, ...]
    body: W.VBox
    board: W.HBox


def build_screen(*, header: W.Widget, toolbar: W.Widget, status: W.Widget, board_view: W.Widget,
                 battle_box: W.Widget, chart: W.Widget | None, log: W.Widget, decision: W.Widget,
                 hand: W.Widget, in_play: W.Widget, replay_box: W.Widget,
                 chart_title: str = "", in_play_title: str = "In play") -> Screen:
    """Put the dashboard's widgets in their places (module docstring); a game without a
    chart (``chart`` None) gives the log the whole width under the board."""
    log_card = section("Game log, newest first", log, fold=True)
    log_card.layout = W.Layout(flex="1 1 340px", min_width="0")
    cards = [log_card]
    if chart is not None:
        chart_card = section(chart_title, chart, fold=True)
        chart_card.layout = W.Layout(flex="1 1 300px", min_width="0")
        cards.insert(0, chart_card)
    under = W.HBox(cards, layout=W.Layout(flex_flow="row wrap", width="100%"))
    under.add_class("hn-under")
    side = W.VBox([decision, section("Your hand", hand, fold=True),
                   section(in_play_title, in_play, fold=True)])
    side.add_class("hn-side")
    left = W.VBox([board_view, battle_box, under])
    left.add_class("hn-main")
    board = W.HBox([left, side])
    board.add_class("hn-body")
    body = W.VBox([board])
    return Screen((W.HTML(stylesheet()), header, toolbar, status, body, replay_box), body, board)
