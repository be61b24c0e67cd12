"""Saving and loading on the dashboard (docs/dashboard.md, "Saving and loading"; docs/security.md).

Against the computer a save is sealed (readable only as far as the player may see, the rest
openable only by this installation); a hot-seat save is open. A file handed in is only read as
JSON, checked and replayed (``hellenes_nb.core.savefiles.read_save``). A save of another game
is refused in words naming both games and the call that opens it
(:mod:`hellenes_nb.widgets.other_game`); a save key that cannot be used
(:mod:`hellenes_nb.core.sealed`) is named in the message area, and play goes on.
"""

from __future__ import annotations

import base64
from typing import Any

from hellenes_nb import bots
from hellenes_nb.core.catalog import home_plugin, ruleset_for
from hellenes_nb.core.game import Game
from hellenes_nb.core.savefiles import Loaded, read_save, sealed_save
from hellenes_nb.widgets.dashboard.parts import screen_for
from hellenes_nb.widgets.dashboard.words import side_words
from hellenes_nb.widgets.other_game import read_for_board

__all__ = ["SaveAndLoad", "validated_game"]


def validated_game(text: str | bytes) -> Game:
    """A game rebuilt from a save (open, or sealed by this installation), or ValueError saying
    in plain words why the file is refused (``hellenes_nb.core.savefiles.read_save``).

    Only JSON is read (nothing is executed), within limits; every entry is checked, and the
    list of moves, replayed from the scenario and seed, must be legal and reach exactly the
    position stored in the file. The replayed game (with its undo history) is returned.
    """
    return read_save(text).game


def check_sealed_fits(loaded: Loaded, mode: str, human: str, side_word: dict[str, str]) -> None:
    """A sealed save goes on only as it was played: against the computer, you on your side
    (in hot-seat, or on the other side, you would see what the save keeps sealed)."""
    side = side_word.get(loaded.human or "all", str(loaded.human))
    if mode != "bot" or human != loaded.human:
        raise ValueError(f"this save is of a game against the computer in which you play "
                         f"{side}: it opens only against the computer, with you as {side} "
                         f"(Dashboard.load(file) sets that up)")


def _game_name(game: str | None) -> str:
    """The name of the game ``game`` names (a scenario of it, or its name; None: the home
    game's)."""
    if game is None:
        home = home_plugin()
        return home.ruleset.name if home else ""
    try:
        return ruleset_for(str(game)).name
    except ValueError:
        return str(game)


def _titles(game: Game) -> dict[str, str]:
    return side_words(screen_for(game).side_word)


class SaveAndLoad:
    """The dashboard's Save button, Load upload and ``Dashboard.load`` (mixed into it)."""

    def save(self) -> str:
        """The game as a save file's JSON text, also offered as a download link. Against the
        computer the save is sealed: readable only as far as you may see, the rest openable
        only by this installation (``saves.files.sealed_save``); a hot-seat save is open
        (``Game.to_json``). See docs/dashboard.md, "What a save reveals"."""
        if self.mode == "bot":
            text = sealed_save(self.game, self.human, self.bot_name,
                               seed_secret=self.seed_secret)
        else:
            text = self.game.to_json()
        name = self.screen.save_name(self.game)
        data = base64.b64encode(text.encode()).decode()
        self.download.value = (f"<a class='hn-download' download='{name}.json' "
                               f"href='data:application/json;base64,{data}'>⬇ {name}.json</a>")
        self._saved_at = (self.game, len(self.game.history))
        return text

    def forget_stale_save(self) -> None:
        """Take the download link away once the game has moved on: its file, and its name
        ("...-spring.json"), belong to the position it was made in, not to the one shown."""
        if self.download.value and getattr(self, "_saved_at", None) != (
                self.game, len(self.game.history)):
            self.download.value = ""

    @classmethod
    def load(cls, text: str | bytes, **options: Any) -> Any:
        """A new dashboard for a saved game (ValueError in plain words if the file is refused);
        ``options`` are the constructor's ``mode``, ``human``, ``bot``, ``bot_delay``;
        ``game`` names the game the file must be of (a scenario of it, or the game's name;
        default: the package's home game, so a save of another game is refused in words
        naming both). A sealed save goes on against the computer, with you on the side you
        played (and the same bot, unless ``bot`` names another)."""
        loaded = read_for_board(text, _game_name(options.pop("game", None)))
        if loaded.sealed:
            options.setdefault("mode", "bot")
            options.setdefault("human", loaded.human)
            if loaded.bot in bots.BOTS:
                options.setdefault("bot", loaded.bot)
            check_sealed_fits(loaded, options["mode"], options["human"],
                              _titles(loaded.game))
        dash = cls(game=loaded.game, **options)
        dash.seed_secret = loaded.seed_secret
        return dash

    def restore(self, text: str | bytes) -> None:
        """Replace this dashboard's game by a saved one; a refused file changes nothing. A
        sealed save opens only in a game against the computer with you on the same side, and
        a save of another game not at all (the message names both games)."""
        loaded = read_for_board(text, self.game.ruleset.name)
        if loaded.sealed:
            check_sealed_fits(loaded, self.mode, self.human, self.side_word)
        game = loaded.game
        self.seed_secret = loaded.seed_secret
        if self.mode == "hotseat":
            self.viewer, self.handover_to = None, None
        self._close_replay()
        self.message = self.screen.loaded_words(game)
        self._replace_game(game)

    def _uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = item["content"] if isinstance(item, dict) else item.content
        self.attempt(self.restore, bytes(content))
        self.upload.value = ()
