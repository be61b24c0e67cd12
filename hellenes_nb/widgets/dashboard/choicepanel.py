"""The dashboard's decision panel: one widget whose page draws the offered choices as buttons
(docs/dashboard.md, "The decision panel").

Python sends the groups of choices as plain words and numbers (:func:`.choices.panel_rows`);
``static/choices.js`` draws them, keeps the buttons that stay the same, and answers a click with
the page's ``choose`` request (:mod:`..requests`) naming the option's number and the position
(moves played) the panel showed. A click on a panel that has since changed is refused in plain
words, so a hurried double click never takes a choice of another position. No button is a
widget of its own: the panel is one model however many choices are offered, and nothing is left
behind when they change.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from hellenes_nb.widgets.browser_writes import BrowserWrites
from hellenes_nb.widgets.requests import BrowserRequests

__all__ = ["ChoicePanel"]

_STATIC = Path(__file__).parent.parent / "static"


class ChoicePanel(BrowserRequests, BrowserWrites, anywidget.AnyWidget):
    """The offered choices as buttons (module docstring). ``choose(action)`` takes a choice;
    ``refused(message)`` shows a request the panel cannot take."""

    #: the page sets nothing: it only asks (``choose``)
    browser_writable = frozenset()
    requests = {"choose": "_request_choose"}
    _esm = _STATIC / "choices.js"

    #: groups of rows of ``[short label, full label, number]`` (:func:`.choices.panel_rows`)
    groups = traitlets.List(traitlets.Dict()).tag(sync=True)
    #: the moves played in the position shown, and whether these choices are final (the
    #: computer is not thinking and no hand-over waits): the page marks the panel
    #: ``hn-moves-N`` and ``hn-settled``, which the page and the browser tests wait on
    moves = traitlets.Int(0).tag(sync=True)
    settled = traitlets.Bool(False).tag(sync=True)
    #: the dashboard's render count: the page redraws on each, and shows it as data-renders
    renders = traitlets.Int(0).tag(sync=True)

    def __init__(self, choose: Callable[[dict], Any], refused: Callable[[str], Any]) -> None:
        super().__init__()
        self._choose, self._refused = choose, refused
        self._actions: list[dict] = []

    def show(self, groups: list[dict], actions: list[dict], moves: int, settled: bool,
             renders: int) -> None:
        """Draw ``groups`` (option numbers index ``actions``) for the position after
        ``moves`` moves; one message, only the traits that changed."""
        self._actions = actions
        with self.hold_sync():
            self.groups = groups
            self.moves, self.settled = moves, settled
            self.renders = renders

    @property
    def actions(self) -> list[dict]:
        """The actions the buttons on screen stand for, in their numbers' order."""
        return list(self._actions)

    def refuse(self, message: str) -> None:
        self._refused(message)

    def _request_choose(self, msg: dict) -> None:
        """The page's ``{"request": "choose", "i": n, "moves": m}``: option ``n`` of the
        panel drawn for the position after ``m`` moves."""
        i, moves = msg.get("i"), msg.get("moves")
        if moves != self.moves or not self.settled:
            raise ValueError("the choices changed before your click arrived: nothing was "
                             "played, choose again")
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(self._actions):
            raise ValueError(f"the page asked for choice {i!r}, which is not on the panel")
        self._choose(self._actions[i])
