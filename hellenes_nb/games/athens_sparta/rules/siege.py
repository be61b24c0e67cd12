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
from hellenes_nb.games.athens_sparta.state import State
from hellenes_nb.games.athens_sparta.world import World

__all__ = ["PATROL_TARGET", "attrition", "attrition_target", "island", "siege_attrition",
           "siege_status"]

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


def island(world: World, city_id: str) -> bool:
    """An island port for blockades (§6.1, aid "Islands"): no land leads out of its hex but
    across a strait (Naxos and Cephallenia have no land side at all; Corcyra and Chios cross
    their own strait; Samos crosses Ephesus'). A hex on the far shore of another strait with
    more land along that shore is not one: Euboea's ports have land supply (§6.1)."""
    here = world.cities[city_id].hex
    own = world.straits.get(here)
    for n in world.land_links.get(here, set()):
        if own is not None and n in own.far:
            continue  # across its own strait
        theirs = world.straits.get(n)
        if theirs is not None and here in theirs.far:
            if len(theirs.far) > 1:
                return False  # it walks on along that strait's far shore
            continue  # it can only cross into that strait's hex
        return False  # a plain land side
    return True


def siege_attrition(world: World, state: State, side: str, dice: Dice) -> list[dict]:
    """The active ``side``'s siege attrition after its combat phase (§6.0): every block of it
    in a siege or blockade rolls one die; hits fall on its strongest blocks there. One result
    per city, in city order."""
    results = []
    for city_id in sorted(set(state.besieged) | set(state.blockaded)):
        city = world.cities[city_id]
        status = siege_status(port=city.port, island=island(world, city_id),
                              besieged=city_id in state.besieged,
                              blockaded=city_id in state.blockaded)
        role = "defender" if state.control.get(city_id) == side else "attacker"
        ours = [b for b, s in sorted(state.blocks.items())
                if s.where == city.hex and s.side == side and s.steps > 0]
        if not ours:
            continue
        blocks = [CombatBlock(b, role, "block", state.blocks[b].steps, "A1") for b in ours]
        target = attrition_target(role, status)
        result = attrition(blocks, target, dice)
        for cb in blocks:
            state.blocks[cb.id].steps = cb.strength
            if not cb.alive:
                state.blocks[cb.id].where = "pool"  # eliminated blocks go to the pool (§8.5)
        results.append({"city": city_id, "status": status, "role": role, "target": target,
                        **result})
    return results
