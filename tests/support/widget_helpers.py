"""Helpers of the widget tests: getting a game to the moment a test needs. ``to_actions`` and
``to_battle`` drive a *Hellenes* game; ``press_load`` works on any game's dashboard."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any


def to_actions(game: Any) -> None:
    """Play both New Year cards and one action card each: Sparta has the first action phase."""
    while game.prompt.kind != "actions":
        acts = game.legal_actions()
        game.apply(next((a for a in acts
                         if a["type"] == "play_card" and a.get("use") == "actions"), acts[0]))


def to_battle(dash: Any, player: Any, side: str = "athens", limit: int = 400) -> dict:
    """Play ``side`` on the dashboard with ``player`` until it must decide inside a battle
    being fought (§6.2–§6.4); returns the battle frame."""
    for _ in range(limit):
        top = dash.game.state.stack[-1]
        if top["kind"] == "battle" and "battle" in top and dash.choices:
            return top
        dash.choose(player.choose(dash.game, side))
    raise AssertionError("no battle decision came up")


def press_load(dash: Any, content: str | bytes) -> None:
    """Hand ``content`` to the dashboard's Load button as the browser does (one uploaded
    file, as ipywidgets reads it from the page)."""
    data = content.encode() if isinstance(content, str) else content
    dash.upload.set_trait("value", ({"name": "save.json", "type": "application/json",
                                     "size": len(data),
                                     "last_modified": datetime.fromtimestamp(0, UTC),
                                     "content": memoryview(data)},))
