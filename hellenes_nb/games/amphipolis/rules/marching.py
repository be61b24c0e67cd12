"""§3.1 and §3.3 on a position: normal movement of a group on the main map, amphibious
movement by sea (§3.1.3), the withdrawal of cavalry (§3.1.4), stacking limits (§3.3) and the
cost of activating a zone for movement (§2 B.3.2).

The step costs come from :mod:`.movement` (the same ones the data check uses); these
functions add what a position knows: where the enemy stands (a group entering a zone held by
enemy units stops there, §3.1.4), the walls built (§5), the flotilla played (S3), and the
movement points of the group (4 with a land unit, 5 for leaders alone, §1.2.1, §1.2.2).

Not yet wired into the action phases: scenario 10.2 does not use the main map, and 10.1,
10.3 and 10.4 are still to come (docs/amphipolis.md)."""

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
from hellenes_nb.games.amphipolis.rules.movement import LAND_PM, LEADER_PM, STACK, reach
from hellenes_nb.games.amphipolis.state import State

__all__ = ["STACK", "activation_cost", "amphibious_targets", "cavalry_may_withdraw",
           "march", "march_targets", "over_stack", "stack_limit"]


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


def _enemy_held(st: State, side: int) -> frozenset[str]:
    return frozenset(z.id for z in W.main if units_at(st, z.id, 1 - side))


def group_pm(units: list[int], leaders: list[int]) -> int:
    """Movement points of a group: 4 with any land unit, 5 for leaders alone."""
    return LAND_PM if units else LEADER_PM


def march_targets(st: State, side: int, frm: str, units: list[int],
                  leaders: list[int]) -> dict[str, int]:
    """The zones of the main map a group of ``side`` in ``frm`` may end its normal move in,
    with the least cost in PM: within its allowance, by steps the map allows, stopping in a
    zone held by the enemy (§3.1.4), never leaving a zone over its stacking limit (the
    engine refuses what the rule would punish, docs/rules-decisions.md)."""
    if any(not UNITS[i].land for i in units) or (not units and not leaders):
        return {}
    found = reach(W, frm, group_pm(units, leaders), side=side, walls=st.walls,
                  flotilla=st.flotilla, stop=_enemy_held(st, side))
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

