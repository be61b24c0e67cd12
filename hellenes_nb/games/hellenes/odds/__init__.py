"""Exact and sampled battle odds for *Hellenes* (§6 combat, §8.11 double defense, §14.11).

Quick start::

    from hellenes_nb.games.hellenes.odds import make_battle, battle_odds
    odds = battle_odds(make_battle("B2:3,A1:2", "C2:4,cav:A1:2"))
    odds.attacker_wins, odds.expected_steps_lost(), odds.table("losses")

The forces syntax and every option are documented in ``docs/odds.md``.
"""

from hellenes_nb.games.hellenes.odds.auto import MAX_EXACT_STATES, battle_odds, exact_limit
from hellenes_nb.games.hellenes.odds.battle import BattleSpec, Moment, RetreatPolicy, make_battle
from hellenes_nb.games.hellenes.odds.exact import exact_odds, state_count
from hellenes_nb.games.hellenes.odds.fog import fog_odds
from hellenes_nb.games.hellenes.odds.forces import Block, ForcesError, format_forces, parse_forces
from hellenes_nb.games.hellenes.odds.montecarlo import sample_odds, sample_odds_python
from hellenes_nb.games.hellenes.odds.result import Odds
from hellenes_nb.games.hellenes.odds.size import TooBigError, joint_size

__all__ = [
    "MAX_EXACT_STATES",
    "Moment",
    "BattleSpec",
    "Block",
    "ForcesError",
    "Odds",
    "RetreatPolicy",
    "TooBigError",
    "battle_odds",
    "exact_limit",
    "exact_odds",
    "fog_odds",
    "format_forces",
    "joint_size",
    "make_battle",
    "parse_forces",
    "sample_odds",
    "sample_odds_python",
    "state_count",
]
