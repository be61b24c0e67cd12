"""Seeded random play for the conformance suite: a game of any ruleset, played with random
legal actions, and its saved position as plain data."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from hellenes_nb.core.game import Game
from hellenes_nb.core.ruleset import Ruleset

__all__ = ["played", "positions", "saved", "start"]


def start(ruleset: Ruleset, scenario: str, seed: int) -> Game:
    """The game at the start of ``scenario`` with dice seeded by ``seed``."""
    return Game(ruleset, ruleset.setup(scenario, seed), seed)


def played(ruleset: Ruleset, scenario: str, seed: int, actions: int) -> Iterator[Game]:
    """The game after each of up to ``actions`` random legal actions (one Game object, played
    on; fewer when the game ends), the choices drawn by ``random.Random(seed)``."""
    game = start(ruleset, scenario, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        legal = game.legal_actions()
        if game.over or not legal:
            return
        game.apply(rng.choice(legal))
        yield game


def positions(ruleset: Ruleset, scenario: str, seed: int, actions: int,
              points: int) -> list[Game]:
    """Copies of a random game (:func:`played`) at ``points`` places spread over its first
    ``actions`` actions, its start first."""
    every = max(1, actions // points)
    out = [start(ruleset, scenario, seed)]
    for n, game in enumerate(played(ruleset, scenario, seed, actions), 1):
        if n % every == 0 and len(out) < points:
            out.append(game.clone())
    return out


def saved(game: Game) -> Any:
    """The game's position as a save file holds it (plain JSON data)."""
    return json.loads(json.dumps(game.ruleset.save_state(game.state)))
