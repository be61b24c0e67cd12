"""Computer opponents (docs/bots.md): a random baseline for any game, each game's own bots
(found in the catalogue by name: ``heuristic``, ``search``...), and three levels
(``make_level``: easy, normal, hard).

    from hellenes_nb.bots import make_bot
    bot = make_bot("heuristic", 1, game.ruleset)
    game.apply(bot.choose(game, "sparta"))

``BOTS``, ``bots_for`` and ``make_bot`` are loaded on first use: the game's bots import
:mod:`hellenes_nb.bots.base`, so this package must not import them while it loads. A game's
bot classes live in its own package (``hellenes_nb.games.<game>.bots``).
"""

from typing import Any

from hellenes_nb.bots.base import Bot, BotError, deciding_sides
from hellenes_nb.bots.random_bot import RandomBot

__all__ = ["BOTS", "LEVELS", "Bot", "BotError", "RandomBot", "bots_for", "deciding_sides",
           "make_bot", "make_level"]

_LATER = {"BOTS": "hellenes_nb.bots.registry", "bots_for": "hellenes_nb.bots.registry",
          "make_bot": "hellenes_nb.bots.registry",
          "LEVELS": "hellenes_nb.bots.levels", "make_level": "hellenes_nb.bots.levels"}


def __getattr__(name: str) -> Any:
    if name not in _LATER:
        raise AttributeError(f"module 'hellenes_nb.bots' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(_LATER[name]), name)
