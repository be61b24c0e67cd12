"""Seeded bot games that search, at every decision, everything each side is shown (leaks.py).

Three ways a side is shown the game, each played to the end (or a decision limit):

- :func:`engine_game`: bots play through ``Game.apply``; after every action both sides'
  ``game.view(side)`` (all of it, JSON) and a :class:`MapWidget` per side (every synced value
  but the static drawing) are searched;
- :func:`hotseat_game`: the bots play through a hot-seat :class:`Dashboard` (``ready`` at each
  hand-over, ``choose``); after every decision every widget of the dashboard's screen (HTML,
  buttons, the map, the battle board) is searched for the side at the screen, and both views;
- :func:`bot_dashboard_game`: a bot-mode dashboard (the human's side played by a test bot,
  the other by the dashboard's own bot); the human's screen is searched after each of its
  decisions, and the replay viewer once, half way.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from hellenes_nb.bots.base import deciding_sides
from hellenes_nb.bots.registry import make_bot
from hellenes_nb.core.game import new_game
from hellenes_nb.games.hellenes.index import SIDE_NAMES as SIDES
from hellenes_nb.games.hellenes.widgets.map import MapWidget
from hellenes_nb.widgets.dashboard import Dashboard
from support.leaks import Finding, Oracle, check_view, widget_text

#: synced values that are the same in every game (the drawing, place facts, code)
STATIC = ("base_svg", "places", "detail_labels", "view_box", "colours", "_esm", "_css",
          "_anywidget_id", "layout", "style", "_dom_classes")


class Checker:
    """The oracle of one game and how far each side's view log has been searched."""

    def __init__(self, game):
        self.game = game
        self.oracle = Oracle(game)
        self.log_from = {s: 0 for s in SIDES}
        self.findings: list[Finding] = []

    def views(self) -> None:
        self.oracle.update()
        for side in SIDES:
            v = self.game.view(side)
            self.findings += check_view(self.oracle, side, v, self.log_from[side])
            self.log_from[side] = len(v["log"])

    def widget(self, side: str, where: str, state: dict[str, Any]) -> None:
        self.findings += self.oracle.search(side, where, widget_text(state, STATIC))

    def screen(self, side: str, root: W.Widget, old_log: tuple[W.Widget, ...] = ()) -> None:
        """Every widget under ``root``, searched for ``side``. Widgets in ``old_log`` list past
        log lines, whose cards may have changed hands since: searched for units only (their
        lines were searched for cards when they first appeared, as view log events)."""
        parts, logs = [], []
        stack = [root]
        while stack:
            w = stack.pop()
            if isinstance(w, MapWidget):
                self.widget(side, "dashboard map", w.get_state())
                continue
            text = widget_text(w.get_state(), STATIC + ("children",))
            (logs if w in old_log else parts).append(text)
            stack.extend(getattr(w, "children", ()))
        self.findings += self.oracle.search(side, "dashboard", "\n".join(parts))
        self.findings += self.oracle.search(side, "dashboard log", "\n".join(logs), cards=False)


def _bots(seed: int, names: tuple[str, str]) -> dict[str, Any]:
    return {"athens": make_bot(names[0], seed * 2 + 1), "sparta": make_bot(names[1], seed * 2 + 2)}


def engine_game(scenario: str, seed: int, names: tuple[str, str], limit: int,
                maps: bool = True) -> tuple[list[Finding], int]:
    game = new_game(scenario, seed)
    bots = _bots(seed, names)
    check = Checker(game)
    widgets = {s: MapWidget(game, viewer=s) for s in SIDES} if maps else {}
    n = 0
    while True:
        check.views()
        for side, w in widgets.items():
            w.refresh()
            check.widget(side, "map", w.get_state())
        if check.findings or game.over or n >= limit:
            return check.findings, n
        side = deciding_sides(game)[0]
        game.apply(bots[side].choose(game, side))
        n += 1


def hotseat_game(scenario: str, seed: int, names: tuple[str, str],
                 limit: int) -> tuple[list[Finding], int]:
    dash = Dashboard(scenario, seed, mode="hotseat")
    bots = _bots(seed, names)
    check = Checker(dash.game)
    n = 0
    while True:
        check.game = check.oracle.game = dash.game
        if dash.handover_to is not None:
            dash.ready()
        check.views()
        side = dash.viewer
        if side in SIDES:
            check.screen(side, dash, (dash.log_html,))
        if check.findings or dash.game.over or n >= limit:
            return check.findings, n
        dash.choose(bots[side].choose(dash.game, side))
        n += 1


def bot_dashboard_game(scenario: str, seed: int, human: str, names: tuple[str, str],
                       limit: int) -> tuple[list[Finding], int]:
    other = SIDES[1 - SIDES.index(human)]
    bots = _bots(seed, names)
    dash = Dashboard(scenario, seed, mode="bot", human=human,
                     bot=bots[other])
    check = Checker(dash.game)
    n = 0
    replayed = False
    while True:
        check.views()
        if not dash.game.over:
            check.screen(human, dash, (dash.log_html,))
        if not replayed and n >= limit // 2 and not dash.game.over:
            replay = dash.open_replay()
            check.screen(human, replay, (replay.caption,))
            dash.replay_button.value = False
            replayed = True
        if check.findings or dash.game.over or n >= limit:
            return check.findings, n
        dash.choose(bots[human].choose(dash.game, human))
        n += 1


def report(findings: list[Finding], what: str) -> str:
    lines = [f"{what}: {len(findings)} finding(s)"]
    lines += [str(f) for f in findings[:6]]
    return "\n".join(lines)

