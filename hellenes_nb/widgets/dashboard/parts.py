"""What a game brings to the shared dashboard (docs/dashboard.md, "Any game"): its part is the
``dashboard`` field of its plugin record (:class:`~hellenes_nb.core.catalog.GamePlugin`), a
:class:`~hellenes_nb.core.panels.ScreenKit`. Everything else (the decision panel, undo,
save and load, the computer's levels and its thinking, the hand-over, the replay, the
classroom size, full screen) is the dashboard's own, written once for every game."""

from __future__ import annotations

import importlib
from typing import Any

from hellenes_nb.core.catalog import plugin_for
from hellenes_nb.core.game import Game
from hellenes_nb.core.panels import ScreenKit

__all__ = ["GameScreen", "screen_for", "widget_class"]


#: a game's part of the dashboard (``hellenes_nb.core.panels.ScreenKit`` says each member)
GameScreen = ScreenKit


def screen_for(game: Game) -> GameScreen:
    """``game``'s part of the dashboard, or ValueError in plain words naming the game."""
    screen = plugin_for(game.ruleset).dashboard
    if screen is None:
        raise ValueError(f"{game.ruleset.title} brings no board for the dashboard (its plugin "
                         f"has no 'dashboard' part), so it cannot be played here")
    return screen


def widget_class(where: str) -> Any:
    """The class (or factory) that ``"module:attribute"`` names."""
    module, _, path = where.partition(":")
    found: Any = importlib.import_module(module)
    for name in path.split("."):
        found = getattr(found, name)
    return found
