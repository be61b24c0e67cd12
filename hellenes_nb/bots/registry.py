"""Bots by name, for ``hellenes match`` and notebooks: ``random`` plays every game, each game
adds its own (Hellenes: ``heuristic``) through its services (:mod:`hellenes_nb.games.services`).
"""

from __future__ import annotations

from hellenes_nb.bots.base import Bot, BotError
from hellenes_nb.bots.random_bot import RandomBot
from hellenes_nb.bots.search import SearchBot
from hellenes_nb.core.ruleset import Ruleset
from hellenes_nb.games.services import SERVICES, services_for

#: the bots that play any game
GENERIC: dict[str, type[Bot]] = {"random": RandomBot, "search": SearchBot}

#: every bot by name, whatever game it plays (two games may each have a "heuristic": the first
#: registered keeps the name here; ``bots_for`` and ``make_bot(..., ruleset)`` find each game's)
BOTS: dict[str, type[Bot]] = {**GENERIC}
for _services in SERVICES.values():
    for _name, _bot in _services.bots.items():
        BOTS.setdefault(_name, _bot)


def bots_for(ruleset: Ruleset) -> dict[str, type[Bot]]:
    """The bots that play ``ruleset``'s game, by name. The generic search plays only a game
    that declares ``perfect_information``; a game with hidden facts brings its own ``search``
    (one that samples what its side cannot see) or has none."""
    generic = dict(GENERIC)
    if not getattr(ruleset, "perfect_information", False):
        del generic["search"]
    return {**generic, **services_for(ruleset).bots}


def make_bot(name: str, seed: int = 0, ruleset: Ruleset | None = None,
             budget: dict | None = None) -> Bot:
    """A bot by name (``random``, ``heuristic``, ``search``, ...) with its seed; with
    ``ruleset``, only a bot that plays that game. ``budget`` (``iterations``: rollouts a
    decision, ``seconds``: thinking time, None for none) goes to a bot that thinks
    (:attr:`Bot.thinks`) and is ignored by the others."""
    known = BOTS if ruleset is None else bots_for(ruleset)
    if name not in known:
        if ruleset is not None and name in BOTS:
            raise BotError(f"the {name} bot does not play {ruleset.name}: choose one of "
                           f"{', '.join(sorted(known))}")
        raise BotError(f"unknown bot {name!r}: choose one of {', '.join(sorted(known))}")
    cls = known[name]
    if budget and cls.thinks:
        return cls(seed, **budget)
    return cls(seed)
