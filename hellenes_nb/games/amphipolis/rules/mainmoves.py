"""§3.1 Movement on the main map in play: activating a zone (Phase B.3) or a rear base (Phase
B.2, free), then moving its pieces in groups, one group at a time, each piece once an action
phase (§3): normal movement (§3.1.4), triremes at sea (§1.2.1), the Athenian amphibious move
(§3.1.3, Phase B.3) and naval transport from Thasos (§3.1.2, Phase B.2), and the withdrawal of
cavalry (§3.1.4).

A group's destination is chosen whole: it stops in the first zone held by the enemy (§3.1.4),
so a zone held by enemy cavalry alone also stops it; the cavalry may then withdraw and the
group go on (docs/rules-decisions.md). An attack names the way it comes in when the ways
differ in the results table (§4.2 c-f). A move into a zone held by the enemy (an attack) is
offered only in Phase B.3, when the scenario allows combat on the main map, and while a PA is
left for the combats (§2 B.3.3, §4.1).

The action or move frame below keeps what this phase has done: ``activated`` zones, pieces
``moved_u``/``moved_l``, the trireme PF ``carried`` by amphibious moves, and how the attacker
``entered`` each zone (for the column shifts of §4.2).

Frames: ``activate`` (pick pieces, then a destination, or done), ``withdraw`` (the passive
side's cavalry leaves or stays) and ``onward`` (after the cavalry left, the group that made it
go goes on with its movement points left, or stops, §3.1.4)."""

from __future__ import annotations

from hellenes_nb.core.steps import IllegalAction, Step, pop, push, replace_top
from hellenes_nb.games.amphipolis.rules.common import (
    LEADERS,
    OPS,
    UNITS,
    W,
    capture_lonely,
    leaders_at,
    no_main_combat,
    one_of_each,
    units_at,
    zname,
)
from hellenes_nb.games.amphipolis.rules.marching import (
    activation_cost,
    amphibious_targets,
    cavalry_may_withdraw,
    enemy_held,
    entry_ways,
    group_pm,
    march,
    march_targets,
    naval_targets,
    over_stack,
    transport_targets,
)
from hellenes_nb.games.amphipolis.rules.movement import LAND_PM, NO_ENTRY, step_cost
from hellenes_nb.games.amphipolis.state import SIDES, State

__all__ = ["STEPS", "activate_action", "activations", "fights_pending", "main_land"]

MAIN_LAND = tuple(z.id for z in W.main if not z.sea)
MAIN_SEA = tuple(z.id for z in W.main if z.sea)
HOW = {"land": "", "sea": " by sea", "amphibious": " (amphibious move)",
       "transport": " (naval transport)"}


def main_land() -> tuple[str, ...]:
    return MAIN_LAND


def fights_pending(st: State) -> list[str]:
    """Zones where both sides have land units (§4.1), the operational map's first."""
    return [z for z in (*OPS, *MAIN_LAND) if units_at(st, z, 0, land=True)
            and units_at(st, z, 1, land=True)]


def _holder(st: State) -> int:
    """The index of the action or move frame this movement belongs to."""
    for k in range(len(st.stack) - 1, -1, -1):
        if st.stack[k]["kind"] in ("action", "move"):
            return k
    raise IllegalAction("a move on the main map needs an action phase or Phase B.2")


def _bump(st: State, **changes: object) -> None:
    k = _holder(st)
    st.stack[k] = {**st.stack[k], **changes}


def _pieces(st: State, zone: str, side: int, phase: str, holder: dict
            ) -> tuple[list[int], list[int]]:
    """Pieces of ``side`` in ``zone`` that may still move this phase."""
    mu, ml = holder.get("moved_u", []), holder.get("moved_l", [])
    units = [i for i in units_at(st, zone, side)
             if i not in mu and (phase != "B2" or st.fresh[i])]
    leaders = [g for g in leaders_at(st, zone, side) if g not in ml and st.lwound[g] != 2
               and (phase != "B2" or st.lfresh[g])]
    return units, leaders


def _barred(st: State, side: int, to: str) -> bool:
    return any(b[0] != side and b[1] == to for b in st.barred)


#: a move the group may make: (destination, how, PM, via, flags, came); ``via`` names the
#: zone an attack comes in from when the attacker has a choice of ways ("" for the first way,
#: the one with the fewest column shifts, and for every move that is not an attack; a move
#: with a ``via`` is offered as a ``march_by`` action, the others as ``march``); ``flags``
#: say how it enters a zone held by the enemy (§4.2 c-f); ``came``, the zone it comes from
Move = tuple[str, str, int, str, list[str], str]


def _land_moves(st: State, side: int, zone: str, units: list[int], leaders: list[int],
                attack: bool, pm: int | None = None) -> list[Move]:
    """Normal moves of a group (§3.1.4) within ``pm`` (its whole allowance when None): one
    for each destination, and one for each way into a zone held by the enemy."""
    enemy = enemy_held(st, side)
    out: list[Move] = []
    for z, c in march_targets(st, side, zone, units, leaders, pm).items():
        if _barred(st, side, z) or z in enemy and not attack:
            continue
        if z not in enemy:
            out.append((z, "land", c, "", [], ""))
            continue
        for k, (prev, flags, cost) in enumerate(entry_ways(st, side, zone, z, units, leaders,
                                                           pm)):
            out.append((z, "land", cost, "" if k == 0 else prev, flags, prev))
    return out


def _may_attack(st: State, side: int, phase: str, land: list[int]) -> bool:
    return phase == "B3" and not no_main_combat(st) and st.pa[side] >= 1 and bool(land)


def targets(st: State, side: int, zone: str, phase: str, units: list[int],
            leaders: list[int], holder: dict) -> list[Move]:
    """Every move the group may make now (module docstring, :data:`Move`); for naval
    transport the destination is "sea>land"."""
    if not units and not leaders:
        return []
    ships = [i for i in units if not UNITS[i].land]
    land = [i for i in units if UNITS[i].land]
    if ships:
        if land:
            return [(f"{s}>{z}", "transport", 0, "", [], "") for s, z in
                    transport_targets(st, zone, units) if phase == "B2"]
        return [(z, "sea", 0, "", [], "") for z in naval_targets(st, side, zone)]
    enemy = enemy_held(st, side)
    attack = _may_attack(st, side, phase, land)
    out: list[Move] = []
    if zone in MAIN_LAND or zone in ("macedonia", "thrace"):
        out += _land_moves(st, side, zone, land, leaders, attack)
    if side == 0 and land and phase == "B3" and (zone == "thasos" or zone in MAIN_LAND):
        for z, c in amphibious_targets(st, 0, zone, land, holder.get("carried", {})).items():
            if (z not in enemy or attack) and not _barred(st, side, z):
                out.append((z, "amphibious", c, "", ["amphibious"] if z in enemy else [], ""))
    return out


#: a move (the first way into a zone) and a move by another way in
MARCHES = ("march", "march_by")
_WAY = {"river": "over the river", "slope": "up from clear ground", "wall": "over a wall"}


def march_action(side: int, move: Move, enemy: frozenset[str]) -> dict:
    """The action of one move, its label saying how an attack comes in."""
    to, how, pm, via, flags, came = move
    where = to.split(">")[-1]
    cost = f", {pm} PM" if pm else ""
    label = f"move to {zname(where)} ({where}){HOW[how]}{cost}"
    if where in enemy and how == "land":
        label = (f"attack {zname(where)} ({where}) from {zname(came)} ({came}){cost}: "
                 + (", ".join(_WAY[f] for f in flags) or "no column shift") + " (§4.2)")
    if via:  # another way into the same zone: a move of its own kind, naming where it enters
        return {"type": "march_by", "side": SIDES[side], "to": to, "how": how, "via": via,
                "label": label}
    return {"type": "march", "side": SIDES[side], "to": to, "how": how, "label": label}


def _one_step(st: State, side: int, zone: str, units: list[int]) -> bool:
    """A quick sure answer: a land unit in ``zone`` can step into a free neighbour."""
    if zone not in MAIN_LAND or not any(UNITS[i].land for i in units):
        return False
    enemy = enemy_held(st, side)
    for n in W.neighbours[zone]:
        c = step_cost(W, zone, n, side=side, walls=st.walls, flotilla=st.flotilla)
        if c != NO_ENTRY and c <= LAND_PM and n not in enemy and not _barred(st, side, n) \
                and over_stack(st, n, side, 1) == 0:
            return True
    return False


def _movable_somewhere(st: State, side: int, zone: str, phase: str, holder: dict) -> bool:
    units, leaders = _pieces(st, zone, side, phase, holder)
    if _one_step(st, side, zone, units):
        return True
    ships = [i for i in units if not UNITS[i].land]
    tries = [[i] for i in one_of_each(st, units)] + [[s, i] for s in ships[:1]
                                                    for i in units if UNITS[i].land][:1]
    return any(targets(st, side, zone, phase, t, [], holder) for t in tries) or any(
        targets(st, side, zone, phase, [], [g], holder) for g in leaders)


def activations(st: State, side: int, phase: str, holder: dict) -> list[tuple[str, int]]:
    """(zone, PA) of every zone ``side`` may activate now: in Phase B.2 the rear bases with
    newly arrived pieces (free), in Phase B.3 the zones of the main map and Thasos (§3.1,
    §2 B.3.2), keeping a PA for the combats already due."""
    if phase == "B2":
        zones = [b for b in ("macedonia", "thrace", "thasos")]
    else:
        zones = [*MAIN_LAND, *MAIN_SEA, *(("thasos",) if side == 0 else ())]
    reserve = 1 if phase == "B3" and fights_pending(st) else 0
    out = []
    for z in zones:
        if z in holder.get("activated", []):
            continue
        cost = activation_cost(st, z, side) if phase == "B3" else 0
        if cost + reserve > (st.pa[side] if phase == "B3" else 0):
            continue
        if _movable_somewhere(st, side, z, phase, holder):
            out.append((z, cost))
    return out


def activate_action(side: int, zone: str, cost: int) -> dict:
    paid = f" ({cost} PA)" if cost else " (free)"
    return {"type": "activate", "side": SIDES[side], "zone": zone,
            "label": f"activate {zname(zone)} ({zone}){paid}"}


def start_activation(st: State, side: int, phase: str, action: dict) -> None:
    """Pay for the activation of ``action['zone']`` and push its frame."""
    holder = st.stack[_holder(st)]
    found = dict(activations(st, side, phase, holder))
    zone = action["zone"]
    if zone not in found:
        raise IllegalAction(f"{zname(zone) if zone in W.zone else repr(zone)} cannot be "
                            f"activated by {SIDES[side].title()} now: it must hold pieces of "
                            "yours that can still move, not be activated already this phase, "
                            "and be paid for", "2 B.3.2")
    cost = found[zone]
    st.pa[side] -= cost
    _bump(st, activated=[*holder.get("activated", []), zone],
          spent=holder.get("spent", 0) + cost, busy=True)
    st.event("activate", "2", f"{SIDES[side].title()} activates {zname(zone)}"
             + (f" for {cost} PA" if cost else ""), side)
    push(st, {"kind": "activate", "side": side, "zone": zone, "phase": phase, "units": [],
              "leaders": []})


class Activate(Step):
    """Pick the pieces of a group, then its destination; or be done with the zone."""

    kind = "activate"
    rules = ("3.1",)

    def _state(self, st: State, frame: dict) -> tuple[list[int], list[int], list]:
        holder = st.stack[_holder(st)]
        units, leaders = _pieces(st, frame["zone"], frame["side"], frame["phase"], holder)
        units = [i for i in units if i not in frame["units"]]
        leaders = [g for g in leaders if g not in frame["leaders"]]
        go = targets(st, frame["side"], frame["zone"], frame["phase"], frame["units"],
                     frame["leaders"], holder)
        return units, leaders, go

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        units, leaders, go = self._state(st, frame)
        return (frame["side"],) if units or leaders or go else ()

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != frame["side"]:
            return []
        name = SIDES[side]
        units, leaders, go = self._state(st, frame)
        out = [{"type": "pick", "side": name, "unit": UNITS[i].id,
                "label": f"take {UNITS[i].label(st.ured[i])}"} for i in one_of_each(st, units)]
        out += [{"type": "pick_leader", "side": name, "leader": LEADERS[g].id,
                 "label": f"take {LEADERS[g].name}"} for g in leaders]
        enemy = enemy_held(st, side)
        out += [march_action(side, m, enemy) for m in go]
        out.append({"type": "done", "side": name,
                    "label": f"leave the rest in {zname(frame['zone'])}"})
        return out

    def why_illegal(self, st: State, frame: dict, action: dict) -> IllegalAction | None:
        if self.role(action) != frame["side"]:
            return super().why_illegal(st, frame, action)
        units, leaders, go = self._state(st, frame)
        if action["type"] == "pick" and not any(UNITS[i].id == action["unit"] for i in units):
            return IllegalAction(f"the unit {action['unit']!r} cannot join this group: it is "
                                 f"not in {zname(frame['zone'])}, already taken, or has moved "
                                 "this phase", "3")
        if action["type"] in MARCHES:
            return _why_not_move(action, go)
        return super().why_illegal(st, frame, action)

    def apply(self, st: State, frame: dict, action: dict) -> None:
        kind = action["type"]
        if kind == "pick":
            replace_top(st, units=[*frame["units"], W.unit_index[action["unit"]]])
        elif kind == "pick_leader":
            replace_top(st, leaders=[*frame["leaders"], W.leader_index[action["leader"]]])
        elif kind == "done":
            pop(st, frame)
        else:
            units, leaders, go = self._state(st, frame)
            move = _chosen(action, go)
            replace_top(st, units=[], leaders=[])
            _go(st, frame["side"], frame["zone"], frame["units"], frame["leaders"], move,
                frame["phase"], group_pm(frame["units"], frame["leaders"]))

    def text(self, st: State, frame: dict) -> str:
        n = len(frame["units"]) + len(frame["leaders"])
        return (f"{SIDES[frame['side']].title()} moves pieces from {zname(frame['zone'])}: "
                f"pick a group and where it goes ({n} picked)")


def _why_not_move(action: dict, go: list[Move]) -> IllegalAction | None:
    via = action.get("via", "")
    if any((m[0], m[1], m[3]) == (action["to"], action["how"], via) for m in go):
        return None
    if via and any(m[:2] == (action["to"], action["how"]) for m in go):
        return IllegalAction(f"the group cannot attack {action['to']!r} from "
                             f"{action['via']!r}: pick one of the ways in offered (the zone "
                             "it comes from must be within its movement points)", "4.2")
    return IllegalAction(f"the group cannot move to {action['to']!r} ({action['how']}): too "
                         "far, across the river without the bridge, past a zone held by the "
                         "enemy, over the stacking limit, or an attack with no PA left for "
                         "the combat", "3.1.4")


def _chosen(action: dict, go: list[Move]) -> Move:
    for move in go:
        if move[:2] == (action["to"], action["how"]) and move[3] == action.get("via", ""):
            return move
    raise IllegalAction(f"the group cannot move to {action['to']!r}", "3.1.4")


def _go(st: State, side: int, frm: str, units: list[int], leaders: list[int], move: Move,
        phase: str, pm: int) -> None:
    """Carry out ``move`` of a group with ``pm`` movement points at its start; the active
    player may go on after a cavalry withdrawal (§3.1.4)."""
    to, how, cost, _, flags, _ = move
    holder = st.stack[_holder(st)]
    enemy = enemy_held(st, side)
    land = [i for i in units if UNITS[i].land]
    if how == "transport":
        sea, to = to.split(">")
        ships = [i for i in units if not UNITS[i].land]
        march(st, side, frm, sea, ships, [], "3.1.2")
        march(st, side, sea, to, land, leaders, "3.1.2")
    else:
        march(st, side, frm, to, units, leaders, "3.1.3" if how == "amphibious" else "3.1")
        changes: dict = {}
        if how == "amphibious":
            carried = dict(holder.get("carried", {}))
            for s in MAIN_SEA:
                if units_at(st, s, 0, land=False):
                    carried[s] = carried.get(s, 0) + len(land)
            changes["carried"] = carried
        if to in enemy:
            entered = dict(holder.get("entered", {}))
            old = entered.get(to)
            entered[to] = flags if old is None else [f for f in old if f in flags]
            changes["entered"] = entered
        if changes:
            _bump(st, **changes)
    holder = st.stack[_holder(st)]
    _bump(st, moved_u=[*holder.get("moved_u", []), *units],
          moved_l=[*holder.get("moved_l", []), *leaders], busy=True)
    capture_lonely(st, frm, False)
    cav = cavalry_may_withdraw(st, to, side, units) if to in enemy else []
    if cav:
        # a normal move may go on once the cavalry has gone (§3.1.4); an amphibious move
        # ends where it lands (§3.1.3)
        left = pm - cost if how == "land" else 0
        push(st, {"kind": "withdraw", "side": 1 - side, "zone": to,
                  "mover": {"units": units, "leaders": leaders, "pm": left, "phase": phase}})


def _withdrawals(st: State, frame: dict) -> list[str]:
    side, zone = frame["side"], frame["zone"]
    cav = units_at(st, zone, side)
    enemy = enemy_held(st, side)
    return [z for z in march_targets(st, side, zone, cav, []) if z not in enemy]


class Withdraw(Step):
    """§3.1.4: cavalry alone in a zone entered by an enemy group not of cavalry alone may
    make a free move of up to 4 PM out of it, or stay and fight."""

    kind = "withdraw"
    rules = ("3.1.4",)

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        return (frame["side"],) if _withdrawals(st, frame) else ()

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != frame["side"]:
            return []
        name = SIDES[side]
        return [{"type": "stay", "side": name, "label": "the cavalry stays and fights"},
                *({"type": "withdraw", "side": name, "to": z,
                   "label": f"the cavalry withdraws to {zname(z)} ({z})"}
                  for z in _withdrawals(st, frame))]

    def run(self, st: State, frame: dict) -> None:
        pop(st, frame)

    def apply(self, st: State, frame: dict, action: dict) -> None:
        if action["type"] == "withdraw":
            if action["to"] not in _withdrawals(st, frame):
                raise IllegalAction(f"the cavalry cannot withdraw to {action['to']!r}: beyond "
                                    "4 PM or held by the enemy", "3.1.4")
            cav = units_at(st, frame["zone"], frame["side"])
            march(st, frame["side"], frame["zone"], action["to"], cav, [], "3.1.4")
            capture_lonely(st, frame["zone"], False)
        pop(st, frame)
        mover = frame.get("mover")
        if action["type"] == "withdraw" and mover and mover["pm"] > 0:
            push(st, {"kind": "onward", "side": 1 - frame["side"], "zone": frame["zone"],
                      **mover})

    def text(self, st: State, frame: dict) -> str:
        return (f"{SIDES[frame['side']].title()}'s cavalry in {zname(frame['zone'])} may "
                "withdraw (§3.1.4)")


def _onward_moves(st: State, frame: dict) -> list[Move]:
    side, units = frame["side"], frame["units"]
    land = [i for i in units if UNITS[i].land]
    return _land_moves(st, side, frame["zone"], units, frame["leaders"],
                       _may_attack(st, side, frame["phase"], land), frame["pm"])


class Onward(Step):
    """§3.1.4: once the enemy cavalry has withdrawn, the group that made it go may go on with
    the movement points it has left, or stop where it is."""

    kind = "onward"
    rules = ("3.1.4",)

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        return (frame["side"],) if _onward_moves(st, frame) else ()

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != frame["side"]:
            return []
        enemy = enemy_held(st, side)
        return [{"type": "halt", "side": SIDES[side],
                 "label": f"the group stops in {zname(frame['zone'])}"},
                *(march_action(side, m, enemy) for m in _onward_moves(st, frame))]

    def why_illegal(self, st: State, frame: dict, action: dict) -> IllegalAction | None:
        if self.role(action) == frame["side"] and action["type"] in MARCHES:
            return _why_not_move(action, _onward_moves(st, frame))
        return super().why_illegal(st, frame, action)

    def run(self, st: State, frame: dict) -> None:
        pop(st, frame)

    def apply(self, st: State, frame: dict, action: dict) -> None:
        pop(st, frame)
        if action["type"] in MARCHES:
            move = _chosen(action, _onward_moves(st, frame))
            _go(st, frame["side"], frame["zone"], frame["units"], frame["leaders"], move,
                frame["phase"], frame["pm"])

    def text(self, st: State, frame: dict) -> str:
        return (f"The enemy cavalry has left {zname(frame['zone'])}: "
                f"{SIDES[frame['side']].title()}'s group may go on with {frame['pm']} PM "
                "left, or stop (§3.1.4)")


STEPS = (Activate(), Withdraw(), Onward())
