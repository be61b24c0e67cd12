"""Computer opponents (docs/bots.md): a random baseline and a search for any game, for Hellenes
a heuristic bot, and three levels (``make_level``: easy, normal, hard).

    from hellenes_nb.bots import HeuristicBot, RandomBot, make_bot
    bot = HeuristicBot(seed=1)
    game.apply(bot.choose(game, "sparta"))

``BOTS``, ``bots_for`` and ``make_bot`` are loaded on first use: the game's bots import
:mod:`hellenes_nb.bots.base`, so this package must not import them while it loads.
``HeuristicBot`` is the home game's ``heuristic`` bot (Hellenes'), found in the catalogue.
"""

from typing import Any

from hellenes_nb.bots.base import Bot, BotError, deciding_sides
from hellenes_nb.bots.random_bot import RandomBot

__all__ = ["BOTS", "LEVELS", "Bot", "BotError", "HeuristicBot", "RandomBot", "bots_for",
           "deciding_sides", "make_bot", "make_level"]

_LATER = {"BOTS": "hellenes_nb.bots.registry", "bots_for": "hellenes_nb.bots.registry",
          "make_bot": "hellenes_nb.bots.registry",
          "LEVELS": "hellenes_nb.bots.levels", "make_level": "hellenes_nb.bots.levels"}


def __getattr__(name: str) -> Any:
    if name == "HeuristicBot":  # the home game's heuristic, as before the catalogue
        from hellenes_nb.core.catalog import home_plugin

        return home_plugin().bots["heuristic"]
    if name not in _LATER:
        raise AttributeError(f"module 'hellenes_nb.bots' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(_LATER[name]), name)
