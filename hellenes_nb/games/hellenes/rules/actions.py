"""§4 actions: the action phase, group moves and musters (§4.1, §5.0), building (§4.2:
reinforcements §4.21, recruits §4.22, detached garrisons §4.23).

Other rule modules add action types (pillaging, §4.3/§5.5, lives in ``siege/pillage.py``) by
registering an :class:`ActionType` in :data:`ACTION_TYPES`; the action phase lists and
dispatches them like its own.

Frames:

- ``{"kind": "actions", "side": s}`` — choose the next action or end the phase;
- ``{"kind": "group_move", "side", "mode": "group"|"muster"|"free"|"winter", "area", "to",
  "group", "units"}`` — per-unit moves of an activated group, a muster, a barbarian recruit's
  free move (§4.22) or a Winter group move into controlled cities (§9.214);
- ``{"kind": "recruit", "side", "drawn"}`` — place one of three hidden draws (§4.22).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from hellenes_nb.core import remembered
from hellenes_nb.core.echo import shown
from hellenes_nb.core.steps import IllegalAction, Step, need, pop, push
from hellenes_nb.games.hellenes.index import (
    ATHENS,
    SIDE_NAMES,
    WINTER,
    WorldIndex,
    action_side,
    side_of,
    side_title,
    side_units,
)
from hellenes_nb.games.hellenes.rules import boarding, olympians
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules.cards import card_record, no_quarter_bars, season_ban
from hellenes_nb.games.hellenes.rules.control import outside_units, placed
from hellenes_nb.games.hellenes.rules.losses import eliminate
from hellenes_nb.games.hellenes.rules.movement.check import (
    Plan,
    board_choices,
    cargo_choices,
    must_carry,
    plan_move,
)
from hellenes_nb.games.hellenes.rules.movement.execution import execute
from hellenes_nb.games.hellenes.rules.movement.search import destinations, fewest_borders
from hellenes_nb.games.hellenes.rules.siege.blockade import can_build_in
from hellenes_nb.games.hellenes.rules.siege.condition import besieger_of, inside_units
from hellenes_nb.games.hellenes.state import POOL, State

RECRUIT_DRAW = 3

#: Movement limits per group-move mode, ``(state, unit, destination) -> Limits or None``; modes
#: not listed use the scenario's limits (``scenario_rules.move_limits``). ``wintering.py`` adds
#: "quarter", "home" and "winter".
MOVE_LIMITS: dict[str, Callable[[State, int, int], scenario_rules.Limits | None]] = {}
#: Modes whose limits depend on the destination (Homing, §9.21): ``(state, unit) -> [(limits,
#: the ends they are used for)]``, one search each; ``wintering.py`` adds "home".
MOVE_PARTS: dict[str, Callable[[State, int],
                               list[tuple[scenario_rules.Limits | None, frozenset[int]]]]] = {}


def move_limits(state: State, u: int, mode: str, dest: int = -1) -> scenario_rules.Limits | None:
    """The special-rule limits on moving ``u`` to ``dest`` in a group move of ``mode`` (§9.21,
    §12.0, §15); ``dest`` matters only to the modes of :data:`MOVE_PARTS`."""
    rule = MOVE_LIMITS.get(mode)
    return rule(state, u, dest) if rule is not None else scenario_rules.move_limits(state, u)


class ActionType:
    """One kind of action in the action phase (cost in actions, legal list, check, effect)."""

    type = ""
    rules: tuple[str, ...] = ()
    cost = 1

    def legal(self, state: State, side: int) -> list[dict]:
        return []

    def why_illegal(self, state: State, side: int, action: dict) -> IllegalAction | None:
        return None

    def apply(self, state: State, side: int, action: dict) -> None:
        """Carry out the action (the action cost is already paid)."""


ACTION_TYPES: dict[str, ActionType] = {}


def _where(state: State, action: dict) -> int:
    """The place an action is located in (its area, destination, place or unit), or -1."""
    ix = state.ix
    for key in ("area", "to", "place"):
        v = action.get(key)
        if isinstance(v, str) and v in ix.place_of:
            return ix.place_of[v]
    v = action.get("unit")
    if isinstance(v, str) and v in ix.unit_of:
        return state.loc[ix.unit_of[v]]
    return -1


def cost_of(state: State, handler: ActionType, action: dict) -> int:
    """Actions this action costs: the handler's cost, doubled in neutral SICILY (§15.2)."""
    return handler.cost * scenario_rules.action_cost(state, _where(state, action))


def register_action(handler: ActionType) -> ActionType:
    """Add (or replace) an action type of the action phase."""
    ACTION_TYPES[handler.type] = handler
    return handler


def _place_arg(state: State, action: dict, key: str) -> int:
    value = need(action, key, str)
    try:
        return state.ix.place(value)
    except KeyError as exc:
        raise IllegalAction(str(exc.args[0])) from None


def _unit_arg(state: State, action: dict, key: str = "unit") -> int:
    value = need(action, key, str)
    try:
        return state.ix.unit(value)
    except KeyError as exc:
        raise IllegalAction(str(exc.args[0])) from None


def _own(state: State, u: int, side: int) -> None:
    if side_of(u) != side:
        raise IllegalAction(f"{state.ix.describe(u)} is not a {side_title(side)} unit")


def next_group(state: State) -> int:
    """A fresh number for a group activation (formations never span two activations)."""
    n = state.flags.get("group_seq", 0) + 1
    state.flags["group_seq"] = n
    return n


# -- group move and muster (§4.1, §5.0) -------------------------------------------------------
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
_MOVABLE: dict[tuple, tuple[int, ...]] = remembered.table("actions._MOVABLE")
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
        p = _place_arg(state, action, "area")
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
        p = _place_arg(state, action, "to")
        reason = self._reason(state, side, p)
        return IllegalAction(reason, "5.0") if reason else None

    def apply(self, state, side, action):
        p = state.ix.place(action["to"])
        g = next_group(state)
        state.event("muster", "5.0", f"{side_title(side)} musters into "
                    f"{state.ix.place_name[p]}", side)
        push(state, {"kind": "group_move", "side": side, "mode": "muster", "area": -1, "to": p,
                     "group": g, "units": ()})


#: The route words, place ids and "goes to sea" of a path, shared by every unit taking it:
#: they depend only on the world's names and tables. Key: (world index, start, path); bounded.
_PATH_TEXT: dict[tuple, tuple[str, tuple[str, ...], bool]] = {}
_PATH_TEXT_MAX = 20000
#: The move actions (:func:`moves_along`) one shared, never changed answer of
#: ``search.destinations`` gives, outside musters. Key: (world index, side name, unit, cargo
#: or -1, start, id of the answer): with the answer, all the actions read besides the world's
#: names. The value keeps the answer alive, so its id stays unique, and is used only for that
#: very answer; bounded.
_MOVES: dict[tuple, tuple[dict, list[dict]]] = remembered.table("actions._MOVES")
_MOVES_MAX = 512  # hits come from the next decisions of one group move


def _unit_words(ix: WorldIndex) -> list[str | None]:
    """Per unit of ``ix``, its ``describe`` words once :func:`_describe` has made them."""
    return [None] * len(ix.unit_key)


def _describe(ix: WorldIndex, u: int) -> str:
    """``ix.describe(u)``, remembered per world (they read only the index's tables)."""
    made = ix.derived(_unit_words)
    words = made[u]
    if words is None:
        words = made[u] = ix.describe(u)
    return words


def _path_text(ix: WorldIndex, start: int, path: tuple[int, ...]
               ) -> tuple[str, tuple[str, ...], bool]:
    """The route words of ``start`` and ``path``, the path's place ids, and whether it goes
    to sea (remembered)."""
    key = (ix, start, path)
    hit = _PATH_TEXT.get(key)
    if hit is None:
        full = (start, *path)
        if len(_PATH_TEXT) >= _PATH_TEXT_MAX:
            _PATH_TEXT.clear()
        hit = _PATH_TEXT[key] = (ix.route(full), tuple(ix.place_ids[q] for q in path),
                                 any(ix.is_sea(q) for q in full))
    return hit


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
    split = MOVE_PARTS.get(mode)
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


def moves_along(ix: WorldIndex, name: str, u: int, cargo: int, start: int,
                dests: dict[tuple[int, bool], tuple[int, ...]], only: int | None = None
                ) -> list[dict]:
    """The move actions of unit ``u`` of side ``name`` in ``start`` carrying ``cargo`` (-1:
    none) along the paths ``dests`` (:func:`search.destinations`), in listing order
    (destination, then forced); with ``only``, just the unforced move ending there."""
    order = sorted(dests) if only is None else [(only, False)] if (only, False) in dests else []
    if not order:
        return []
    unit = _describe(ix, u)
    carrying = f", carrying {_describe(ix, cargo)}" if cargo >= 0 else ""
    out = []
    for dest, forced in order:
        route, ids, at_sea = _path_text(ix, start, dests[(dest, forced)])
        if cargo >= 0 and not at_sea:
            continue
        a = {"type": "move", "side": name, "unit": ix.unit_key[u], "path": list(ids)}
        if forced:
            a["forced"] = True
            text = f"Move {unit} toward {ix.place_name[dest]} with a forced march"
        else:
            text = f"Move {unit} to {ix.place_name[dest]}"
        if cargo >= 0:
            a["carry"] = ix.unit_key[cargo]
        a["label"] = f"{text}{carrying} ({route})"
        out.append(a)
    return out


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
            return boarding.refusal(state, frame, action), None
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
        u = _unit_arg(state, action)
        _own(state, u, side)
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
            carry = _unit_arg(state, action, "carry")
            _own(state, carry, side)
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


# -- building (§4.2) --------------------------------------------------------------------------
def recruit_walls(state: State, p: int, side: int) -> int:
    """Where a Greek recruit of ``side`` may arrive in its friendly home city ``p``, as far as
    enemies go: 0 in the open (no enemy units there), 1 inside the walls of a port the enemy
    besieges but does not blockade, while there is room in it (§4.2, §8.21, §7.1), -1 not at
    all (an inland city under siege, a blockaded port, a full city, or enemy units in the
    province with no siege: docs/rules-decisions.md)."""
    b = besieger_of(state, p)
    if b < 0:
        return -1 if outside_units(state, p, 1 - side) else 0
    if b == side or not can_build_in(state, p, side):
        return -1
    room = scenario_rules.capacity(state, p) - len(inside_units(state, p, side))
    return 1 if room > 0 else -1


class Build(ActionType):
    """§4.21: +1 cv to a unit in one of its home cities (not besieged)."""

    type = "build"
    rules = ("4.21",)

    def _refusal(self, state: State, side: int, u: int,
                 walls: dict[int, bool] | None = None) -> Callable[[], str] | None:
        """Why ``u`` may not build up now, as a function giving the words (built only when
        they are shown), or None when it may. ``walls`` keeps ``blockade.can_build_in`` per place
        for one unchanged state (a listing)."""
        ix = state.ix
        p = state.loc[u]
        if p < 0:
            return lambda: f"{ix.describe(u)} is not on the map"
        if state.cv[u] >= ix.max_cv[u]:
            return lambda: f"{ix.describe(u)} is already at its full {ix.max_cv[u]} cv"
        if p not in ix.homes[u] or not ix.has_city[p]:
            return lambda: (f"{ix.describe(u)} is in {ix.place_name[p]}, which is not one of its "
                            "home cities; units build up only at home")
        if state.city_control[p] != side:
            return lambda: f"{ix.place_name[p]} is not controlled by {side_title(side)}"
        ok = walls.get(p) if walls is not None else None
        if ok is None:
            ok = can_build_in(state, p, side)
            if walls is not None:
                walls[p] = ok
        if not ok:
            return lambda: (f"{ix.place_name[p]} is besieged (and, for a port, blockaded): no "
                            "building there (§4.2, §8.21)")
        return None

    def _reason(self, state: State, side: int, u: int) -> str | None:
        why = self._refusal(state, side, u)
        return why() if why is not None else None

    def legal(self, state, side):
        ix = state.ix
        loc, cv, max_cv = state.loc, state.cv, ix.max_cv
        walls: dict[int, bool] = {}
        # on the map and below full strength (most units are not): ``_refusal``'s first checks
        return [{"type": self.type, "side": SIDE_NAMES[side], "unit": ix.unit_key[u],
                 "label": f"Build {_describe(ix, u)} from {cv[u]} to {cv[u] + 1} cv "
                          f"in {ix.place_name[loc[u]]} (1 action)"}
                for u in side_units(side)
                if loc[u] >= 0 and cv[u] < max_cv[u]
                and self._refusal(state, side, u, walls) is None]

    def why_illegal(self, state, side, action):
        u = _unit_arg(state, action)
        if side_of(u) != side:
            return IllegalAction(f"{state.ix.describe(u)} is not your unit", "4.21")
        reason = self._reason(state, side, u)
        return IllegalAction(reason, "4.21") if reason else None

    def apply(self, state, side, action):
        u = state.ix.unit(action["unit"])
        state.cv[u] += 1
        state.event("build", "4.21", f"{state.ix.describe(u)} builds up to {state.cv[u]} cv",
                    side, private=side, public=f"{side_title(side)} builds up a block in "
                    f"{state.ix.place_name[state.loc[u]]}")


def persian_aid(state: State) -> bool:
    """A Persian Aid card is in play (§13.2)."""
    return any(card_record(state, n).event == "persian_aid" for n, _ in state.in_play)


def recruit_barred(state: State, u: int) -> str | None:
    """Why a drawn unit may not be recruited at all now (§2.27, §13.2, §12.0), or None."""
    ix = state.ix
    av = ix.availability[u]
    if av == "no_athenian_leader" and state.leaders[ATHENS] is not None:
        return "the Odrysians only come while Athens has no leader in play (§2.27)"
    if av == "persian_aid" and not persian_aid(state):
        return "needs Persian Aid in play (§13.2)"
    if av == "rebel" and state.flags.get("no_rebels"):
        return "rebel units cannot be recruited during the Peace of Nicias (§12.0)"
    if av == "war_resumes" and not state.flags.get("war_resumed"):
        return "only after War Resumes (§12.13)"
    return no_quarter_bars(state, u) or None


def recruit_places(state: State, u: int) -> list[int]:
    """Where a drawn unit may be placed (§4.22): friendly home city for Greeks (inside the
    walls when the enemy besieges it, a port only, :func:`recruit_walls`), a home town without
    enemy units for barbarians, a home place without enemy blocks for rebels."""
    if recruit_barred(state, u):
        return []
    ix = state.ix
    side = side_of(u)
    enemy = placed(state)[1 - side]  # the places where enemy units stand
    out = []
    for p in ix.homes[u]:
        if state.neutral[p]:
            continue
        enemy_here = p in enemy
        if ix.is_fleet[u] and not ix.is_coastal(p):
            continue
        if ix.is_barbarian[u]:
            if ix.town_nationality[p] and not enemy_here:
                out.append(p)
        elif ix.availability[u] == "rebel":
            g = state.garrisons.get(p)
            if ix.has_city[p] and not enemy_here and not (g and g[0] != side):
                out.append(p)
        elif (ix.has_city[p] and state.city_control[p] == side
              and recruit_walls(state, p, side) >= 0):
            out.append(p)
    return out


class Recruit(ActionType):
    """§4.22: draw three hidden blocks from the pool and place one."""

    type = "recruit"
    rules = ("4.22",)

    def legal(self, state, side):
        if not any(state.loc[u] == POOL for u in side_units(side)):
            return []
        return [{"type": self.type, "side": SIDE_NAMES[side],
                 "label": "Recruit: draw three blocks from the pool and place one (1 action)"}]

    def why_illegal(self, state, side, action):
        if not any(state.loc[u] == POOL for u in side_units(side)):
            return IllegalAction(f"{side_title(side)}'s recruit pool is empty", "4.22")
        return None

    def apply(self, state, side, action):
        push(state, {"kind": "recruit", "side": side,
                     "drawn": draw_recruits(state, side, "4.22", "draws")})
        olympians.after_recruit_draw(state, side)


def draw_recruits(state: State, side: int, rule: str, verb: str) -> tuple[int, ...]:
    """Draw up to three hidden blocks at random from ``side``'s recruit pool and log it for
    the drawer only (§4.22; §11.0 when Apollo has them drawn again)."""
    pool = [u for u in side_units(side) if state.loc[u] == POOL]
    drawn = []
    for _ in range(min(RECRUIT_DRAW, len(pool))):
        drawn.append(pool.pop(state.dice.randbelow(len(pool))))
    state.barrier = True
    ix = state.ix
    state.event("recruit_draw", rule, f"{side_title(side)} {verb} "
                + ", ".join(ix.describe(u) for u in drawn), side, private=side,
                public=f"{side_title(side)} {verb} {len(drawn)} blocks to recruit")
    return tuple(drawn)


class RecruitPlace(Step):
    """Place one drawn block; if none can be placed the action is wasted (§4.22)."""

    kind = "recruit"
    rules = ("4.22",)

    def _places(self, state: State, u: int) -> list[int]:
        """Places for ``u`` that the actions left can pay for: a recruit placed in neutral
        SICILY costs one more action (§15.2 rule 2)."""
        return [p for p in recruit_places(state, u)
                if scenario_rules.action_cost(state, p) - 1 <= state.actions_left]

    def deciders(self, state, frame):
        if any(self._places(state, u) for u in frame["drawn"]):
            return (frame["side"],)
        return ()

    def legal(self, state, frame, side):
        if side != frame["side"]:
            return []
        ix = state.ix
        out = []
        for u in frame["drawn"]:
            for p in self._places(state, u):
                cv = ix.max_cv[u] if ix.is_barbarian[u] else 1
                out.append({"type": "place_recruit", "side": SIDE_NAMES[side],
                            "unit": ix.unit_key[u], "area": ix.place_ids[p],
                            "label": f"Place {ix.describe(u)} in {ix.place_name[p]} at {cv} cv"})
        return out

    def why_illegal(self, state, frame, action):
        side = action_side(action)
        ix = state.ix
        if side != frame["side"] or action.get("type") != "place_recruit":
            return IllegalAction("the recruiting player must now place one drawn block "
                                 "('place_recruit')", "4.22")
        try:
            u = _unit_arg(state, action)
            p = _place_arg(state, action, "area")
        except IllegalAction as exc:
            return exc
        if u not in frame["drawn"]:
            return IllegalAction(f"{ix.describe(u)} was not among the blocks drawn", "4.22")
        barred = recruit_barred(state, u)
        if barred:
            return IllegalAction(f"{ix.describe(u)} cannot be recruited: {barred}", "4.22")
        if p in recruit_places(state, u) and p not in self._places(state, u):
            return IllegalAction(f"placing a recruit in {ix.place_name[p]} costs a second "
                                 "action while Sicily is neutral, and none is left", "15.2")
        if p not in recruit_places(state, u):
            homes = ", ".join(ix.place_name[h] for h in ix.homes[u]) or "none"
            return IllegalAction(
                f"{ix.describe(u)} cannot be placed in {ix.place_name[p]}: recruits go to a "
                f"friendly home city (Greeks) or a home town free of enemy units (barbarians); "
                f"its home places are {homes}", "4.22")
        return None

    def apply(self, state, frame, action):
        ix = state.ix
        side = frame["side"]
        u, p = ix.unit(action["unit"]), ix.place(action["area"])
        state.actions_left -= scenario_rules.action_cost(state, p) - 1
        # a Greek recruit in a besieged port (not blockaded) arrives inside its walls (§8.21)
        walled = (not ix.is_barbarian[u] and ix.availability[u] != "rebel"
                  and recruit_walls(state, p, side) == 1)
        state.loc[u] = p
        state.cv[u] = ix.max_cv[u] if ix.is_barbarian[u] else 1
        state.inside[u] = 1 if walled else 0
        state.event("recruit", "4.22", f"{side_title(side)} recruits {ix.describe(u)} in "
                    f"{ix.place_name[p]} at {state.cv[u]} cv", side, private=side,
                    public=f"{side_title(side)} recruits a block in {ix.place_name[p]}")
        if ix.availability[u] == "rebel" and ix.has_city[p] and state.city_control[p] != side:
            # a rebel unit takes its city at once (§4.22), so it may be built up this turn
            state.city_control[p] = side
            state.event("rebels_take_city", "4.22", f"The rebels take {ix.place_name[p]} for "
                        f"{side_title(side)}", side, place=p)
        pop(state, frame)
        if ix.is_barbarian[u] and state.season == WINTER:
            eliminate(state, u, "9.23", "barbarians recruited in Winter disband at once",
                      "disbands at once (recruited in Winter)")
            return
        if ix.is_barbarian[u] and not season_ban(state, side, "move"):
            push(state, {"kind": "group_move", "side": side, "mode": "free", "area": p,
                         "to": -1, "group": next_group(state), "units": (u,)})
        olympians.after_recruit_placed(state, side, u)

    def run(self, state, frame):
        state.event("recruit_wasted", "4.22", f"{side_title(frame['side'])} cannot place "
                    "any of the drawn blocks: the recruit is wasted", frame["side"])
        pop(state, frame)

    def text(self, state, frame):
        return "Place one of the three drawn blocks (the others go back to the pool)"


class DetachGarrison(ActionType):
    """§4.23: a permanent garrison in an opposing city held by friendly Greek units."""

    type = "garrison"
    rules = ("4.23",)

    def _reason(self, state: State, side: int, p: int) -> str | None:
        ix = state.ix
        if not ix.has_city[p] or ix.city_loyalty[p] != 1 - side:
            return f"{ix.place_name[p]} is not a city loyal to the enemy (an opposing city)"
        if p in state.garrisons:
            return f"{ix.place_name[p]} already has a garrison: one per city (§7.3)"
        greeks = [u for u in outside_units(state, p, side) if not ix.is_barbarian[u]]
        greeks += [u for u in side_units(side)
                   if state.loc[u] == p and state.inside[u] and not ix.is_barbarian[u]]
        if not greeks:
            return f"no friendly Greek units occupy {ix.place_name[p]}"
        if state.city_control[p] != side:
            return f"{side_title(side)} does not hold the city of {ix.place_name[p]}"
        if not can_build_in(state, p, side):
            return (f"{ix.place_name[p]} is besieged: a garrison is a Building action, and none "
                    "is built in a besieged city (§4.2)")
        return None

    def legal(self, state, side):
        ix = state.ix
        loc, has_city, loyalty = state.loc, ix.has_city, ix.city_loyalty
        # places with an opposing city (``_reason``'s first check) where the side has units
        places = sorted({loc[u] for u in side_units(side)
                         if loc[u] >= 0 and has_city[loc[u]] and loyalty[loc[u]] == 1 - side})
        return [{"type": self.type, "side": SIDE_NAMES[side], "area": ix.place_ids[p],
                 "label": f"Build a garrison in {ix.place_name[p]} (1 action)"}
                for p in places if self._reason(state, side, p) is None]

    def why_illegal(self, state, side, action):
        p = _place_arg(state, action, "area")
        reason = self._reason(state, side, p)
        return IllegalAction(reason, "4.23") if reason else None

    def apply(self, state, side, action):
        p = state.ix.place(action["area"])
        state.garrisons[p] = [side, 1]
        state.event("garrison", "4.23", f"{side_title(side)} builds a garrison in "
                    f"{state.ix.place_name[p]}", side)


for _a in (MoveGroup(), Muster(), Build(), Recruit(), DetachGarrison()):
    register_action(_a)


# -- the action phase -------------------------------------------------------------------------
#: what an Earthquake forbids, by action type (§3.1)
BANNED_BY = {"move_group": "move", "muster": "move", "pillage": "pillage"}


def _banned(state: State, side: int, action_type: str) -> str:
    """Why a season-long event forbids ``side`` this action type now, or "" (§3.1)."""
    what = BANNED_BY.get(action_type)
    return season_ban(state, side, what) if what else ""

class ActionPhase(Step):
    """Spend the turn's actions in any order, then end the phase (§4.0)."""

    kind = "actions"
    rules = ("4.0",)

    def deciders(self, state, frame):
        return (frame["side"],) if state.actions_left > 0 else ()

    def legal(self, state, frame, side):
        if side != frame["side"]:
            return []
        out = []
        left = state.actions_left
        # unless costs vary by place, each action costs at most its handler's cost
        vary = scenario_rules.costs_vary(state)
        for handler in ACTION_TYPES.values():
            if handler.cost <= left and not _banned(state, side, handler.type):
                listed = handler.legal(state, side)
                out.extend((a for a in listed if cost_of(state, handler, a) <= left) if vary
                           else listed)
        out.append({"type": "end_actions", "side": SIDE_NAMES[side],
                    "label": f"End the action phase ({state.actions_left} action(s) unused)"})
        return out

    def why_illegal(self, state, frame, action):
        side = action_side(action)
        if side != frame["side"]:
            return IllegalAction(f"it is {side_title(frame['side'])}'s action phase")
        t = action.get("type")
        if t == "end_actions":
            return None
        handler = ACTION_TYPES.get(t)
        if handler is None:
            return IllegalAction(f"{shown(t)} is not an action; the action types are "
                                 f"{', '.join(sorted(ACTION_TYPES))} and 'end_actions'", "4.0")
        ban = _banned(state, side, t)
        if ban:
            return IllegalAction(ban, "3.1")
        cost = cost_of(state, handler, action)
        if cost > state.actions_left:
            extra = " (double in neutral Sicily, §15.2)" if cost > handler.cost else ""
            return IllegalAction(f"{t} costs {cost} action(s){extra} and only "
                                 f"{state.actions_left} remain", "4.0")
        try:
            return handler.why_illegal(state, side, action)
        except IllegalAction as exc:
            return exc

    def apply(self, state, frame, action):
        if action["type"] == "end_actions":
            self.run(state, frame)
            return
        handler = ACTION_TYPES[action["type"]]
        state.actions_left -= cost_of(state, handler, action)
        handler.apply(state, frame["side"], action)

    def run(self, state, frame):
        state.actions_left = 0
        pop(state, frame)
        if state.pending_rolls:
            push(state, {"kind": "rolls", "side": frame["side"], "stage": "forced",
                         "await": ()})

    def text(self, state, frame):
        return (f"{side_title(frame['side'])}'s action phase: {state.actions_left} "
                "action(s) left")


def _boarding_moves(state: State, frame: dict, f: int, c: int) -> list[dict]:
    """The moves a group-move frame accepts of fleet ``f`` carrying ``c`` (``boarding.py``)."""
    if c not in board_choices(state, f) or f not in GROUP_MOVE._eligible(state, frame):
        return []
    return move_actions(state, frame["side"], f, frame["mode"], frame["to"], cargos=(c,))


GROUP_MOVE = GroupMove()
boarding.PARENTS[GROUP_MOVE.kind] = _boarding_moves
#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (GROUP_MOVE, RecruitPlace(), ActionPhase())
