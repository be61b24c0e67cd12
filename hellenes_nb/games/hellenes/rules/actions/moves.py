"""§4.1 and §5.0 moving in the action phase: activating a group, mustering into a friendly city,
and the group-move step where each unit of the group (or the muster, or a barbarian recruit's
free move, §4.22, or a Winter group move, §9.214) moves in turn, with the moves listed for it.

Frame: ``{"kind": "group_move", "side", "mode": "group"|"muster"|"free"|"winter", "area", "to",
"group", "units"}``."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from hellenes_nb.core import remembered
from hellenes_nb.core.echo import shown
from hellenes_nb.core.steps import IllegalAction, Step, need, pop, push
from hellenes_nb.games.hellenes.index import (
    SIDE_NAMES,
    WINTER,
    WorldIndex,
    action_side,
    side_title,
    side_units,
)
from hellenes_nb.games.hellenes.rules import boarding
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules.actions.types import (
    ActionType,
    next_group,
    own_unit,
    place_arg,
    unit_arg,
)
from hellenes_nb.games.hellenes.rules.cards import season_ban
from hellenes_nb.games.hellenes.rules.movement.check import (
    Plan,
    board_choices,
    cargo_choices,
    must_carry,
    plan_move,
)
from hellenes_nb.games.hellenes.rules.movement.execution import execute
from hellenes_nb.games.hellenes.rules.movement.labels import moves_along
from hellenes_nb.games.hellenes.rules.movement.search import destinations, fewest_borders
from hellenes_nb.games.hellenes.rules.winter.movement import MODE_LIMITS, MODE_PARTS
from hellenes_nb.games.hellenes.state import State


def move_limits(state: State, u: int, mode: str, dest: int = -1) -> scenario_rules.Limits | None:
    """The special-rule limits on moving ``u`` to ``dest`` in a group move of ``mode``: the
    wintering modes' (§9.21, ``winter.movement.MODE_LIMITS``), else the scenario's (§12.0, §15);
    ``dest`` matters only to the modes of ``MODE_PARTS``."""
    rule = MODE_LIMITS.get(mode)
    return rule(state, u, dest) if rule is not None else scenario_rules.move_limits(state, u)


def _movable(state: State, u: int) -> bool:
    ix = state.ix
    p = state.loc[u]
    if p < 0 or state.moved[u]:
        return False
    if ix.is_fleet[u]:
        return not state.inside[u] or ix.is_port[p]
    return not state.inside[u] and not ix.is_sea(p)


#: The units of a side that may move now (:func:`_movable_units`). Key: (world index, side,
#: the bytes of ``state.loc``, ``moved`` and ``inside``): everything :func:`_movable` reads
#: besides the index's tables. Hits come from the next handler of one listing and from a
#: muster's first listing. Bounded.
_MOVABLE: dict[tuple, tuple[int, ...]] = remembered.table("actions.moves._MOVABLE")
_MOVABLE_MAX = 256


def _movable_units(state: State, side: int) -> tuple[int, ...]:
    """The units of ``side`` that may move now (:func:`_movable`), in unit order (remembered,
    :data:`_MOVABLE`)."""
    ix = state.ix
    loc, moved, inside = state.loc, state.moved, state.inside
    key = (ix, side, loc.tobytes(), bytes(moved), bytes(inside))
    units = _MOVABLE.get(key)
    if units is None:
        is_fleet, is_port, is_sea = ix.is_fleet, ix.is_port, ix.is_sea
        # the test of ``_movable``, spelt out
        units = tuple(u for u in side_units(side)
                      if loc[u] >= 0 and not moved[u] and (
                          (not inside[u] or is_port[loc[u]]) if is_fleet[u]
                          else not inside[u] and not is_sea(loc[u])))
        if len(_MOVABLE) >= _MOVABLE_MAX:
            _MOVABLE.clear()
        _MOVABLE[key] = units
    return units


def _alike_movers(state: State, side: int) -> dict[tuple, int]:
    """The first unit of ``side`` that may move now of each kind (place, fleet, inside, range,
    :func:`~scenario_rules.limits_key`), in unit order: units alike reach the same places
    (``search.destinations`` with their special-rule limits)."""
    loc, inside, is_fleet, move = state.loc, state.inside, state.ix.is_fleet, state.ix.move
    kinds: dict[tuple, int] = {}
    for u in _movable_units(state, side):
        kinds.setdefault((loc[u], is_fleet[u], inside[u], move[u],
                          scenario_rules.limits_key(state, u)), u)
    return kinds


class MoveGroup(ActionType):
    type = "move_group"
    rules = ("4.1", "5.0")

    def legal(self, state, side):
        areas = sorted({state.loc[u] for u in _movable_units(state, side)})
        ix = state.ix
        return [{"type": self.type, "side": SIDE_NAMES[side], "area": ix.place_ids[p],
                 "label": f"Activate the group in {ix.place_name[p]} (1 action)"}
                for p in areas]

    def why_illegal(self, state, side, action):
        p = place_arg(state, action, "area")
        units = [u for u in side_units(side) if state.loc[u] == p]
        if not units:
            return IllegalAction(f"{side_title(side)} has no units in "
                                 f"{state.ix.place_name[p]} to move", "4.1")
        if not any(_movable(state, u) for u in units):
            return IllegalAction(f"every {side_title(side)} unit in {state.ix.place_name[p]}"
                                 " has moved this turn or cannot move (besieged)", "5.0")
        return None

    def apply(self, state, side, action):
        p = state.ix.place(action["area"])
        units = tuple(u for u in side_units(side)
                      if state.loc[u] == p and not state.moved[u])
        g = next_group(state)
        winter = state.season == WINTER
        state.event("activate", "9.214" if winter else "4.1", f"{side_title(side)} "
                    f"activates the group in {state.ix.place_name[p]}", side)
        push(state, {"kind": "group_move", "side": side, "mode": "winter" if winter else "group",
                     "area": p, "to": -1, "group": g, "units": units})


class Muster(ActionType):
    type = "muster"
    rules = ("5.0",)

    @staticmethod
    def _reached(state: State, side: int, only: int = -1) -> set[int]:
        """The controlled cities (or just ``only``) some unit of ``side`` may muster into now,
        within its scenario's limits (§5.0; §12.0 and §15 keep some units where they are, and
        the Peace lets fleets pass enemy fleets at sea). Checks and end checks only take
        places away, so without pass-through places a unit's limited search runs only when its
        plain search (shared, cheap) reaches a city no other unit has been found to reach."""
        ix = state.ix
        has_city, control = ix.has_city, state.city_control

        def cities(dests: dict) -> set[int]:
            return {p for p, _forced in dests if has_city[p] and control[p] == side
                    and p not in found and (only < 0 or p == only)}

        found: set[int] = set()
        memo: dict = {}
        for u in _alike_movers(state, side).values():
            limits = move_limits(state, u, "muster")
            if limits is None or limits.through is None:
                new = cities(destinations(state, u, forced=False, no_engage=True,
                                          memo=memo))
                if not new or limits is None:
                    found |= new
                    continue
            new = cities(destinations(state, u, forced=False, no_engage=True,
                                      limits=limits, memo=memo))
            found |= new
            if only >= 0 and found:
                break
        return found

    def legal(self, state, side):
        ix = state.ix
        # the places ``_reason`` allows: controlled cities some unit can reach
        return [{"type": self.type, "side": SIDE_NAMES[side], "to": ix.place_ids[p],
                 "label": f"Muster units into {ix.place_name[p]} (1 action)"}
                for p in sorted(self._reached(state, side))]

    def _reason(self, state: State, side: int, p: int) -> str | None:
        ix = state.ix
        if not ix.has_city[p]:
            return f"{ix.place_name[p]} has no city: musters go into a friendly city"
        if state.city_control[p] != side:
            return f"the city of {ix.place_name[p]} is not controlled by {side_title(side)}"
        if not self._reached(state, side, p):
            return (f"none of {side_title(side)}'s units can reach {ix.place_name[p]} in a "
                    "muster now")
        return None

    def why_illegal(self, state, side, action):
        p = place_arg(state, action, "to")
        reason = self._reason(state, side, p)
        return IllegalAction(reason, "5.0") if reason else None

    def apply(self, state, side, action):
        p = state.ix.place(action["to"])
        g = next_group(state)
        state.event("muster", "5.0", f"{side_title(side)} musters into "
                    f"{state.ix.place_name[p]}", side)
        push(state, {"kind": "group_move", "side": side, "mode": "muster", "area": -1, "to": p,
                     "group": g, "units": ()})


#: The move actions (:func:`moves_along`) one shared, never changed answer of
#: ``search.destinations`` gives, outside musters. Key: (world index, side name, unit, cargo
#: or -1, start, id of the answer): with the answer, all the actions read besides the world's
#: names. The value keeps the answer alive, so its id stays unique, and is used only for that
#: very answer; bounded.
_MOVES: dict[tuple, tuple[dict, list[dict]]] = remembered.table("actions.moves._MOVES")
_MOVES_MAX = 512  # hits come from the next decisions of one group move


def move_actions(state: State, side: int, u: int, mode: str, to: int = -1,
                 memo: dict | None = None, cargos: tuple[int, ...] | None = None) -> list[dict]:
    """Every move of unit ``u`` (one canonical path per destination) in a group move of
    ``mode``; a muster keeps only moves ending in ``to`` (§5.0, §5.21, §5.3).

    ``memo`` (see :func:`search.destinations`) keeps the occupancy facts of one listing for
    its units (the searches themselves are shared through movement's remembered tables).
    ``cargos``: only the moves carrying these (-1: nothing), instead of every
    :func:`check.cargo_choices` (a unit reduced to board, ``boarding.py``)."""
    out: list[dict] = []
    for batch, shared in _move_batches(state, side, u, mode, to, memo, cargos):
        # a shared batch is remembered and never changed: copied here
        out.extend([{**a, "path": a["path"][:]} for a in batch] if shared else batch)
    return out


def each_move(state: State, side: int, u: int, mode: str) -> Iterator[dict]:
    """The moves of :func:`move_actions` without copying the remembered ones, for a reader that
    never changes them (the bots score every move of every unit at each decision)."""
    for batch, _shared in _move_batches(state, side, u, mode, -1, None, None):
        yield from batch


def _move_batches(state: State, side: int, u: int, mode: str, to: int, memo: dict | None,
                  cargos: tuple[int, ...] | None) -> Iterator[tuple[list[dict], bool]]:
    """:func:`move_actions`, one cargo at a time: (its moves, whether that list is the
    remembered one, which callers must copy before changing)."""
    if memo is None:
        memo = {}
    ix = state.ix
    name = SIDE_NAMES[side]
    start = state.loc[u]
    forced_ok = mode in ("group", "winter", "home")
    split = MODE_PARTS.get(mode)
    parts = split(state, u) if split is not None else [(move_limits(state, u, mode), None)]
    # without limits and with one search, the answer is shared and unchanged (see below)
    shared = split is None and parts[0][0] is None and mode != "muster"
    calm = mode == "muster" or bool(season_ban(state, side, "engage"))
    only = to if mode == "muster" else None  # the one destination a muster lists
    if cargos is None:
        cargos = cargo_choices(state, u) if start >= 0 else (-1,)
    for cargo in cargos:
        found = [(destinations(state, u, forced=forced_ok, no_engage=calm,
                               carrying=cargo >= 0, cargo=cargo, limits=part,
                               reach=1 if mode == "quarter" else 0, memo=memo), ends)
                 for part, ends in parts]
        # one search: its answer itself (shared, see below); else each part's ends, merged
        dests = found[0][0] if split is None else {
            k: path for got, ends in found for k, path in got.items() if k[0] in ends}
        if not dests:
            continue
        if shared:
            # the answer is shared and unchanged (destinations): its moves are
            # remembered
            yield _remembered_moves(ix, name, u, cargo, start, dests), True
        else:
            # with limits the answer is new each time; a muster lists one move at most
            yield moves_along(ix, name, u, cargo, start, dests, only), False


def _remembered_moves(ix: WorldIndex, name: str, u: int, cargo: int, start: int,
                      dests: dict[tuple[int, bool], tuple[int, ...]]) -> list[dict]:
    """:func:`moves_along` for an answer that is never changed, every destination (remembered,
    :data:`_MOVES`): callers must copy the actions and their paths, never change them."""
    key = (ix, name, u, cargo, start, id(dests))
    hit = _MOVES.get(key)
    if hit is None or hit[0] is not dests:
        if len(_MOVES) >= _MOVES_MAX:
            _MOVES.clear()
        hit = _MOVES[key] = (dests, moves_along(ix, name, u, cargo, start, dests))
    return hit[1]


#: The label of ending a group move, by mode
_DONE = {"group": "Finish moving this group (the others stay)", "muster": "Finish the muster",
         "free": "Stay in place (no free move)",
         "winter": "Finish this Winter group move (the others stay)"}


class GroupMove(Step):
    """Per-unit moves of an activated group, a muster or a free barbarian move (§5.0, §4.22)."""

    kind = "group_move"
    rules = ("5.0", "5.41")

    def _eligible(self, state: State, frame: dict) -> Iterator[int]:
        """The units that may still move in this group move, in unit order."""
        loc, to = state.loc, frame["to"]
        cand = (side_units(frame["side"]) if frame["mode"] == "muster"
                else frame["units"])
        return (u for u in cand if loc[u] != to and _movable(state, u))

    def deciders(self, state, frame):
        return (frame["side"],) if next(self._eligible(state, frame), -1) >= 0 else ()

    def legal(self, state, frame, side):
        if side != frame["side"]:
            return []
        out = []
        memo: dict = {}
        mode, to = frame["mode"], frame["to"]
        if mode == "muster":
            # The eligible units (:meth:`_eligible`: movable, not in ``to``) whose fewest
            # borders to ``to`` with every border open is within their range (only ``to`` has
            # none): for the others move_actions would list no move ending in ``to``.
            ix, loc = state.ix, state.loc
            far = (fewest_borders(ix, False), fewest_borders(ix, True))
            is_fleet, move = ix.is_fleet, ix.move
            units: Iterable[int] = [u for u in _movable_units(state, side)
                                    if 0 < far[is_fleet[u]][loc[u]][to] <= move[u]]
        else:
            units = list(self._eligible(state, frame))
        for u in units:
            out.extend(move_actions(state, side, u, mode, to, memo))
        for u in units:
            if state.ix.is_fleet[u]:  # land units too strong to board it (§5.21)
                out.extend(boarding.offers(
                    state, side, u, board_choices(state, u),
                    lambda c, u=u: any(b for b, _ in _move_batches(
                        state, side, u, mode, to, memo, (c,)))))
        out.append({"type": "end_group", "side": SIDE_NAMES[side], "label": _DONE[frame["mode"]]})
        return out

    def why_illegal(self, state, frame, action):
        return self.check(state, frame, action)[0]

    def check(self, state, frame, action):
        """The reason the action is refused, or None and the move's plan (:meth:`_plan`)."""
        side = action_side(action)
        t = action.get("type")
        if side != frame["side"]:
            return IllegalAction(f"it is {side_title(frame['side'])}'s move now"), None
        if t == "end_group":
            return None, None
        if t == "board":
            return boarding.refusal(state, frame, action, self.board_moves), None
        if t != "move":
            return IllegalAction(f"during a group move the choices are 'move', 'board' and "
                                 f"'end_group', not {shown(t)}", "5.0"), None
        try:
            return None, self._plan(state, frame, action)
        except IllegalAction as exc:
            return exc, None

    def _plan(self, state: State, frame: dict, action: dict) -> Plan:
        ix = state.ix
        side = frame["side"]
        u = unit_arg(state, action)
        own_unit(state, u, side)
        mode = frame["mode"]
        if mode != "muster" and u not in frame["units"]:
            where = ix.place_name[frame["area"]]
            raise IllegalAction(f"{ix.describe(u)} is not in the activated group ({where}); "
                                "a group move moves units from one area only", "4.1")
        raw = need(action, "path", list)
        if not all(isinstance(x, str) for x in raw):
            raise IllegalAction("'path' must be a list of area ids")
        try:
            path = [ix.place(x) for x in raw]
        except KeyError as exc:
            raise IllegalAction(str(exc.args[0])) from None
        forced = action.get("forced", False)
        if not isinstance(forced, bool):
            raise IllegalAction("'forced' must be true or false")
        if forced and mode not in ("group", "winter"):
            raise IllegalAction("only an activated group may force march; musters and free "
                                "barbarian moves cannot", "5.3")
        carry = -1
        if action.get("carry") is not None:
            carry = unit_arg(state, action, "carry")
            own_unit(state, carry, side)
            if mode != "muster" and carry not in frame["units"]:
                raise IllegalAction(f"{ix.describe(carry)} is not in the activated group",
                                    "5.21")
        carry_cv = action.get("carry_cv", 0)
        if not isinstance(carry_cv, int) or isinstance(carry_cv, bool):
            raise IllegalAction("'carry_cv' must be a whole number")
        if carry < 0 and ix.is_fleet[u] and must_carry(state, u):
            raise IllegalAction(f"{ix.describe(u)} must carry one of the land units at sea "
                                f"in {ix.place_name[state.loc[u]]}, which cannot stay there "
                                "without a fleet", "5.21")
        plan = plan_move(state, u, path, forced=forced, carry=carry,
                         carry_cv=carry_cv, no_engage=mode == "muster",
                         limits=move_limits(state, u, mode))
        ban = season_ban(state, side, "engage")
        if ban and (plan.engage_via or plan.forced_via):
            raise IllegalAction(f"{ix.describe(u)} cannot engage: {ban}", "3.1")
        if mode == "muster" and plan.end != frame["to"]:
            raise IllegalAction(f"mustering units must end in {ix.place_name[frame['to']]}",
                                "5.0")
        return plan

    def apply(self, state, frame, action):
        self.apply_checked(state, frame, action, None)

    def apply_checked(self, state, frame, action, made):
        if action["type"] == "end_group":
            pop(state, frame)
            return
        if action["type"] == "board":
            boarding.start(state, frame, action)
            return
        plan = made if made is not None else self._plan(state, frame, action)
        execute(state, plan, frame["group"])
        scenario_rules.refresh_neutral(state)

    def board_moves(self, state: State, frame: dict, f: int, c: int) -> list[dict]:
        """The moves this frame accepts of fleet ``f`` carrying ``c`` reduced to board it
        (``boarding.py``)."""
        if c not in board_choices(state, f) or f not in self._eligible(state, frame):
            return []
        return move_actions(state, frame["side"], f, frame["mode"], frame["to"], cargos=(c,))

    def run(self, state, frame):
        pop(state, frame)

    def text(self, state, frame):
        ix = state.ix
        if frame["mode"] == "muster":
            return f"Muster: move units into {ix.place_name[frame['to']]}"
        if frame["mode"] == "free":
            return "Free move of the barbarian recruit (§4.22)"
        if frame["mode"] == "winter":
            return (f"Winter group move from {ix.place_name[frame['area']]} into controlled "
                    "cities (§9.214): move units or finish")
        return f"Group move from {ix.place_name[frame['area']]}: move units or finish"


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (GroupMove(),)
