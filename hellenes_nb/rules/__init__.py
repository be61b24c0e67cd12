"""Pure-Python rules of *Hellenes*: dice kept in the game state and the battle machine (§6, §8).

Nothing here knows the map: the game engine decides who fights and where retreats go.
"""

from .battle_setup import KINDS, BattleError
from .blocks import AGILITY, SIDES, Fighter, other_side
from .combat import Battle, Prompt
from .dice import Dice
from .policies import AutoPolicy, auto
from .prestige import Outcome, battle_award

__all__ = [
    "AGILITY", "KINDS", "SIDES", "AutoPolicy", "Battle", "BattleError", "Dice", "Fighter",
    "Outcome", "Prompt", "auto", "battle_award", "other_side",
]
