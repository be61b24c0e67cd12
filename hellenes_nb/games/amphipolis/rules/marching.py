"""§3.1 and §3.3 on a position: normal movement of a group on the main map, amphibious
movement by sea (§3.1.3), the withdrawal of cavalry (§3.1.4), stacking limits (§3.3) and the
cost of activating a zone for movement (§2 B.3.2).

The step costs come from :mod:`.movement` (the same ones the data check uses); these
functions add what a position knows: where the enemy stands (a group entering a zone held by
enemy units stops there, §3.1.4), the walls built (§5), the flotilla played (S3), and the
movement points of the group (4 with a land unit, 5 for leaders alone, §1.2.1, §1.2.2).

Called in play by :mod:`.mainmoves` (Phase B.2 and the action phases of B.3)."""

from __future__ import annotations

from hellenes_nb.games.amphipolis.rules.common import (
    LEADERS,
    UNITS,
    W,
    bonus,
    leaders_at,
    strength,
    units_at,
)
from hellenes_nb.games.amphipolis.rules.movement import (
    LAND_PM,
    LEADER_PM,
    NO_ENTRY,
    STACK,
    reach,
    step_cost,
)
from hellenes_nb.games.amphipolis.state import State

__all__ = ["STACK", "activation_cost", "amphibious_targets", "cavalry_may_withdraw",
           "entry_flags", "entry_ways", "march", "march_targets", "naval_targets", "over_stack",
           "stack_limit", "transport_targets"]


def stack_limit(zone: str) -> int | None:
    """The most units of one side ``zone`` may hold (§3.3): None for no limit (maritime
    zones, rear bases, operational zones)."""
    return STACK.get(W.zone[zone].terrain)


def over_stack(st: State, zone: str, side: int, coming: int = 0) -> int:
    """How many units of ``side`` ``zone`` would hold above its limit with ``coming`` more
    (leaders do not count, §3.3)."""
    limit = stack_limit(zone)
    if limit is None:
        return 0
    return max(0, len(units_at(st, zone, side)) + coming - limit)


def activation_cost(st: State, zone: str, side: int, operation: bool = False) -> int:
    """PA to activate ``zone`` (§2 B.3.2): a rear base or a zone with a leader of two or three
    swords costs nothing, a zone with another leader 1, a zone without a leader 2; at least 1
    when the activation carries out an operation. A wounded or ill leader has no bonus."""
    if W.zone[zone].kind == "base":
        cost = 0
    else:
        here = leaders_at(st, zone, side)
        cost = 2 if not here else 0 if max(bonus(st, g) for g in here) >= 2 else 1
    return max(cost, 1) if operation else cost


def enemy_held(st: State, side: int) -> frozenset[str]:
    """Zones of the main map holding a unit of the enemy of ``side``."""
    return frozenset(z for i, z in enumerate(st.uloc) if z is not None
                     and UNITS[i].side != side and W.zone[z].kind == "main")


def group_pm(units: list[int], leaders: list[int]) -> int:
    """Movement points of a group: 4 with any land unit, 5 for leaders alone."""
    return LAND_PM if units else LEADER_PM


def march_targets(st: State, side: int, frm: str, units: list[int],
                  leaders: list[int], pm: int | None = None) -> dict[str, int]:
    """The zones of the main map a group of ``side`` in ``frm`` may end its normal move in,
    with the least cost in PM: within its allowance (``pm``: what is left of it when the
    group goes on after a cavalry withdrawal), by steps the map allows, stopping in a zone
    held by the enemy (§3.1.4), never leaving a zone over its stacking limit (the engine
    refuses what the rule would punish, docs/rules-decisions.md)."""
    if any(not UNITS[i].land for i in units) or (not units and not leaders):
        return {}
    pm = group_pm(units, leaders) if pm is None else pm
    found = reach(W, frm, pm, side=side, walls=st.walls,
                  flotilla=st.flotilla, stop=enemy_held(st, side))
    return {z: c for z, c in found.items() if z != frm and W.zone[z].kind == "main"
            and over_stack(st, z, side, len(units)) == 0}


def amphibious_targets(st: State, side: int, frm: str, units: list[int],
                       carried: dict[str, int] | None = None) -> dict[str, int]:
    """Land zones an amphibious move of ``units`` from ``frm`` (Thasos or a land zone) may end
    in (§3.1.3): Athens only; by maritime zones each already holding an Athenian trireme,
    each costing 1 PM like clear ground, with at most one land unit a trireme PF in each
    (``carried``: units already carried through a maritime zone this phase); leaving a rear
    base costs 2 more, landing on elevated ground 1 more; it may end in a zone held by the
    enemy (an amphibious attack, unlike naval transport, §3.1.2)."""
    if side != 0 or not units or any(not UNITS[i].land for i in units):
        return {}
    carried = carried or {}

    def lift(sea: str) -> int:
        return sum(strength(st, i) for i in units_at(st, sea, 0, land=False)) - \
            carried.get(sea, 0)

    seas = {z.id for z in W.main if z.sea and lift(z.id) >= len(units)}
    first = 3 if W.zone[frm].kind == "base" else 1  # +2 to leave a rear base (§3.1.4)
    spent = {s: first for s in W.neighbours[frm] if s in seas}
    frontier = list(spent)
    while frontier:
        here = frontier.pop()
        for nxt in W.neighbours[here]:
            if nxt in seas and spent[here] + 1 < spent.get(nxt, LAND_PM + 1):
                spent[nxt] = spent[here] + 1
                frontier.append(nxt)
    out: dict[str, int] = {}
    for sea, cost in spent.items():
        for land in W.neighbours[sea]:
            z = W.zone[land]
            # the sea counts as clear ground: landing on elevated ground costs 1 more
            total = cost + 1 + (z.terrain == "elevated")
            if z.kind != "main" or z.sea or land == frm or total > LAND_PM:
                continue
            if over_stack(st, land, side, len(units)) == 0:
                out[land] = min(total, out.get(land, LAND_PM + 1))
    return out


def cavalry_may_withdraw(st: State, zone: str, mover: int, group: list[int]) -> list[int]:
    """The passive side's cavalry that may withdraw from ``zone`` as ``group`` of the active
    side enters it (§3.1.4): only when the zone holds nothing but cavalry of the passive side,
    and the entering group is not cavalry alone."""
    theirs = units_at(st, zone, 1 - mover)
    if not theirs or any(UNITS[i].type != "C" for i in theirs):
        return []
    if all(UNITS[i].type == "C" for i in group):
        return []
    return theirs


def march(st: State, side: int, frm: str, to: str, units: list[int], leaders: list[int],
          rule: str = "3.1") -> None:
    """Move the group (the caller has checked ``to`` is among the targets)."""
    for i in units:
        st.uloc[i] = to
    for g in leaders:
        st.lloc[g] = to
    what = [LEADERS[g].name for g in leaders] + [UNITS[i].label(st.ured[i]) for i in units]
    st.event("marched", rule, f"{('Athens', 'Sparta')[side]} moves {', '.join(what)} from "
             f"{W.zone[frm].name} ({frm}) to {W.zone[to].name} ({to})", side)



def seas_from(frm: str) -> set[str]:
    """The maritime zones a fleet in ``frm`` (Thasos or a maritime zone) may reach: triremes
    have unlimited movement at sea (§1.2.1), Thasos touches M2 only (§3.1)."""
    seen: set[str] = set()
    todo = [z for z in W.neighbours[frm] if W.zone[z].sea]
    while todo:
        z = todo.pop()
        if z not in seen:
            seen.add(z)
            todo.extend(n for n in W.neighbours[z] if W.zone[n].sea)
    return seen


def naval_targets(st: State, side: int, frm: str) -> list[str]:
    """Maritime zones a group of triremes (with leaders) may move to (§1.2.1, §3.1.1): any
    one reached by sea from ``frm``; Athens only (Sparta has no fleet)."""
    if side != 0:
        return []
    return sorted(z for z in seas_from(frm) if z != frm)


def transport_targets(st: State, frm: str, units: list[int]) -> list[tuple[str, str]]:
    """(maritime zone, land zone) of every landing a naval transport from Thasos may make in
    Phase B.2 (§3.1.2): the fleet stops in a maritime zone it reaches, the land units land in
    an adjacent land zone free of enemy units, one land unit a trireme PF, within the stacking
    limit."""
    land = [i for i in units if UNITS[i].land]
    lift = sum(strength(st, i) for i in units if not UNITS[i].land)
    if frm != "thasos" or not land or len(land) > lift:
        return []
    enemy = enemy_held(st, 0)
    out = []
    for sea in sorted(seas_from(frm)):
        for z in W.neighbours[sea]:
            if W.zone[z].kind == "main" and not W.zone[z].sea and z not in enemy \
                    and over_stack(st, z, 0, len(land)) == 0:
                out.append((sea, z))
    return out


def _effect(to: str, flags: list[str]) -> tuple[int, int]:
    """What a way in costs the attacker in the results table (§4.2): (columns to the left,
    die modifier lost), the city's -2 falling away over a wall."""
    terrain = W.zone[to].terrain
    cols = ("river" in flags) + 2 * ("wall" in flags) + ("slope" in flags
                                                          and terrain == "elevated")
    die = 2 if terrain == "humid" or terrain == "city" and "wall" not in flags else 0
    return cols, die


def entry_ways(st: State, side: int, frm: str, to: str, units: list[int],
               leaders: list[int], pm: int | None = None) -> list[tuple[str, list[str], int]]:
    """The ways a group moving normally from ``frm`` may enter ``to`` on its last step, as
    (the zone it comes from, flags, PM spent), for the column shifts of the results table
    (§4.2 c, e, f): "river" over the bridge or the river, "slope" from clear into elevated
    ground, "wall" over a standing wall. The attacker picks the way (docs/rules-decisions.md);
    only ways that differ in the table are listed, none worse than another on both its
    columns and its die, the way with the fewest flags first."""
    pm = group_pm(units, leaders) if pm is None else pm
    stop = enemy_held(st, side)
    found = reach(W, frm, pm, side=side, walls=st.walls, flotilla=st.flotilla, stop=stop)
    ways: dict[tuple[int, int], tuple[str, list[str], int]] = {}
    for prev, spent in found.items():
        if prev != frm and prev in stop:
            continue
        c = step_cost(W, prev, to, side=side, walls=st.walls, flotilla=st.flotilla)
        if c == NO_ENTRY or spent + c > pm:
            continue
        flags = _step_flags(st, prev, to)
        eff = _effect(to, flags)
        old = ways.get(eff)
        if old is None or (len(flags), spent + c) < (len(old[1]), old[2]):
            ways[eff] = (prev, flags, spent + c)
    kept = [w for e, w in ways.items() if not any(
        o != e and o[0] <= e[0] and o[1] <= e[1] for o in ways)]
    return sorted(kept, key=lambda w: len(w[1]))


def entry_flags(st: State, side: int, frm: str, to: str, units: list[int],
                leaders: list[int]) -> list[str]:
    """The flags of the first of :func:`entry_ways` (the way with the fewest flags)."""
    ways = entry_ways(st, side, frm, to, units, leaders)
    return ways[0][1] if ways else []


def _step_flags(st: State, prev: str, to: str) -> list[str]:
    if W.zone[prev].kind != "main":
        return []
    border = W.border[frozenset((prev, to))]
    flags = []
    if border.crossing in ("bridge", "river"):
        flags.append("river")
    if W.zone[prev].terrain == "clear" and W.zone[to].terrain == "elevated":
        flags.append("slope")
    if border.wall == "permanent" or (border.wall == "buildable" and st.walls == "built"):
        flags.append("wall")
    return flags
