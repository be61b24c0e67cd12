"""Terrain limits (§4.1 and its Terrain Effects Table): how many blocks of one side may stand
in a hex (stacking) and how many may attack across one hexside.

- **Stacking**: 4 blocks of a side in a clear or straits hex, 3 in a mountain hex; Athens' hex
  holds 6, at most 4 of them armies. Limits are ignored while moving (a block passes a full
  hex) and apply where a block ends a move, a retreat or a regroup (§4.1, §5.5, §5.6).
- **Hexside limits** (attacking only): 2 blocks across a clear hexside, 1 across a pass or a
  strait (§4.3), none across a mountain hexside. A navy attacks from the sea, with no hexside.
  The engine keeps where a block began its move, not its path: an attack uses the hexside
  from its starting hex when that is next to the target, else one of the hexsides one hex
  nearer to where it started that still has room (docs/rules-decisions.md).
"""

from __future__ import annotations

from hellenes_nb.games.athens_sparta.world import World

__all__ = ["HEXSIDE", "counts_of", "entry_side", "has_room", "stack_limit"]

HEXSIDE = {"clear": 2, "pass": 1, "strait": 1, "mountain": 0, "water": 0}


def stack_limit(world: World, hex_id: str) -> tuple[int, int | None]:
    """(blocks of one side, of which armies at most) a hex may hold (§4.1)."""
    city = world.city_at(hex_id)
    if city is not None and city.id == "athens":
        return 6, 4
    return (3 if world.hexes[hex_id].terrain == "mountain" else 4), None


def has_room(world: World, counts: dict, side: str, hex_id: str, navy: bool) -> bool:
    """Whether one more block of ``side`` (a navy or not) may end in ``hex_id``; ``counts``
    maps (hex, side) to (blocks, armies) there now."""
    if hex_id not in world.hexes:
        return True  # Syracuse's box: the rules give it no stacking limit
    total, armies = stack_limit(world, hex_id)
    have, have_armies = counts.get((hex_id, side), (0, 0))
    if have >= total:
        return False
    return navy or armies is None or have_armies < armies


def counts_of(state, kinds: dict) -> dict:
    """(hex, side) -> (blocks, armies) for the blocks on the map."""
    out: dict = {}
    for k, v in state.blocks.items():
        if v.side and v.steps > 0:
            n, a = out.get((v.where, v.side), (0, 0))
            out[(v.where, v.side)] = (n + 1, a + (kinds[k] != "navy"))
    return out


def entry_side(world: World, origin: str, target: str, used: dict) -> str | None:
    """The hex next to ``target`` an army from ``origin`` attacks across (module docstring),
    or None when every hexside it could use is full ("" when no land way is known, as after
    a sea move: nothing to count). ``used`` maps a neighbour of the target to the blocks that
    have attacked across that hexside this phase."""
    near = world.land_links.get(target, set())
    if origin in near:
        candidates = [origin]
    else:
        d = world.land_distance(origin, target)
        candidates = sorted(n for n in near if d is not None
                            and world.land_distance(origin, n) == d - 1)
    if not candidates:
        return ""
    for n in candidates:
        if used.get(n, 0) < HEXSIDE.get(world.side(n, target), 0):
            return n
    return None
