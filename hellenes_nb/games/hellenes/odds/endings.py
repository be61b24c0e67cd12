"""How a battle ends and what each ending is worth (§6.34, §14.11): the outcome keys of
:class:`~.result.Odds` and its tables."""

from __future__ import annotations

#: How a battle ends. ``retire`` is a retreat from a land battle before suffering any hit or rout.
HOWS = ("panic", "elimination", "retreat", "retire")

#: Prestige the winner gains (§6.34, §14.11): 2 for a panic or wiping out the enemy, 1 when the
#: enemy retreats, nothing when it retires from a land battle (a skirmish).
PRESTIGE = {"panic": 2, "elimination": 2, "retreat": 1, "retire": 0}

Outcome = tuple[int, str, int, int]
"""(winning side 0 = attacker / 1 = defender, how, steps lost by attacker, by defender)."""
