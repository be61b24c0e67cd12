"""The dashboard's hook for games with a board of their own: ``Dashboard("earth-water", ...)``
opens the board the game's plugin names (``GamePlugin.own_board``; 300: Earth & Water: its
:class:`~hellenes_nb.widgets.ew_board.EWBoard`), with the same ``seed``, ``mode`` ("bot" or
"hotseat"), ``human`` and ``bot`` words."""

from __future__ import annotations

import importlib
from typing import Any

from hellenes_nb.core.catalog import plugin_for, ruleset_for

__all__ = ["OtherGameBoards", "own_board"]


def own_board(scenario: Any) -> Any:
    """The callable that opens the own board of ``scenario``'s game, or None when the dashboard
    plays it (or no game sets it up: the dashboard then says so in its own words)."""
    try:
        where = plugin_for(ruleset_for(str(scenario))).own_board
    except ValueError:
        return None
    if not where:
        return None
    module, _, path = where.partition(":")
    found: Any = importlib.import_module(module)
    for name in path.split("."):
        found = getattr(found, name)
    return found


class OtherGameBoards:
    """Mixed into the dashboard (through :class:`~.saves.SaveAndLoad`): a scenario of a game
    with a board of its own returns that board instead of a dashboard."""

    def __new__(cls, scenario: Any = None, *args: Any, **kwargs: Any) -> Any:
        opener = None if scenario is None else own_board(scenario)
        if opener is not None:
            return opener(*args, **kwargs)
        return super().__new__(cls)
