"""The dashboard's hot-seat hand-over and its battle board (docs/dashboard.md, "Hot-seat",
"Battles"), mixed into :class:`.dashboard.Dashboard`.

At a hand-over the board stays in the page, hidden, folded to no height and emptied of both
sides (the map's curtain, the panels cleared, the battle board closed); the waiting player's
click (:meth:`HandOver.ready`) fills it again, so only what changed is sent. The battle being
fought is followed on one battle board from decision to decision and from battle to battle.
"""

from __future__ import annotations

from typing import Any

from hellenes_nb.widgets.dashboard.parts import widget_class
from hellenes_nb.widgets.dashboard.words import close_all, cover_html

__all__ = ["HandOver"]


class HandOver:
    """The hand-over screen and the battle board of the dashboard (module docstring). The
    dashboard gives ``handover_to``, ``viewer``, ``map``, ``cover``, ``board``,
    ``ready_button``, the panels, ``battle_box``, ``battle_frame``, ``screen_tools``,
    ``choices``, ``attempt``, ``choose``, ``_refresh`` and ``_show_choices``."""

    _battle_view: Any = None
    _battle_src: dict | None = None

    def ready(self) -> None:
        """The hand-over screen's button: the waiting player takes the screen (hot-seat)."""
        if self.handover_to is None:
            raise ValueError("no hand-over is waiting")
        self.viewer, self.handover_to = self.handover_to, None
        self.map.viewer = self.viewer
        self._refresh()

    def _render_cover(self) -> None:
        """The hand-over screen: nothing of the side that just played stays in the page (the
        battle board is closed, not only hidden: its model would keep that side's view)."""
        side = self.handover_to
        assert side is not None
        self.cover.children[0].value = cover_html(side, self.side_word[side])
        self.ready_button.description = f"I am {self.side_word[side]}: show my side"
        self._cover_shown(True)
        self.battle_box.children = self.battle_frame.children = ()
        close_all(self._battle_view)
        self._battle_view = self._battle_src = None
        for h in (self.hand_html, self.in_play_html, self.log_html, self.prompt_html):
            h.value = ""
        self._show_choices([])

    @property
    def covered(self) -> bool:
        """True while the hand-over screen covers the board (hot-seat)."""
        return self.cover.layout.display != "none"

    def _cover_shown(self, on: bool) -> None:
        """The hand-over screen, or the board. Both stay in the page: taking the screen then
        redraws only what changed, not the map and the chart from nothing. The covered board
        is hidden and folded to no height (not undisplayed: the chart keeps its width), and
        it holds nothing of a side (:meth:`_render_cover`, the map's curtain)."""
        cover = "flex" if on else "none"
        if self.cover.layout.display != cover:
            self.cover.layout.display = cover
        folded = ("hidden", "0px", "hidden") if on else (None, None, None)
        board = self.board.layout
        if (board.visibility, board.max_height, board.overflow) != folded:
            with board.hold_sync():
                board.visibility, board.max_height, board.overflow = folded

    def _render_battle(self, view: dict[str, Any]) -> None:
        """The battle the game is fighting, while it waits on the battle (``view["battle"]``),
        on one battle board kept from decision to decision and from battle to battle."""
        shown = (view["battle"] if self.screen.battle and view["prompt"].get("kind") == "battle"
                 else None)
        if shown is None:
            if self._battle_src is not None:
                self.battle_box.children = ()
                self._battle_src = None
            return
        if shown == self._battle_src:
            return
        self._battle_src = shown
        if self._battle_view is None:
            board = widget_class(self.screen.battle)
            self._battle_view = board(self.game, view, self._battle_choice,
                                      size=self.screen_tools.size)
            self.battle_frame.children = (self._battle_view,)
        else:
            self._battle_view.follow(self.game, view)
        self.battle_box.children = (self.battle_frame,)

    def _battle_choice(self, choice: str) -> None:
        found = [a for a in self.choices
                 if a["type"] == "battle_choice" and str(a.get("choice")) == choice]
        if not found:
            self.message = "⚠ That battle decision is not yours to take now."
            self._refresh()
            return
        self.attempt(self.choose, found[0])
