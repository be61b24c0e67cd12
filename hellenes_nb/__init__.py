"""hellenes-nb: the block wargame *Hellenes* as Jupyter widgets for teaching and solo play."""

from .game import Game, IllegalAction, new_game

__version__ = "0.1.0"
__all__ = ["Game", "IllegalAction", "new_game"]
