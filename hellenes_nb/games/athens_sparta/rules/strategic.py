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

from hellenes_nb.games.athens_sparta.rules.facts import Facts, facts, kinds
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


def _block(world: World, state: State, block_id: str):
    if block_id not in state.blocks:
        raise MoveError(f"there is no block {block_id!r}")
    return kinds(world)[block_id], state.blocks[block_id]


def march_reach(world: World, state: State, block_id: str, *,
                persian_alliance: bool = False) -> dict[str, int]:
    """The friendly hexes an army can end a march move in (§4.51), with the hexes entered."""
    kind, here = _block(world, state, block_id)
    side = here.side
    if kind == "navy":
        raise MoveError(f"{block_id} is a navy: only armies march (§4.51)")
    if here.where not in world.hexes:
        raise MoveError(f"{block_id} is not on the map ({here.where}) and cannot march")
    known = facts(world, state)
    if known.in_siege(here.where):
        raise MoveError(f"{block_id} is in a siege: no strategic move from it (§4.5)")
    key = ("march", here.where, side, MOVE_LIMIT[kind], persian_alliance)
    if key in known.memo:
        return dict(known.memo[key])
    ends: dict[str, int] = {}
    hexes = world.hexes
    reads: set[str] = set()

    def visit(frm: str, to: str, steps: int) -> bool:
        reads.add(to)
        owner = known.owner(to)
        if owner not in (side, "vacant", "neutral") or known.in_siege(to):
            return False  # never into or through an enemy, contested or siege hex (§4.5)
        if owner == side and to != here.where and (to not in ends or ends[to] > steps):
            ends[to] = steps
        return hexes[to].terrain != "mountain"  # a stop there, as in an operation move

    walk(world, here.where, 2 * MOVE_LIMIT[kind], side, persian_alliance, visit)
    return dict(known.keep(key, dict(sorted(ends.items())), reads))


def sea_move_targets(world: World, state: State, block_id: str) -> list[str]:
    """The cities a block can reach by a sea move (§4.52), 'syracuse' among them from an
    embarkation port (§9.2)."""
    _, here = _block(world, state, block_id)
    side = here.side
    start = world.city_at(here.where) if here.where in world.hexes else None
    if start is None or not start.port or state.control.get(start.id) != side:
        raise MoveError(f"{block_id} is not in a friendly port, where a sea move starts (§4.52)")
    known = facts(world, state)
    if known.in_siege(here.where):
        raise MoveError(f"{block_id} is in a siege or blockade: no strategic move (§4.5)")
    key = ("sea", start.id, side)
    if key not in known.memo:
        known.memo[key] = _sea_targets(known, start, side)
    return known.memo[key][:]


def _sea_targets(known: Facts, start, side: str) -> list[str]:
    """The ports of :func:`sea_move_targets` from the city ``start``: every friendly port in
    the stretches of water, not the enemy's, that touch its coasts."""
    world = known.world
    part, ports = _waters(known, side)
    reached = set()
    for node in world.coast_of(start.id):
        if node in part:
            reached.add(part[node])
        reached.update(part[n] for n in world.sea_links.get(node, ()) if n in part)
    targets = set().union(*(ports[r] for r in reached))
    if start.id in world.board.embarkation:
        targets.add(world.board.syracuse)  # §9.2: even into a siege, whatever the sea control
    targets.discard(start.id)
    return sorted(targets)


def _waters(known: Facts, side: str) -> tuple[dict, list[set[str]]]:
    """The water a sea move of ``side`` may cross (not enemy, contested or Persian, §4.52)
    cut into its connected stretches: node -> stretch, and per stretch the friendly ports,
    not under siege, with a coast in it. Made once per board and side."""
    key = ("waters", side)
    if key in known.memo:
        return known.memo[key]
    world = known.world
    links = world.sea_links
    open_water = {n for n in links if known.owner(n[0], "sea") in (side, "vacant", "neutral")
                  and not world.hexes[n[0]].persia}
    part: dict = {}
    ports: list[set[str]] = []
    for first in sorted(open_water):
        if first in part:
            continue
        here = len(ports)
        ports.append(set())
        part[first] = here
        queue = deque([first])
        while queue:
            node = queue.popleft()
            city = known.cities.get(node[0])
            if city is not None and city.port and node in world.coast_of(city.id) and \
                    known.control.get(city.id) == side and not known.in_siege(node[0]):
                ports[here].add(city.id)
            for nxt in links.get(node, ()):
                if nxt in open_water and nxt not in part:
                    part[nxt] = here
                    queue.append(nxt)
    known.memo[key] = (part, ports)
    return part, ports
