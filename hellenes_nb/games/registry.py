"""The games the package hosts, registered explicitly, and ``new_game`` (docs/architecture.md).

A scenario id names exactly one game, so ``new_game("431")`` needs no game name.
"""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.game import AutoPolicy, Game
from hellenes_nb.core.ruleset import register_ruleset, ruleset_for, rulesets, scenario_ids
from hellenes_nb.games.earth_water.ruleset import EARTH_WATER
from hellenes_nb.games.hellenes.ruleset import HELLENES

register_ruleset(HELLENES)
register_ruleset(EARTH_WATER)

__all__ = ["new_game", "ruleset_for", "rulesets", "scenario_ids"]


def new_game(scenario: str, seed: int = 0, *,
             auto: AutoPolicy | dict[str, AutoPolicy] | None = None, **options: Any) -> Game:
    """Start ``scenario`` (Hellenes: "431", "sicily", "413", "415"; 300: Earth & Water:
    "earth-water") with dice seeded by
    ``seed``; ``options`` go to the game's setup (Hellenes: ``world=``)."""
    return Game.new(scenario, seed, auto=auto, **options)
