"""Sieges and blockades: how full a siege is, and siege attrition (§5.3, §6.0, §6.1; aid
"Sieges", "Blockades", "Islands", "Sea Patrols").

A siege is **full** when the city gets supply neither by land nor by sea: besieged by armies
and blockaded by navies, or besieged when it has no port (a landlocked city, the sidebar
"Landlocked Cities"), or blockaded when it is an island port (§6.1: six sea hexsides, one port
on the island, or reached only through one strait). Otherwise one of the two makes a **half**
siege. After its combat phase the active player rolls one die for each of its blocks in a
siege or blockade (§6.0): rolls at or over the target are hits, each on its strongest block.
"""

from __future__ import annotations

from collections.abc import Iterable

from hellenes_nb.core.dice import Dice
from hellenes_nb.games.athens_sparta.rules.combat import CombatBlock, take_hits

__all__ = ["PATROL_TARGET", "attrition", "attrition_target", "siege_status"]

#: ships on sea patrol roll as in a half siege (aid "Sea Patrols")
PATROL_TARGET = 5


def siege_status(*, port: bool, island: bool, besieged: bool, blockaded: bool) -> str | None:
    """'full', 'half' or None (no siege) for a city (§6.0, §6.1)."""
    if not (besieged or blockaded):
        return None
    if besieged and blockaded:
        return "full"
    if besieged and not port:
        return "full"  # a landlocked city has no sea supply
    if blockaded and island:
        return "full"  # an island port has no land supply (§6.1)
    return "half"


def attrition_target(role: str, status: str) -> int:
    """The least roll that is a hit (§6.0 table): the besieged defender 5+ in a half siege and
    3+ in a full one; the besieging attacker (and blockading ships) 4+ either way."""
    if status not in ("full", "half"):
        raise ValueError(f"a siege is 'full' or 'half', not {status!r}")
    if role == "attacker":
        return 4
    if role == "defender":
        return 3 if status == "full" else 5
    raise ValueError(f"a side in a siege is 'attacker' or 'defender', not {role!r}")


def attrition(blocks: Iterable[CombatBlock], target: int, dice: Dice) -> dict:
    """Roll one die per block (§6.0); each roll of ``target`` or more is a hit on the strongest
    of these blocks (owner's pick among equals: the first by id)."""
    blocks = [b for b in blocks if b.alive]
    faces = dice.rolls(len(blocks))
    hits = sum(1 for f in faces if f >= target)
    return {"faces": faces, "hits": hits, "taken": take_hits(blocks, hits), "rule": "§6.0"}
