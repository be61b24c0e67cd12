"""A dashboard part for the toy game (tests/support/toygame.py): the least a game brings to
the shared dashboard, a board widget and its panels' words (widgets/dashboard/parts.py)."""

from __future__ import annotations

import ipywidgets as W
import traitlets

from hellenes_nb.core.panels import ScreenKit
from hellenes_nb.core.session import GameSession


class ToyBoard(W.HTML):
    """The pile as words, for the side at the screen; nothing under the curtain."""

    viewer = traitlets.Unicode("first")
    curtain = traitlets.Bool(False)
    size = traitlets.Unicode("normal")

    def __init__(self, session: GameSession, viewer: str = "first",
                 curtain: bool = False) -> None:
        super().__init__(viewer=viewer, curtain=curtain)
        self.session = session
        session.observe(lambda *_: self.refresh())
        self.observe(lambda _ch: self.refresh(), names=["viewer", "curtain"])
        self.refresh()

    def refresh(self) -> None:
        pile = self.session.game.view(self.viewer)["pile"]
        self.value = "" if self.curtain else f"<p class='toy-pile'>{pile} stones</p>"


def toy_screen() -> ScreenKit:
    """The toy's part of the dashboard: its board, its side titles and its panels' words."""
    return ScreenKit(
        side_word={"first": "First player", "second": "Second player"},
        board="support.toyscreen:ToyBoard", in_play_title="Pile",
        header_html=lambda game, who: f"<div class='hn-head'>Toy · {who}</div>",
        hand_html=lambda game, view, side: "<div class='hn-muted'>No cards here.</div>",
        in_play_html=lambda game, view: f"<div>{view['pile']} stones left</div>",
        log_html=lambda view: "",
        save_name=lambda game: f"toy-{len(game.history)}",
        loaded_words=lambda game: f"Loaded the toy at {game.state.pile} stones.")
