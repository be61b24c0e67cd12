"""Hex control (§4.2) and strategic moves (§4.5, §9.2; aid "Neutral Cities", "Sicily").

**Control.** A hex is friendly to a side when it holds only that side's blocks, or, with no
blocks, a city that side controls. It is contested with blocks of both, neutral with a neutral
city and no blocks, vacant with neither. A siege gives the hex to the besieger for land moves,
a blockade to the blockader for sea moves (§4.2).

**March move** (§4.51): an army moves up to twice its move limit, through friendly, vacant or
neutral hexes, and ends in a friendly hex. **Sea move** (§4.52): a navy or an army goes from
one friendly port to another over water that is not enemy (any distance), and never to a
neutral city (aid). No strategic move enters or crosses an enemy or contested hex, or starts or
ends in a siege or blockade (§4.5) — except the sea move to Syracuse from one of its four
friendly, unblockaded ports (§9.2), which is allowed into a siege and whatever the sea control.
Terrain still binds a march: closed mountain sides, a stop in a mountain hex, a stop on
crossing a strait (§1.8, §4.3), and Persia (§9.3).
"""

from __future__ import annotations

from collections import deque

from hellenes_nb.games.athens_sparta.rules.movement import MOVE_LIMIT, MoveError, walk
from hellenes_nb.games.athens_sparta.state import State
from hellenes_nb.games.athens_sparta.world import World

__all__ = ["control", "march_reach", "sea_move_targets"]


def control(world: World, state: State, hex_id: str, medium: str = "land") -> str:
    """Who the hex belongs to for a move by ``medium`` ('land' or 'sea'): 'athens',
    'sparta', 'contested', 'neutral', 'persia' or 'vacant' (§4.2)."""
    city = world.city_at(hex_id)
    if city is not None:
        held = state.besieged if medium == "land" else state.blockaded
        if city.id in held:
            return held[city.id]
    sides = set(state.sides_in(hex_id))
    if len(sides) > 1:
        return "contested"
    if sides:
        return sides.pop()
    if city is not None and city.kind == "city":
        return state.control.get(city.id, "vacant")
    return "vacant"


def _in_siege(state: State, world: World, hex_id: str) -> bool:
    city = world.city_at(hex_id)
    return city is not None and (city.id in state.besieged or city.id in state.blockaded)


def _block(world: World, state: State, block_id: str):
    if block_id not in state.blocks:
        raise MoveError(f"there is no block {block_id!r}")
    return next(b for b in world.blocks if b.id == block_id), state.blocks[block_id]


def march_reach(world: World, state: State, block_id: str, *,
                persian_alliance: bool = False) -> dict[str, int]:
    """The friendly hexes an army can end a march move in (§4.51), with the hexes entered."""
    block, here = _block(world, state, block_id)
    side = here.side
    if block.type == "navy":
        raise MoveError(f"{block_id} is a navy: only armies march (§4.51)")
    if here.where not in world.hexes:
        raise MoveError(f"{block_id} is not on the map ({here.where}) and cannot march")
    if _in_siege(state, world, here.where):
        raise MoveError(f"{block_id} is in a siege: no strategic move from it (§4.5)")
    ends: dict[str, int] = {}

    def visit(frm: str, to: str, steps: int) -> bool:
        owner = control(world, state, to)
        if owner not in (side, "vacant", "neutral") or _in_siege(state, world, to):
            return False  # never into or through an enemy, contested or siege hex (§4.5)
        if owner == side and to != here.where and (to not in ends or ends[to] > steps):
            ends[to] = steps
        return world.hexes[to].terrain != "mountain"  # a stop there, as in an operation move

    walk(world, here.where, 2 * MOVE_LIMIT[block.type], side, persian_alliance, visit)
    return dict(sorted(ends.items()))


def sea_move_targets(world: World, state: State, block_id: str) -> list[str]:
    """The cities a block can reach by a sea move (§4.52), 'syracuse' among them from an
    embarkation port (§9.2)."""
    block, here = _block(world, state, block_id)
    side = here.side
    start = world.city_at(here.where) if here.where in world.hexes else None
    if start is None or not start.port or state.control.get(start.id) != side:
        raise MoveError(f"{block_id} is not in a friendly port, where a sea move starts (§4.52)")
    if _in_siege(state, world, here.where):
        raise MoveError(f"{block_id} is in a siege or blockade: no strategic move (§4.5)")
    targets = set()
    nodes = world.coast_of(start.id)
    seen = set(nodes)
    queue = deque(nodes)
    while queue:
        node = queue.popleft()
        for nxt in world.sea_links.get(node, ()):
            if nxt in seen:
                continue
            seen.add(nxt)
            owner = control(world, state, nxt[0], "sea")
            if owner not in (side, "vacant", "neutral") or world.hexes[nxt[0]].persia:
                continue  # enemy, contested or Persian water is not crossed
            city = world.city_at(nxt[0])
            if city is not None and city.port and nxt in world.coast_of(city.id) and \
                    state.control.get(city.id) == side and not _in_siege(state, world, nxt[0]):
                targets.add(city.id)
            queue.append(nxt)
    if start.id in world.board.embarkation:
        targets.add(world.board.syracuse)  # §9.2: even into a siege, whatever the sea control
    targets.discard(start.id)
    return sorted(targets)
