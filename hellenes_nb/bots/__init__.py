"""Computer opponents for Hellenes (docs/bots.md): a random baseline and a heuristic bot.

    from hellenes_nb.bots import HeuristicBot, RandomBot, make_bot
    bot = HeuristicBot(seed=1)
    game.apply(bot.choose(game, "sparta"))
"""

from .base import Bot, BotError, deciding_sides
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .registry import BOTS, make_bot

__all__ = ["BOTS", "Bot", "BotError", "HeuristicBot", "RandomBot", "deciding_sides", "make_bot"]
