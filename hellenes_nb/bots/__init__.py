"""Computer opponents for Hellenes (docs/bots.md): a random baseline and a heuristic bot.

    from hellenes_nb.bots import HeuristicBot, RandomBot, make_bot
    bot = HeuristicBot(seed=1)
    game.apply(bot.choose(game, "sparta"))
"""

from hellenes_nb.bots.base import Bot, BotError, deciding_sides
from hellenes_nb.bots.random_bot import RandomBot
from hellenes_nb.bots.registry import BOTS, make_bot
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot

__all__ = ["BOTS", "Bot", "BotError", "HeuristicBot", "RandomBot", "deciding_sides", "make_bot"]
