"""Three levels of computer opponent a class can pick (docs/bots.md, "Levels"), for any game.

- ``easy``: the game's everyday bot making mistakes: a quarter of its decisions that have a
  choice are a uniformly random legal action (Hellenes: the heuristic bot, as ``easy``);
- ``normal``: the game's everyday bot (Hellenes: ``heuristic``; a game without one: ``random``);
- ``hard``: the search (``search``), with a thinking budget.

A game fills the levels by the names of its bots (its plugin record): ``easy`` and
``heuristic`` when it has them; otherwise easy and normal fall back on ``random``. Hard is
``search`` when the game has one (its own, or the generic search for a game without hidden
facts), else the normal bot.

    bot = make_level("hard", seed=1, ruleset=game.ruleset, seconds=2.0)
    game.apply(bot.choose(game, side))
"""

from __future__ import annotations

from hellenes_nb.bots.base import Bot
from hellenes_nb.bots.registry import bots_for, make_bot
from hellenes_nb.bots.search import DEFAULT_ITERATIONS, DEFAULT_SECONDS
from hellenes_nb.core.ruleset import Ruleset

#: the levels, easiest first
LEVELS = ("easy", "normal", "hard")

#: one line per level, for a level picker
LEVEL_TEXT = {
    "easy": "plays by rules of thumb, with a blunder now and then",
    "normal": "plays by rules of thumb, one decision at a time",
    "hard": "thinks ahead: tries its best options in many positions it may believe in",
}


def level_bots(ruleset: Ruleset) -> dict[str, str]:
    """The bot name behind each level for ``ruleset``'s game (module docstring)."""
    known = bots_for(ruleset)
    normal = "heuristic" if "heuristic" in known else "random"
    return {"easy": "easy" if "easy" in known else "random",
            "normal": normal,
            "hard": "search" if "search" in known else normal}


def level_of(ruleset: Ruleset, bot_name: str) -> str | None:
    """The level ``bot_name`` plays in ``ruleset``'s game (the easiest, when a level falls back
    on another's bot), or None for a bot behind no level."""
    return next((lvl for lvl, name in level_bots(ruleset).items() if name == bot_name), None)


def make_level(level: str, seed: int, ruleset: Ruleset, *,
               seconds: float | None = DEFAULT_SECONDS,
               iterations: int = DEFAULT_ITERATIONS) -> Bot:
    """The opponent of ``level`` for ``ruleset``'s game (``game.ruleset``). ``seconds`` is the
    hard level's thinking time a decision (None: no time limit, so a seed and ``iterations``
    replay exactly); ``iterations`` its rollouts a decision at most. The other levels ignore
    both. ``bot.thinks`` tells whether to show a "thinking…" indicator."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    return make_bot(level_bots(ruleset)[level], seed, ruleset,
                    {"seconds": seconds, "iterations": iterations})
