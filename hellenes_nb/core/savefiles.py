"""Whole save files as games: the open save of anyone's game, the sealed save of a game
against the computer (formats in :mod:`hellenes_nb.core.savejson`).

``sealed_save(game, human, bot)`` writes a file whose readable part is only
``game.view(human)``; everything else rides in the sealed token (:mod:`.sealed`).
``read_save(text)`` reads either kind and returns a :class:`Loaded` game, or raises a
``ValueError`` in plain words: the same checks as :meth:`Game.from_json` (which only reads
open saves) plus, for a sealed save, that this installation sealed it and nobody changed it.
``read_save(text, game=...)`` also refuses, before anything is replayed or unsealed, a save
of another game (:class:`OtherGameSave`, naming both games).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from hellenes_nb.core import sealed
from hellenes_nb.core.catalog import ruleset_for, rulesets
from hellenes_nb.core.game import Game
from hellenes_nb.core.ruleset import Ruleset
from hellenes_nb.core.savejson import (
    SAVE_VERSION,
    SEALED_FORMAT,
    SealedContent,
    SealedSave,
    parse_json,
    refusal,
    save_kind,
)

__all__ = ["Loaded", "OtherGameSave", "read_save", "sealed_save"]

NOTE = ("A game of {title} against the computer, saved by hellenes-nb. 'view' is what {side} "
        "may see; everything else (the computer's hand and blocks, the deck order, the dice "
        "and the seed) is in 'sealed', which only the installation that saved the game can "
        "open.")


@dataclass(frozen=True)
class Loaded:
    """A game read from a save, and for a sealed save how it was being played."""

    game: Game
    sealed: bool = False
    human: str | None = None  # the side the person plays (sealed saves)
    bot: str | None = None  # the computer's bot, by name (sealed saves)
    seed_secret: bool = False  # the player was never told the seed (sealed saves)


def sealed_save(game: Game, human: str, bot: str, *, seed_secret: bool) -> str:
    """The sealed save of a game against the computer in which ``human`` plays."""
    content = SealedContent(human=human, bot=bot, seed_secret=seed_secret, game=game.to_json())
    token, key = sealed.seal(content.model_dump_json().encode())
    return json.dumps({
        "format": SEALED_FORMAT, "version": SAVE_VERSION,
        "note": NOTE.format(title=game.ruleset.title.split(":")[0], side=human.title()),
        "side": human,
        "scenario": game.state.scenario, "key_id": key, "view": game.view(human),
        "sealed": token,
    })


class OtherGameSave(ValueError):
    """A save of another game than the one it was to be loaded into: ``saved`` is the ruleset
    of the file's game, ``wanted`` the title of the game asked for."""

    def __init__(self, saved: Ruleset, wanted: str, scenario: str) -> None:
        self.saved, self.wanted, self.scenario = saved, wanted, scenario
        super().__init__(f"this is a save of {saved.title} (scenario {scenario!r}), not of "
                         f"{wanted}")


def read_save(text: str | bytes, *, game: str | None = None, **options: Any) -> Loaded:
    """The game of an open or sealed save, or ValueError in plain words; with ``game`` (a
    game's name, ``Ruleset.name``), a save of another game is refused first
    (:class:`OtherGameSave`), by the scenario the file names, before its moves are replayed or
    its sealed part is opened."""
    data = parse_json(text)
    kind = save_kind(data)
    if game is not None:
        _check_game(data, game, options)
    if kind == "open":
        return Loaded(Game.from_json(text, **options))
    try:
        save = SealedSave.model_validate(data)
    except ValidationError as exc:
        raise refusal(exc, "the sealed save") from None
    payload = sealed.unseal(save.sealed, save.key_id)
    try:
        content = SealedContent.model_validate_json(payload)
    except ValidationError as exc:
        raise refusal(exc, "the sealed part of the save") from None
    game = Game.from_json(content.game, **options)
    if (content.human, game.state.scenario) != (save.side, save.scenario):
        raise ValueError("the readable part of this save does not match its sealed part "
                         "(the side or scenario was edited)")
    return Loaded(game, True, content.human, content.bot, content.seed_secret)


def _check_game(data: dict, wanted: str, options: dict[str, Any]) -> None:
    """OtherGameSave if the scenario ``data`` names belongs to another game than the one named
    ``wanted`` (a scenario no game knows is left for the full check to name)."""
    scenario = data.get("scenario")
    if not isinstance(scenario, str):
        return
    try:
        saved = ruleset_for(scenario, **options)
    except (ValueError, TypeError):
        return
    if saved.name != wanted:
        title = next((r.title for r in rulesets() if r.name == wanted), wanted)
        raise OtherGameSave(saved, title, scenario)
