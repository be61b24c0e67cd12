"""§5 carrying out a checked move: the units go, the carried land unit changes ships, and the
move is recorded for what comes after all actions: its formation's engagement (§5.4, §5.41,
§5.42) and its pending forced march and deep-sea rolls (``state.pending_rolls``, §5.3, §5.22).
"""

from __future__ import annotations

from hellenes_nb.games.hellenes.index import SIDE_SPAN, WINTER, side_of, side_title
from hellenes_nb.games.hellenes.rules.movement.check import Plan
from hellenes_nb.games.hellenes.state import State


# -- carrying out a move ------------------------------------------------------------------
def _replace(records: list[dict], match, make) -> None:
    for i, r in enumerate(records):
        if match(r):
            records[i] = make(r)
            return
    records.append(make(None))


def execute(state: State, plan: Plan, group: int) -> None:
    """Carry out a checked move: relocate, record engagement, deep-sea dice and forced march."""
    ix = state.ix
    u = plan.unit
    side = side_of(u)
    movers = [u] + ([plan.carry] if plan.carry >= 0 else [])
    left = state.carry.get(u)
    if plan.carry < 0 and left is not None:
        # the fleet sails without its passenger, who stays aboard another fleet (§5.21)
        del state.carry[u]
        if state.loc[left] == plan.start:
            _reboard(state, left, plan.start, [], leaving=u)
    if plan.carry >= 0:
        if plan.carry_cv:
            was, state.cv[plan.carry] = state.cv[plan.carry], plan.carry_cv
            state.event("board_reduced", "5.21", f"{ix.describe(plan.carry)} is reduced from "
                        f"strength {was} to {plan.carry_cv} to board {ix.describe(u)}", side,
                        private=side, public=f"{side_title(side)} reduces a block to "
                        f"board a fleet in {ix.place_name[plan.start]}")
        freed = [f for f, c in state.carry.items() if c == plan.carry and f != u]
        for other in freed:
            del state.carry[other]  # the land unit changes ships (§5.21)
        state.carry[u] = plan.carry
        if left is not None and left != plan.carry and state.loc[left] == plan.start:
            _reboard(state, left, plan.start, freed)
    for m in movers:
        state.moved[m] = 1
        state.loc[m] = plan.end
        state.inside[m] = 1 if plan.enter_city else 0
    full = (plan.start, *plan.path)
    if plan.end != plan.start:
        moved_path = full if plan.forced_target < 0 else full[:-1]
        record_arrival(state, movers, moved_path, plan.engage_via, group, plan.deep)
    if plan.forced_target >= 0:
        state.pending_rolls.append({
            "kind": "forced", "side": side, "unit": u, "carry": plan.carry,
            "from": plan.end, "target": plan.forced_target, "group": group, "path": full,
        })
    name = side_title(side)
    what = ix.describe(u) + (f" carrying {ix.describe(plan.carry)}" if plan.carry >= 0 else "")
    tail = (f", trying a forced march into {ix.place_name[plan.forced_target]}"
            if plan.forced_target >= 0 else "")
    eng = f", engaging the enemy ({plan.engage_via})" if plan.engage_via else ""
    blocks = "a block" if len(movers) == 1 else "two blocks"
    shown = full[:-1] if tail else full
    state.event("move", "5.0", f"{name} moves {what}: {ix.route(shown)}{tail}{eng}", side,
                private=side,
                public=f"{name} moves {blocks} from {ix.place_name[plan.start]} to "
                       f"{ix.place_name[plan.end]}{tail}{eng}")


def _reboard(state: State, c: int, sea: int, freed: list[int], leaving: int = -1) -> None:
    """Land unit ``c`` stays at ``sea`` while the fleet that carried it leaves (with another
    passenger, or ``leaving`` with none): it is now aboard a fleet there with no passenger,
    first the one that other unit left (§5.21), so that losing that fleet loses ``c``
    (:func:`eliminate`)."""
    ix = state.ix
    if sea < ix.n_land:
        return
    lo = side_of(c) * SIDE_SPAN
    empty = [f for f in range(lo, lo + SIDE_SPAN)
             if state.loc[f] == sea and ix.is_fleet[f] and f not in state.carry and f != leaving]
    ship = next((f for f in freed if f in empty), empty[0] if empty else -1)
    if ship >= 0:
        state.carry[ship] = c


def record_arrival(state: State, movers: list[int], path: tuple[int, ...], via: str,
                    group: int, deep: list[tuple[int, int]]) -> None:
    """Add movers to their formation's engagement and deep-sea crossings (§5.41, §5.22); a
    formation reaching a province its side besieges is recorded with ``via`` "join" (§5.42)."""
    side = side_of(movers[0])
    dest, prev = path[-1], path[-2]
    if not via and state.season != WINTER:
        siege = state.sieges.get(dest)
        if siege is not None and siege["besieger"] == side:
            via = "join"  # a formation that may join a siege assault (§5.42)
    if via:
        _replace(
            state.engagements,
            lambda r: r["group"] == group and r["path"] == path and r["side"] == side,
            lambda r: {"area": dest, "side": side, "from": prev, "via": via, "group": group,
                       "path": path, "units": (r["units"] if r else ()) + tuple(movers)},
        )
    fleets = tuple(m for m in movers if state.ix.is_fleet[m])
    for a, b in deep:
        _replace(
            state.pending_rolls,
            lambda r, a=a, b=b: (r["kind"] == "deepsea" and r["group"] == group
                                 and r["path"] == path and r["from"] == a and r["to"] == b),
            lambda r, a=a, b=b: {"kind": "deepsea", "side": side, "from": a, "to": b,
                                 "group": group, "path": path,
                                 "units": (r["units"] if r else ()) + fleets},
        )

