"""§3.2 Operations: between the rear bases, the operational map and the main map, with their
limits (one leader and five land units; Athenian land units carried by at least as many
trireme PF, §3.2.1) and costs (§2 B.3.2, §3.2.2): from a rear base to the operational map (B.2,
B.3), from the main map to the operational map (B.3), between operational zones (B.3), to a
rear base (B.3 from the operational map, D.4 from either map: one operation from each), and in
Phase D.2 from clear or elevated ground of the main map to a city zone free of enemy units
(never into the citadel of the enemy, within the stacking limit, §3.3). An Athenian operation
by sea from a land zone of the main map is carried by the triremes in its maritime zones
(docs/rules-decisions.md). Phase B.2 also offers the free moves of the newly arrived pieces
from the rear bases onto the main map (:mod:`.mainmoves`).

Frames: ``move`` (Phase B.2, D.2 or D.4: free operations, a route or done) and ``op`` (the
pieces of one operation, picked one at a time, then go)."""

from __future__ import annotations

from hellenes_nb.core.steps import IllegalAction, Step, pop, push, replace_top
from hellenes_nb.games.amphipolis.rules.common import (
    ATHENS,
    BASES,
    LEADERS,
    OPS,
    UNITS,
    W,
    capture_lonely,
    leaders_at,
    may_use,
    one_of_each,
    present,
    scenario_of,
    strength,
    units_at,
    zname,
)
from hellenes_nb.games.amphipolis.rules.mainmoves import (
    activate_action,
    activations,
    start_activation,
)
from hellenes_nb.games.amphipolis.rules.marching import over_stack, stack_limit
from hellenes_nb.games.amphipolis.state import SIDES, State

__all__ = ["STEPS", "activation_cost", "route_action", "routes", "start_op"]

#: the most land units and leaders one operation moves (§3.2.1)
MAX_LAND, MAX_LEADERS = 5, 1
PHASE_WORDS = {"B2": "reinforcements (Phase B.2)", "B3": "an action phase (Phase B.3)",
               "D2": "the move to a city (Phase D.2)",
               "D4": "transfers to the rear bases (Phase D.4)"}
MAIN = tuple(z.id for z in W.main)
CITIES = tuple(z.id for z in W.main if z.terrain == "city")


def activation_cost(st: State, zone: str, side: int) -> int:
    """PA to activate ``zone`` for an operation (§2 B.3.2): a rear base or a zone with a
    leader of two or three swords is free, with one sword or none 1, without a leader 2; an
    operation costs at least 1 (the special case of §2 B.3.2)."""
    if W.zone[zone].kind == "base":
        return 1
    return 1 if leaders_at(st, zone, side) else 2


def by_sea(side: int, to: str) -> bool:
    """Athenian operations to the operational map or Thasos go by sea (§3.2.1); not to
    Thrace."""
    return side == ATHENS and (to in OPS or to == "thasos")


def movable(st: State, zone: str, side: int, phase: str) -> tuple[list[int], list[int]]:
    """The units and leaders of ``side`` in ``zone`` that may take part: in Phase B.2 only the
    newly arrived units and leaders (§2 B.2); an ill leader never (S21)."""
    units = [i for i in units_at(st, zone, side) if phase != "B2" or st.fresh[i]]
    leaders = [g for g in leaders_at(st, zone, side)
               if st.lwound[g] != 2 and (phase != "B2" or st.lfresh[g])]
    return units, leaders


def sea_lift(st: State, side: int, frm: str) -> int:
    """Trireme PF carrying an Athenian operation by sea from a land zone of the main map:
    those in the main map's maritime zones (docs/rules-decisions.md)."""
    if side != ATHENS or frm not in MAIN or W.zone[frm].sea:
        return 0
    return sum(strength(st, i) for z in MAIN if W.zone[z].sea
               for i in units_at(st, z, side, land=False))


def _can_go(st: State, side: int, frm: str, to: str, phase: str) -> bool:
    units, leaders = movable(st, frm, side, phase)
    if W.zone[to].space == "land" or to in MAIN:
        return bool(leaders or any(UNITS[i].land for i in units))
    if by_sea(side, to):
        return any(not UNITS[i].land for i in units) or sea_lift(st, side, frm) > 0
    return bool(leaders or units)


def _targets(st: State, side: int, frm: str, phase: str, maps: list[str]) -> list[str]:
    base, main = frm in BASES, frm in MAIN
    if phase == "B2":
        return [z for z in OPS if not present(st, z, 1 - side)] if base else []
    if phase == "D2":
        if not main or W.zone[frm].terrain not in ("clear", "elevated"):
            return []
        room = bool(leaders_at(st, frm, side))
        return [c for c in CITIES if not present(st, c, 1 - side)
                and not (c == "T12" and st.citadel != side)
                and (room or len(units_at(st, c, side)) < (stack_limit(c) or 99))]
    if phase == "D4":
        if base or ("main" if main else "op") in maps:
            return []
        return [b for b in BASES if may_use(st, side, b)]
    if main:
        return list(OPS)
    return list(OPS) if base else [z for z in OPS if z != frm] + [
        b for b in BASES if may_use(st, side, b)]


def _barred(st: State, side: int, to: str) -> bool:
    return any(b[0] != side and b[1] == to for b in st.barred)


def routes(st: State, side: int, phase: str, maps: list[str] | None = None
           ) -> list[tuple[str, str, int]]:
    """(from, to, PA) of every operation ``side`` may start in ``phase`` (§3.2, the player
    aid's table of movements); ``maps``: the maps Phase D.4 has already moved from."""
    out = []
    mine = {z for i, z in enumerate(st.uloc) if z is not None and UNITS[i].side == side} | {
        z for k, z in enumerate(st.lloc) if z is not None and LEADERS[k].side == side}
    for frm in sorted(mine):
        for to in _targets(st, side, frm, phase, maps or []):
            if _barred(st, side, to) or not _can_go(st, side, frm, to, phase):
                continue
            cost = activation_cost(st, frm, side) if phase == "B3" else 0
            fight = phase == "B3" and bool(units_at(st, to, 1 - side, land=True))
            if cost + (1 if fight else 0) <= (st.pa[side] if phase == "B3" else 0):
                out.append((frm, to, cost))
    return out


def route_action(side: int, frm: str, to: str, cost: int) -> dict:
    paid = f" ({cost} PA)" if cost else ""
    return {"type": "operation", "side": SIDES[side], "from": frm, "to": to,
            "label": f"operation from {zname(frm)} to {zname(to)}{paid}"}


def find_route(st: State, side: int, phase: str, action: dict,
               maps: list[str] | None = None) -> tuple[str, str, int]:
    for frm, to, cost in routes(st, side, phase, maps):
        if (frm, to) == (action["from"], action["to"]):
            return frm, to, cost
    raise IllegalAction(f"no operation from {action['from']!r} to {action['to']!r} is open to "
                        f"{SIDES[side].title()} in {PHASE_WORDS[phase]}: it must start where "
                        "it has pieces, go where the rules allow, and be paid for", "3.2")


def start_op(st: State, side: int, phase: str, frm: str, to: str, cost: int) -> None:
    """Pay for an operation and push the frame that picks its pieces."""
    if cost:
        st.pa[side] -= cost
    st.event("operation", "3.2", f"{SIDES[side].title()} starts an operation from {zname(frm)} "
             f"to {zname(to)}" + (f" for {cost} PA" if cost else ""), side)
    push(st, {"kind": "op", "side": side, "phase": phase, "from": frm, "to": to, "units": [],
              "leader": -1})


class Move(Step):
    """Free operations of Phase B.2 (at most two) or D.4 (one, two with S1): a route, or
    done (§3.2.1)."""

    kind = "move"
    rules = ("3.2.1",)

    def _routes(self, st: State, frame: dict) -> list[tuple[str, str, int]]:
        if frame["ops"] <= 0:
            return []
        return routes(st, frame["side"], frame["phase"], frame.get("maps"))

    def _marches(self, st: State, frame: dict) -> list[tuple[str, int]]:
        if frame["phase"] != "B2" or not scenario_of(st).main_map:
            return []
        return activations(st, frame["side"], "B2", frame)

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        ok = self._routes(st, frame) or self._marches(st, frame)
        return (frame["side"],) if ok else ()

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != frame["side"]:
            return []
        return [*(route_action(side, *r) for r in self._routes(st, frame)),
                *(activate_action(side, z, c) for z, c in self._marches(st, frame)),
                {"type": "done", "side": SIDES[side], "label": "no more moves or operations"}]

    def apply(self, st: State, frame: dict, action: dict) -> None:
        side = self.role(action)
        if action["type"] == "done":
            pop(st, frame)
            return
        if action["type"] == "activate":
            start_activation(st, side, "B2", action)
            return
        frm, to, cost = find_route(st, side, frame["phase"], action, frame.get("maps"))
        replace_top(st, ops=frame["ops"] - 1,
                    maps=[*frame.get("maps", []), "main" if frm in MAIN else "op"])
        start_op(st, side, frame["phase"], frm, to, cost)

    def text(self, st: State, frame: dict) -> str:
        return (f"{SIDES[frame['side']].title()}: free operations in "
                f"{PHASE_WORDS[frame['phase']]}, {frame['ops']} left")


class Operation(Step):
    """The pieces of one operation, one at a time, then go (§3.2.1)."""

    kind = "op"
    rules = ("3.2.1",)

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        return (frame["side"],)

    def _choices(self, st: State, frame: dict) -> tuple[list[int], list[int]]:
        side, to = frame["side"], frame["to"]
        units, leaders = movable(st, frame["from"], side, frame["phase"])
        chosen = frame["units"]
        land = sum(UNITS[i].land for i in chosen)
        most = MAX_LAND
        if to in MAIN:  # never over the stacking limit of the city (§3.3)
            most = min(most, (stack_limit(to) or 99) - len(units_at(st, to, side)))
        if by_sea(side, to):  # never more land units than the triremes can carry (§3.2.1)
            most = min(most, sea_lift(st, side, frame["from"]) + sum(
                strength(st, i) for i in units if not UNITS[i].land))
        free = [i for i in units if i not in chosen
                and (UNITS[i].land and land < most
                     or not UNITS[i].land and W.zone[to].space != "land")]
        return free, (leaders if frame["leader"] < 0 else [])

    def problem(self, st: State, frame: dict) -> str:
        """Why the pieces picked cannot go yet ("" when they can)."""
        chosen = frame["units"]
        if not chosen and frame["leader"] < 0:
            return "pick at least one leader or unit"
        land = sum(UNITS[i].land for i in chosen)
        if frame["to"] in MAIN and over_stack(st, frame["to"], frame["side"], len(chosen)):
            return f"{zname(frame['to'])} would be over its stacking limit (§3.3)"
        if by_sea(frame["side"], frame["to"]):
            ships = sum(strength(st, i) for i in chosen if not UNITS[i].land) + \
                sea_lift(st, frame["side"], frame["from"])
            if (land or frame["leader"] >= 0) and not ships:
                return "an Athenian operation by sea needs at least one trireme with it"
            if land > ships:
                return (f"{land} land units need {land} PF of triremes, only {ships} go with "
                        "them (§3.2.1)")
        return ""

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != frame["side"]:
            return []
        name = SIDES[side]
        units, leaders = self._choices(st, frame)
        units = one_of_each(st, units)
        out = [{"type": "pick", "side": name, "unit": UNITS[i].id,
                "label": f"take {UNITS[i].label(st.ured[i])}"} for i in units]
        out += [{"type": "pick_leader", "side": name, "leader": LEADERS[g].id,
                 "label": f"take {LEADERS[g].name}"} for g in leaders]
        if not self.problem(st, frame):
            out.append({"type": "go", "side": name, "label": f"go to {zname(frame['to'])}"})
        return out

    def why_illegal(self, st: State, frame: dict, action: dict) -> IllegalAction | None:
        if action["type"] == "go" and self.role(action) == frame["side"]:
            why = self.problem(st, frame)
            if why:
                return IllegalAction(f"the operation cannot go yet: {why}", "3.2.1")
            return None
        if action["type"] == "pick" and self.role(action) == frame["side"]:
            units, _ = self._choices(st, frame)
            if not any(UNITS[i].id == action["unit"] for i in units):
                return IllegalAction(f"the unit {action['unit']!r} cannot join this operation "
                                     "(not here, already taken, or past the limit of five "
                                     "land units)", "3.2.1")
            return None
        return super().why_illegal(st, frame, action)

    def apply(self, st: State, frame: dict, action: dict) -> None:
        kind = action["type"]
        if kind == "pick":
            i = W.unit_index[action["unit"]]
            replace_top(st, units=[*frame["units"], i])
            return
        if kind == "pick_leader":
            replace_top(st, leader=W.leader_index[action["leader"]])
            return
        side, to = frame["side"], frame["to"]
        # sent back to a rear base in Phase D.4, they count as reinforcements next turn (§2 D.4)
        back = frame["phase"] == "D4"
        for i in frame["units"]:
            st.uloc[i], st.fresh[i] = to, back
        if frame["leader"] >= 0:
            st.lloc[frame["leader"]], st.lfresh[frame["leader"]] = to, back
        what = [UNITS[i].label(st.ured[i]) for i in frame["units"]]
        if frame["leader"] >= 0:
            what.insert(0, LEADERS[frame["leader"]].name)
        st.event("moved", "3.2", f"{SIDES[side].title()} moves {', '.join(what)} from "
                 f"{zname(frame['from'])} to {zname(to)}", side)
        pop(st, frame)
        capture_lonely(st, frame["from"], False)

    def text(self, st: State, frame: dict) -> str:
        n = len(frame["units"]) + (frame["leader"] >= 0)
        return (f"{SIDES[frame['side']].title()}: pieces for the operation from "
                f"{zname(frame['from'])} to {zname(frame['to'])} ({n} picked)")


STEPS = (Move(), Operation())
