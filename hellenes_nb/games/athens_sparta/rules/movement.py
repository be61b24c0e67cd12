"""Where an army may go with one operation move (§4.1-§4.4, §1.4, §1.8, §9.3, §9.5; aid
"Straits").

An army moves up to its move limit (hoplite 3, peltast 4, cavalry 5; §4.4) from hex to hex over
land hexsides, never over a mountain hexside (§1.8) or water except a strait (§4.1). It must
stop when it enters:

- a mountain hex (§1.8, terrain table);
- a hex holding enemy blocks that are not shut in a siege (§4.4), except an oracle hex, where
  no combat can happen (§1.4), and a straits hex entered on the side away from its city, which
  it may also pass through without crossing (§4.3);
- a straits hex when it crosses the strait (§4.3): from the far side to the city's side or the
  other way. Blocks in a straits hex stand on the city's side, so a block that stops there has
  crossed if it came from the far side.

It may pass a neutral city's hex but stop there only to attack it (§9.5); Athens may never
enter Persia, and Sparta only once allied with Persia (§9.3). Moving through a hex never
changes who controls it before the phase ends (§4.2), so control is read from the state as it
was when the move began.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from hellenes_nb.games.athens_sparta.rules.facts import Facts, facts, kinds
from hellenes_nb.games.athens_sparta.state import State
from hellenes_nb.games.athens_sparta.world import World

__all__ = ["MOVE_LIMIT", "MoveError", "Reach", "army_reach", "navy_reach", "sea_attack_base",
           "walk"]

MOVE_LIMIT = {"hoplite": 3, "peltast": 4, "cavalry": 5, "navy": 4, "helots": 4,
              "demos": 4, "tyrants": 4}


@dataclass(frozen=True)
class Reach:
    """One hex an army can end its move in: hexes entered, whether it must stop there and why,
    whether it attacks there, whether it crossed a strait into it (attack limit 1, §4.3)."""

    hex: str
    steps: int
    stop: str | None
    attack: bool
    crossed: bool


class MoveError(ValueError):
    """A move asked of a block that cannot make it, in plain words."""


def army_reach(world: World, state: State, block_id: str, *,
               persian_alliance: bool = False, patrols: frozenset[str] = frozenset()
               ) -> dict[str, Reach]:
    """Every hex the army ``block_id`` can end an operation move in (its own hex left out),
    with the fewest hexes entered to get there. ``patrols``: hexes where the only enemy blocks
    are navies on patrol, which armies neither attack nor stop for, and do not end in (aid
    "Sea Patrols"). An army in a straits hex whose sea the enemy holds does not cross its
    strait (§4.3; aid "Straits": armies cross only with sea control)."""
    if block_id not in state.blocks:
        raise MoveError(f"there is no block {block_id!r}")
    here = state.blocks[block_id]
    kind = kinds(world)[block_id]
    if kind == "navy":
        raise MoveError(f"{block_id} is a navy: navies move by sea, not over land (§4.1)")
    if here.where not in world.hexes:
        raise MoveError(f"{block_id} is not on the map ({here.where}) and cannot move by land")
    side = here.side
    known = facts(world, state)
    key = ("army", here.where, side, MOVE_LIMIT[kind], persian_alliance, patrols)
    if key in known.memo:
        return dict(known.memo[key])
    best: dict[str, Reach] = {}
    reads: set[str] = {here.where}
    strait = world.straits.get(here.where)
    shut = strait.far if strait is not None and known.sea_control(here.where) not in (
        None, side) else ()

    def visit(frm: str, to: str, steps: int) -> bool:
        reads.add(to)
        if frm == here.where and to in shut:
            return False  # the enemy holds the strait's sea (§4.3)
        if to in patrols:
            return world.hexes[to].terrain != "mountain"  # passes the patrol by
        stop, attack, crossed = _enter(known, side, frm, to)
        if to != here.where and (to not in best or best[to].steps > steps):
            best[to] = Reach(to, steps, stop, attack, crossed)
        return stop is None

    walk(world, here.where, MOVE_LIMIT[kind], side, persian_alliance, visit)
    return dict(known.keep(key, dict(sorted(best.items())), reads))


def walk(world: World, origin: str, limit: int, side: str, alliance: bool,
         visit: Callable[[str, str, int], bool]) -> None:
    """Breadth first over land from ``origin``, at most ``limit`` hexes entered, by the steps
    terrain allows: no mountain or water side (§1.8, §4.1), no strait crossed without a stop in
    its hex (§4.3), no Persia for Athens, nor for Sparta unallied (§9.3). ``visit(from, to,
    hexes entered)`` is called for each step and says whether the block may go on from there."""
    seen = {(origin, None): 0}
    queue: deque = deque([(origin, None)])
    hexes, straits, open_steps = world.hexes, world.straits, world.open_steps()
    no_persia = side == "athens" or not alliance
    while queue:
        hex_id, prev = queue.popleft()
        steps = seen[(hex_id, prev)]
        if steps == limit:
            continue
        left = straits.get(hex_id) if prev is not None else None
        came_far = left is not None and prev in left.far
        for nxt in open_steps.get(hex_id, ()):
            if left is not None and came_far != (nxt in left.far):
                continue  # going on would cross the strait without stopping (§4.3)
            if no_persia and hexes[nxt].persia:
                continue
            # where it came from matters only in a straits hex: elsewhere a second way in
            # (never shorter, breadth first) reaches nothing new, so it is not followed
            state = (nxt, hex_id) if nxt in straits else (nxt, None)
            if visit(hex_id, nxt, steps + 1) and state not in seen:
                seen[state] = steps + 1
                queue.append(state)


def _enter(known: Facts, side: str, frm: str, to: str) -> tuple[str | None, bool, bool]:
    """Stepping from ``frm`` into ``to`` (a step :func:`walk` allows): why the army must stop
    there, or None if it may go on; whether ending there attacks; whether ending there has
    crossed a strait."""
    world = known.world
    target = world.hexes[to]
    city = known.cities.get(to)
    strait = world.straits.get(to)
    far_side = strait is not None and frm in strait.far
    enemy = any(s != side for s in known.sides.get(to, ())) and not (
        city is not None and known.besieged.get(city.id) == side)
    if city is not None and city.kind == "oracle":
        enemy = False  # no combat in an oracle hex (§1.4)
    neutral = city is not None and known.control.get(city.id) == "neutral"
    stop = None
    if enemy and not far_side:
        stop = "enemy blocks (§4.4)"  # on the far side it may also pass by (§4.3)
    if target.terrain == "mountain":
        stop = stop or "a mountain hex (§1.8)"
    return stop, enemy or neutral, far_side


def navy_reach(world: World, state: State, block_id: str, *, storm: bool = False,
               persian_alliance: bool = False, shore: str = "aid"
               ) -> dict[tuple[str, int], Reach]:
    """Every coast (hex, coast) the navy ``block_id`` can end an operation move in (§4.4: up
    to 4 hexes over water), with the fewest hexes entered. A navy stands on the coast of its
    city (§1.7); at Corinth it may leave by either coast (§1.6). It stops on meeting enemy
    blocks (attack there); it may end only in a friendly port or an oracle's, or by attacking
    an enemy or neutral port (aid "Shore Combat", "Sea Attacks"); an attack on an enemy
    port starts from a friendly port (aid "Sea Attacks": not from a patrol at sea, a blockade
    or an oracle's port); it never passes a hex the enemy blockades (§4.2). Under a Storm no
    navy moves (§4.6). ``shore`` (the option ``shore_stop``): by the aid a navy never enters
    a coastal hex without a port that holds enemy blocks (ships only pass such hexes, and
    enemy blocks stop them); ``any_coast`` (§4.4) lets it attack there."""
    if block_id not in state.blocks:
        raise MoveError(f"there is no block {block_id!r}")
    kind = kinds(world)[block_id]
    if kind != "navy":
        raise MoveError(f"{block_id} is not a navy: armies move over land (§4.4)")
    if storm:
        raise MoveError("the Storm card holds every navy in port this Game Turn (§4.6)")
    here = state.blocks[block_id]
    if here.where not in world.hexes:
        raise MoveError(f"{block_id} is not on the map ({here.where})")
    side = here.side
    known = facts(world, state)
    key = ("navy", here.where, side, persian_alliance, shore)
    if key not in known.memo:
        reads: set[str] = set()
        known.keep(key, _navy_reach(known, here.where, side, persian_alliance, reads, shore),
                   reads)
    return dict(known.memo[key])


def _navy_reach(known: Facts, where: str, side: str, persian_alliance: bool, reads: set[str],
                shore: str = "aid") -> dict[tuple[str, int], Reach]:
    """:func:`navy_reach` from ``where``; ``reads`` gets the hexes whose facts it read."""
    world = known.world
    city = world.city_at(where)
    starts = world.coast_of(city.id) if city is not None and city.port else \
        [n for n in world.sea_links if n[0] == where][:1]
    reads.add(where)
    in_port = sea_attack_base(known, where, side)
    best: dict[tuple[str, int], Reach] = {}
    seen = {s: 0 for s in starts}
    queue = deque(starts)
    while queue:
        node = queue.popleft()
        steps = seen[node]
        if steps == MOVE_LIMIT["navy"]:
            continue
        for nxt in sorted(world.sea_links.get(node, ())):
            if nxt in seen or nxt[0] == where:
                continue
            hex_id = nxt[0]
            if world.hexes[hex_id].persia and (side == "athens" or not persian_alliance):
                continue  # §9.3
            port = world.city_at(hex_id)
            reads.add(hex_id)
            blockader = known.blockaded.get(port.id) if port is not None else None
            if blockader not in (None, side):
                continue  # an enemy blockade is enemy sea (§4.2)
            enemy = any(s != side for s in known.sides.get(hex_id, ())) and not (
                port is not None and side in (known.besieged.get(port.id), blockader))
            if enemy and shore == "aid" and world.hexes[hex_id].land and (
                    port is None or not port.port):
                continue  # no ship fights ashore off a port (aid "Shore Combat")
            seen[nxt] = steps + 1
            at_city = port is not None and port.port and nxt in world.coast_of(port.id)
            owner = known.control.get(port.id) if at_city else None
            attack = enemy or (at_city and owner not in (side, None))
            if not in_port and at_city and owner in ("athens", "sparta") and owner != side:
                pass  # a sea attack on an enemy port starts from a friendly port (aid)
            elif enemy or (at_city and (owner == side or port.kind == "oracle")) or attack:
                best[nxt] = Reach(hex_id, steps + 1, "enemy blocks (§4.4)" if enemy else None,
                                  attack, False)
            if not enemy:
                queue.append(nxt)
    return dict(sorted(best.items()))


def sea_attack_base(known: Facts, where: str, side: str) -> bool:
    """Ships in ``where`` may make a sea attack on an enemy port (aid "Sea Attacks"): they
    stand in a port ``side`` holds."""
    city = known.world.city_at(where)
    return city is not None and city.port and known.control.get(city.id) == side
