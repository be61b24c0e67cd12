"""Bots by name, for ``hellenes match`` and notebooks: ``random`` plays every game, each game
adds its own (Hellenes: ``heuristic``) through its plugin record in the catalogue
(:mod:`hellenes_nb.core.catalog`).
"""

from __future__ import annotations

from typing import Any

from hellenes_nb.bots.base import Bot, BotError
from hellenes_nb.bots.random_bot import RandomBot
from hellenes_nb.bots.search import SearchBot
from hellenes_nb.core.catalog import plugin_for, plugins
from hellenes_nb.core.ruleset import Ruleset

#: the bots that play any game
GENERIC: dict[str, type[Bot]] = {"random": RandomBot, "search": SearchBot}



def all_bots() -> dict[str, type[Bot]]:
    """Every bot by name, whatever game it plays (two games may each have a "heuristic": the
    first registered keeps the name here; ``bots_for`` and ``make_bot(..., ruleset)`` find each
    game's). Read from the catalogue when asked (``BOTS`` is the same, as a name)."""
    out: dict[str, type[Bot]] = {**GENERIC}
    for plugin in plugins():
        for name, bot in plugin.bots.items():
            out.setdefault(name, bot)
    return out


def __getattr__(name: str) -> Any:
    if name == "BOTS":  # read from the catalogue on first use, not when this module loads
        return all_bots()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def bots_for(ruleset: Ruleset) -> dict[str, type[Bot]]:
    """The bots that play ``ruleset``'s game, by name. The generic search plays only a game
    that declares ``perfect_information``; a game with hidden facts brings its own ``search``
    (one that samples what its side cannot see) or has none."""
    generic = dict(GENERIC)
    if not ruleset.perfect_information:
        del generic["search"]
    return {**generic, **plugin_for(ruleset).bots}


def make_bot(name: str, seed: int = 0, ruleset: Ruleset | None = None,
             budget: dict | None = None) -> Bot:
    """A bot by name (``random``, ``heuristic``, ``search``, ...) with its seed; with
    ``ruleset``, only a bot that plays that game. ``budget`` (``iterations``: rollouts a
    decision, ``seconds``: thinking time, None for none) goes to a bot that thinks
    (:attr:`Bot.thinks`) and is ignored by the others."""
    every = all_bots()
    known = every if ruleset is None else bots_for(ruleset)
    if name not in known:
        if ruleset is not None and name in every:
            raise BotError(f"the {name} bot does not play {ruleset.name}: choose one of "
                           f"{', '.join(sorted(known))}")
        raise BotError(f"unknown bot {name!r}: choose one of {', '.join(sorted(known))}")
    cls = known[name]
    if budget and cls.thinks:
        return cls(seed, **budget)
    return cls(seed)
