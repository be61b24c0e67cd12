"""§3.1 Normal movement on the main map: what one step from a zone to an adjacent zone costs
in movement points (PM), and where a group can go with its allowance.

A step costs 1 PM and more (§3.1.4): +2 leaving a rear base, +1 from clear to elevated
ground, +3 over a wall from outside in, +1 from inside out, +1 over a destroyed wall either
way, +1 over the bridge; the river is crossed only by the bridge, or by Spartans anywhere
once the flotilla (S3) has been played, for +2 (§3.1.1, §7). Zones meeting only at a point
share no border and are not adjacent (§3.1). A buildable wall stands only once the Spartans
have built it ("built"); after the Athenian sappers it is "destroyed" (§5.1, §5.2).

These functions read only the world (:mod:`..world`), so the data check uses the same costs
the game does."""

from __future__ import annotations

import heapq

from hellenes_nb.games.amphipolis.world import World

__all__ = ["LAND_PM", "LEADER_PM", "NO_ENTRY", "STACK", "reach", "step_cost"]

#: movement allowances on land (§1.2.1, §1.2.2)
LAND_PM, LEADER_PM = 4, 5
#: a step that may not be made
NO_ENTRY = -1
#: units of one side a zone may hold at the end of a move (§3.3); no limit elsewhere
STACK = {"city": 8, "clear": 7, "elevated": 7, "humid": 5}


def step_cost(world: World, frm: str, to: str, *, side: int = 1, walls: str = "none",
              flotilla: bool = False) -> int:
    """PM for one land step from ``frm`` to ``to`` (:data:`NO_ENTRY` when not allowed);
    ``walls`` is the state of the walls the Spartans may build: "none", "built" or
    "destroyed"; ``side`` 0 Athens, 1 Sparta."""
    a, b = world.zone.get(frm), world.zone.get(to)
    if a is None or b is None or to not in world.neighbours.get(frm, ()):
        return NO_ENTRY
    if b.kind != "main" or b.sea or a.sea:
        return NO_ENTRY
    if a.kind == "base":
        return 3 if side in a.users else NO_ENTRY
    border = world.border[frozenset((frm, to))]
    cost = 1
    if border.crossing == "bridge":
        cost += 1
    elif border.crossing == "river":
        if not (flotilla and side == 1):
            return NO_ENTRY
        cost += 2
    if a.terrain == "clear" and b.terrain == "elevated":
        cost += 1
    standing = border.wall == "permanent" or (border.wall == "buildable" and walls == "built")
    if standing:
        cost += 3 if border.inside == to else 1
    elif border.wall == "buildable" and walls == "destroyed":
        cost += 1
    return cost


def reach(world: World, start: str, pm: int, *, side: int = 1, walls: str = "none",
          flotilla: bool = False, stop: frozenset[str] = frozenset()) -> dict[str, int]:
    """Every zone reachable from ``start`` within ``pm`` movement points, with the least cost
    (``start`` itself at 0). Zones in ``stop`` (held by the enemy, §3.1.4) may be entered but
    not left."""
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        spent, here = heapq.heappop(queue)
        if spent > best.get(here, pm + 1) or (here in stop and here != start):
            continue
        for nxt in world.neighbours.get(here, ()):
            c = step_cost(world, here, nxt, side=side, walls=walls, flotilla=flotilla)
            if c == NO_ENTRY or spent + c > pm or spent + c >= best.get(nxt, pm + 1):
                continue
            best[nxt] = spent + c
            heapq.heappush(queue, (spent + c, nxt))
    return best
