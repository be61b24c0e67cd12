"""The board of *Athens & Sparta* as a widget (docs/athens-sparta.md, "The board").

:class:`ASBoard` is the hex board alone, drawn in Python from ``Game.view(viewer)``
(:mod:`..boardsvg`), so nothing the viewer may not see reaches the page: the other side's
blocks stand face down, with no id, type or strength. A click on a hex lights where the
viewer's blocks there may go now (the legal moves, marches and sea moves of the blocks the
view shows in that hex). The shared dashboard (``Dashboard("athens-sparta")``) puts it beside
its panels, where every decision is taken. It reads the view and the legal actions only,
never the game's rules."""

from __future__ import annotations

from pathlib import Path

from hellenes_nb.games.athens_sparta.boardsvg import SIZES, board_svg, hex_names
from hellenes_nb.widgets.placeboard import PlaceBoard

__all__ = ["ASBoard"]


class ASBoard(PlaceBoard):
    """The hex map with the blocks standing (module docstring); nothing at all under the
    ``curtain`` (a hot-seat hand-over). It redraws itself once per change of the session."""

    _esm = Path(__file__).parent / "static" / "board.js"
    SIDES = ("athens", "sparta")
    SCENARIO = "athens-sparta"
    PLACES, PLACE = "hexes", "hex"
    SIZES = SIZES
    LIT = "Lit: where your blocks in {name} may go now."
    NONE_LIT = "{name}: none of your blocks there may move now."
    draw = staticmethod(board_svg)

    def places(self, view: dict) -> list[dict]:
        """Every hex of the map, named by its city where it has one (the view lists blocks,
        not hexes)."""
        return [{"id": h, "name": name} for h, name in hex_names().items()]

    def lit(self) -> frozenset[str]:
        """The hexes the viewer's blocks in the selected hex may go to now."""
        place = self.selected
        if not place or self.viewer not in self._deciding():
            return frozenset()
        mine = {b["id"] for b in self.game.view(self.viewer)["blocks"]
                if b.get("where") == place and b.get("side") == self.viewer and "id" in b}
        return frozenset(a["to"] for a in self.game.legal_actions(self.viewer)
                         if a.get("block") in mine and "to" in a)
