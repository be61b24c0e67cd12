"""Reading a save into a board of one game (docs/security.md, "Wrong and unusable files"): a
save of another game is refused in words naming both games and the call that opens it."""

from __future__ import annotations

from hellenes_nb.core.catalog import plugin_for
from hellenes_nb.core.savefiles import Loaded, OtherGameSave, read_save

__all__ = ["read_for_board"]


def read_for_board(text: str | bytes, game: str) -> Loaded:
    """``read_save(text)`` for a board that plays the game named ``game``: ValueError in plain
    words for a file refused, and for a save of another game (before anything in it is
    replayed or unsealed)."""
    try:
        return read_save(text, game=game)
    except OtherGameSave as exc:
        opener = plugin_for(exc.saved).opener  # each game's words (GamePlugin.opener)
        how = f" Open it in a new cell with {opener}." if opener else ""
        raise ValueError(f"This is a save of {exc.saved.title} (scenario {exc.scenario!r}); "
                         f"this board plays {exc.wanted}, so nothing was loaded."
                         f"{how}") from None
