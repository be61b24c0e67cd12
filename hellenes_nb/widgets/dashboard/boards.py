"""The dashboard's hook for games with a board of their own: ``Dashboard("earth-water", ...)``
opens the 300: Earth & Water board (:class:`~hellenes_nb.widgets.ew_board.EWBoard`), with the
same ``seed``, ``mode`` ("bot" or "hotseat"), ``human`` and ``bot`` words."""

from __future__ import annotations

from typing import Any

from hellenes_nb.widgets.ew_board import EWBoard

__all__ = ["OtherGameBoards"]


class OtherGameBoards:
    """Mixed into the dashboard (through :class:`~.saves.SaveAndLoad`): a scenario of another
    game returns that game's board instead of a Hellenes dashboard."""

    def __new__(cls, scenario: str = "431", *args: Any, **kwargs: Any) -> Any:
        if str(scenario) == "earth-water":
            return EWBoard.for_dashboard(*args, **kwargs)
        return super().__new__(cls)
