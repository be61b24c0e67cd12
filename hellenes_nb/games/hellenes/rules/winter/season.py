"""§9 Winter: action cards only, wintering movement, maintenance, building, disbanding, then
siegebreaking combat (homing battles, sorties) and winter siege combat at triple attrition.

Frames:

- ``{"kind": "winter", "stage": n}``: card play without events (§9.1), each player's winter
  actions (§9.2), each player's siegebreaking combat (§9.3), each player's siege combat (§9.4);
- ``{"kind": "winter_actions", "side", "stage"}``: free Quartering and Homing moves (§9.211,
  §9.212, with Displacement §9.213), Winter group moves, Maintenance, Building (1 action each,
  §9.214, §9.22, §9.23), then deep-sea rolls and Disbanding (§9.24);
- ``{"kind": "winter_disband", "side", "place", "count"}``: the owner picks which units over a
  city's capacity disband (§9.213: owner's choice);
- ``{"kind": "siegebreak", "side", "stage", "done"}``: sorties and homing battles (§9.3).

Bookkeeping in ``state.flags`` for the current Winter: ``maintained:<unit>`` (§9.22) and
``homing:<unit>`` = the home city a unit engaged to reach (§9.31).

The shelter units need is in :mod:`.shelter`; what wintering movement may do (§9.21:
Quartering, Homing and Winter group move limits, the listing of free moves) in
:mod:`.movement`.
"""

from __future__ import annotations

from hellenes_nb.core.echo import shown
from hellenes_nb.core.steps import IllegalAction, Step, need, pop, push, replace_top
from hellenes_nb.core.words import count
from hellenes_nb.games.hellenes.eventlog import a_block
from hellenes_nb.games.hellenes.index import (
    SIDE_NAMES,
    WINTER,
    WorldIndex,
    action_side,
    side_of,
    side_title,
    side_units,
)
from hellenes_nb.games.hellenes.rules import boarding, cards, control, peace
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules.actions.moves import move_limits
from hellenes_nb.games.hellenes.rules.actions.phase import ACTION_TYPES
from hellenes_nb.games.hellenes.rules.actions.types import cost_of, next_group
from hellenes_nb.games.hellenes.rules.battle.phase import formations
from hellenes_nb.games.hellenes.rules.control import outside_units
from hellenes_nb.games.hellenes.rules.losses import eliminate
from hellenes_nb.games.hellenes.rules.movement.check import (
    Plan,
    board_choices,
    must_carry,
    plan_move,
)
from hellenes_nb.games.hellenes.rules.movement.execution import execute
from hellenes_nb.games.hellenes.rules.siege.condition import inside_units
from hellenes_nb.games.hellenes.rules.siege.methods import siege_targets
from hellenes_nb.games.hellenes.rules.siege.records import refresh
from hellenes_nb.games.hellenes.rules.siege.sortie import sortie_candidates
from hellenes_nb.games.hellenes.rules.winter.movement import Listing, enemy_units
from hellenes_nb.games.hellenes.rules.winter.shelter import (
    FREE_MODES,
    Refusal,
    city_occupants,
    free_move_reason,
    home_cities,
    in_friendly_city,
    maintained,
    needs_shelter,
    open_modes,
    overloaded,
    unit_refusal,
)
from hellenes_nb.games.hellenes.state import State

BUILD_TYPES = ("build", "recruit", "move_group")


# -- the winter sequence ------------------------------------------------------------------------
class Winter(Step):
    kind = "winter"
    rules = ("9.0", "9.1", "9.2", "9.3", "9.4")

    def run(self, state, frame):
        stage = frame["stage"]
        replace_top(state, stage=stage + 1)
        first = state.first
        if stage == 0:
            state.season = WINTER
            state.event("season", "9.0", f"Winter {state.year} BC")
            push(state, {"kind": "card_play", "new_year": 0})
        elif stage in (1, 2):
            side = first if stage == 1 else 1 - first
            if stage == 1:
                state.engagements = []  # from here on only homing moves and sorties engage
            push(state, {"kind": "winter_actions", "side": side, "stage": "start"})
        elif stage in (3, 4):
            side = first if stage == 3 else 1 - first
            push(state, {"kind": "siegebreak", "side": side, "stage": "start", "done": ()})
        elif stage in (5, 6):
            side = first if stage == 5 else 1 - first
            state.active = side
            refresh(state)
            if siege_targets(state, side):
                state.event("winter_sieges", "9.4", f"{side_title(side)}'s winter siege combat "
                            "(attrition hits on 1–3)", side)
                push(state, {"kind": "siege_combat", "side": side, "done": (),
                             "action_turn": 1})
        else:
            refresh(state)
            control.refresh(state)
            cards.discard_played(state)
            for key in [k for k in state.flags
                        if k.startswith(("maintained:", "homing:", "winter_group:"))]:
                del state.flags[key]
            state.actions_left = 0
            state.active = -1
            pop(state)


def _start(state: State, side: int) -> None:
    """Winter actions open: a fresh turn for ``side`` that keeps the other side's homing
    engagements (their battles come later, §9.3)."""
    state.active = side
    state.moved = bytearray(len(state.moved))
    state.retreated = bytearray(len(state.retreated))
    state.pending_rolls = []
    for key in [k for k in state.flags if k.startswith("winter_group:")]:
        del state.flags[key]
    state.actions_left = peace.actions_for_turn(state, side)
    scenario_rules.refresh_neutral(state)


#: Maintenance actions, which depend only on the world's names. Key: (world index, side, unit,
#: place, cost); bounded.
_MAINTAIN: dict[tuple, dict] = {}
_MAINTAIN_MAX = 5000


def _maintain_action(ix: WorldIndex, side: int, u: int, p: int, cost: int) -> dict:
    """The action maintaining ``u`` in ``p`` for ``cost`` actions (remembered: copy it before
    use)."""
    key = (ix, side, u, p, cost)
    hit = _MAINTAIN.get(key)
    if hit is None:
        if len(_MAINTAIN) >= _MAINTAIN_MAX:
            _MAINTAIN.clear()
        hit = _MAINTAIN[key] = {
            "type": "maintain", "side": SIDE_NAMES[side], "unit": ix.unit_key[u],
            "label": f"Maintain {ix.describe(u)} in {ix.place_name[p]} ({cost} action)"}
    return hit


class WinterActions(Step):
    """One player's winter actions (§9.2), then deep-sea rolls and disbanding (§9.24)."""

    kind = "winter_actions"
    rules = ("9.2", "9.21", "9.22", "9.23", "9.24")

    def deciders(self, state, frame):
        return (frame["side"],) if frame["stage"] == "act" else ()

    def legal(self, state, frame, side):
        if side != frame["side"] or frame["stage"] != "act":
            return []
        ix = state.ix
        name = SIDE_NAMES[side]
        listing = Listing(state, side)
        over = listing.over
        out: list[dict] = [{"type": "end_winter_actions", "side": name,
                            "label": f"End winter actions ({state.actions_left} unused); "
                                     "unsheltered, unmaintained units disband"}]
        for u, city in listing.cities.items():
            full = city in over
            if unit_refusal(state, u) is None:
                modes = open_modes(ix, u, city, full)
                if modes:
                    out.extend(listing.listed(u, modes))
                    if ix.is_fleet[u]:  # land units too strong to board it (§5.21)
                        out.extend(boarding.offers(
                            state, side, u, board_choices(state, u),
                            lambda c, u=u, m=modes: any(listing.remembered(u, mode, c)
                                                        for mode in m)))
            if self._maintain_refusal(state, u, over, city, u in listing.kept) is None:
                cost = scenario_rules.action_cost(state, state.loc[u])
                if cost <= state.actions_left:
                    out.append(_maintain_action(ix, side, u, state.loc[u], cost).copy())
        vary = scenario_rules.costs_vary(state)  # else each costs handler.cost (cost_of)
        for t in BUILD_TYPES:
            handler = ACTION_TYPES[t]
            if handler.cost <= state.actions_left:
                found = handler.legal(state, side)
                out.extend(found if not vary else
                           (a for a in found
                            if cost_of(state, handler, a) <= state.actions_left))
        return out

    def _maintain_refusal(self, state: State, u: int, over: dict[int, tuple[list[int], int]],
                          city: int | None = None, kept: bool | None = None) -> Refusal:
        """Why ``u`` (on the map) may not be maintained now (§9.22; ``over`` and ``city`` as
        for :func:`free_move_reason`, ``kept``: :func:`maintained`, when already known)."""
        ix = state.ix
        if ix.is_barbarian[u]:
            return lambda: "barbarians disband in Winter wherever they are (§9.24)"
        if maintained(state, u) if kept is None else kept:
            return lambda: f"{ix.describe(u)} is already maintained"
        if not needs_shelter(state, u, over, city):
            return lambda: f"{ix.describe(u)} winters inside a friendly city: no maintenance needed"
        return None

    def check(self, state, frame, action):
        """The reason the action is refused, or None and, for a free move, its plan
        (:meth:`_plan`)."""
        if action.get("type") == "winter_move" and action_side(action) == frame["side"]:
            try:
                return None, self._plan(state, frame["side"], action)
            except IllegalAction as exc:
                return exc, None
        if action.get("type") == "board" and action_side(action) == frame["side"] \
                and frame["stage"] == "act":
            return boarding.refusal(state, frame, action, self.board_moves), None
        return self.why_illegal(state, frame, action), None

    def why_illegal(self, state, frame, action):
        side = action_side(action)
        t = action.get("type")
        if side != frame["side"]:
            return IllegalAction(f"it is {side_title(frame['side'])}'s winter actions", "9.2")
        if t == "end_winter_actions":
            return None
        if t == "board":
            return boarding.refusal(state, frame, action, self.board_moves)
        if t == "winter_move":
            try:
                self._plan(state, side, action)
            except IllegalAction as exc:
                return exc
            return None
        if t == "maintain":
            try:
                u = state.ix.unit(need(action, "unit", str))
            except KeyError as exc:
                return IllegalAction(str(exc.args[0]), "9.22")
            if side_of(u) != side or state.loc[u] < 0:
                return IllegalAction(f"{state.ix.describe(u)} is not your unit on the map",
                                     "9.22")
            why = self._maintain_refusal(state, u, overloaded(state, side))
            if why is not None:
                return IllegalAction(why(), "9.22")
            cost = scenario_rules.action_cost(state, state.loc[u])
            if cost > state.actions_left:
                return IllegalAction(f"maintenance costs {count(cost, 'action')} and only "
                                     f"{state.actions_left} remain", "9.22")
            return None
        if t in BUILD_TYPES:
            handler = ACTION_TYPES[t]
            cost = cost_of(state, handler, action)
            if cost > state.actions_left:
                return IllegalAction(f"{t} costs {count(cost, 'action')} and only "
                                     f"{state.actions_left} remain", "9.2")
            return handler.why_illegal(state, side, action)
        return IllegalAction(f"{shown(t)} is not a winter action: the choices are winter_move "
                             "(Quartering or Homing, with 'board' to reduce a land unit to "
                             "board a fleet), move_group, maintain, build, recruit and "
                             "end_winter_actions (no musters, pillaging or garrisons)", "9.2")

    def _plan(self, state: State, side: int, action: dict) -> Plan:
        ix = state.ix
        mode = action.get("mode")
        if mode not in FREE_MODES:
            raise IllegalAction("a free wintering move has 'mode' 'quarter' or 'home'", "9.21")
        try:
            u = ix.unit(need(action, "unit", str))
            path = [ix.place(x) for x in need(action, "path", list)]
            carry = ix.unit(action["carry"]) if action.get("carry") is not None else -1
        except (KeyError, TypeError) as exc:
            raise IllegalAction(f"bad unit or area in the move: {exc}", "9.21") from None
        if side_of(u) != side or (carry >= 0 and side_of(carry) != side):
            raise IllegalAction("only your own units make your wintering moves", "9.21")
        reason = free_move_reason(state, u, mode)
        if reason:
            raise IllegalAction(reason, scenario_rules.section(reason) or "9.21")
        if carry < 0 and ix.is_fleet[u] and must_carry(state, u):
            raise IllegalAction(f"{ix.describe(u)} must carry one of the land units at sea with "
                                "it", "5.21")
        forced = action.get("forced", False)
        if not isinstance(forced, bool) or (forced and mode != "home"):
            raise IllegalAction("only Homing moves get the extra area of an automatic forced "
                                "march (§9.212)", "9.212")
        carry_cv = action.get("carry_cv", 0)
        if not isinstance(carry_cv, int) or isinstance(carry_cv, bool):
            raise IllegalAction("'carry_cv' must be a whole number", "5.21")
        return plan_move(state, u, path, forced=forced, carry=carry, carry_cv=carry_cv,
                         limits=move_limits(state, u, mode,
                                            path[-1] if path else -1))

    def apply(self, state, frame, action):
        self.apply_checked(state, frame, action, None)

    def apply_checked(self, state, frame, action, made):
        t = action["type"]
        side = frame["side"]
        ix = state.ix
        if t == "end_winter_actions":
            replace_top(state, stage="rolls")
        elif t == "board":
            boarding.start(state, frame, action)
        elif t == "winter_move":
            plan = made if made is not None else self._plan(state, side, action)
            execute(state, plan, _formation_group(state, plan))
            scenario_rules.refresh_neutral(state)
            if action["mode"] == "home" and plan.engage_via:
                end = plan.end
                target = end if not ix.is_sea(end) else next(
                    h for h in home_cities(state, plan.unit) if ix.offshore[h] == end)
                for m in (plan.unit, plan.carry):
                    if m >= 0:
                        state.flags[f"homing:{ix.unit_key[m]}"] = target
                state.event("homing_battle", "9.31", f"{side_title(side)} homing units challenge "
                            f"the enemy at {ix.place_name[end]}", side, place=end)
        elif t == "maintain":
            u = ix.unit(action["unit"])
            state.actions_left -= scenario_rules.action_cost(state, state.loc[u])
            state.flags[f"maintained:{ix.unit_key[u]}"] = 1
            state.event("maintain", "9.22", f"{side_title(side)} maintains {ix.describe(u)}", side,
                        private=side, public=f"{side_title(side)} maintains a block in "
                                             f"{ix.place_name[state.loc[u]]}")
        else:
            handler = ACTION_TYPES[t]
            state.actions_left -= cost_of(state, handler, action)
            handler.apply(state, side, action)

    def board_moves(self, state: State, frame: dict, f: int, c: int) -> list[dict]:
        """The free wintering moves this frame accepts of fleet ``f`` carrying ``c`` reduced
        to board it (``boarding.py``)."""
        if frame["stage"] != "act" or unit_refusal(state, f) is not None \
                or c not in board_choices(state, f):
            return []
        listing = Listing(state, frame["side"])
        city = listing.cities.get(f)
        if city is None:
            return []
        return listing.listed(f, open_modes(state.ix, f, city, city in listing.over), (c,))

    def run(self, state, frame):
        side = frame["side"]
        stage = frame["stage"]
        if stage == "start":
            _start(state, side)
            state.event("winter_actions", "9.2", f"{side_title(side)}'s winter actions: "
                        f"{count(state.actions_left, 'action')}", side,
                        actions=state.actions_left)
            replace_top(state, stage="act")
        elif stage == "rolls":
            replace_top(state, stage="disband")
            if state.pending_rolls:
                push(state, {"kind": "rolls", "side": side, "stage": "forced", "await": ()})
        elif stage == "disband":
            over = overloaded(state, side)
            for p, (units, excess) in sorted(over.items()):
                if len({(state.ix.unit_type[u], state.cv[u]) for u in units}) > 1:
                    replace_top(state, stage="disband_rest")
                    push(state, {"kind": "winter_disband", "side": side, "place": p,
                                 "count": excess})
                    return
            replace_top(state, stage="disband_rest")
        else:
            disband(state, side, keep_homing=True)
            state.actions_left = 0
            pop(state, frame)

    def text(self, state, frame):
        return (f"{side_title(frame['side'])}'s winter actions ({state.actions_left} left): "
                "Quarter or Home for free, group moves, maintenance, building")


def _formation_group(state: State, plan: Plan) -> int:
    """Free wintering moves from one area along one route in one player's winter actions form
    one formation (one group, §5.41): they fight a homing battle and cross deep seas together."""
    key = "winter_group:" + "/".join(state.ix.place_ids[p] for p in (plan.start, *plan.path))
    if key not in state.flags:
        state.flags[key] = next_group(state)
    return state.flags[key]


class WinterDisband(Step):
    """The owner chooses which units over a city's capacity disband (§9.213, §9.24)."""

    kind = "winter_disband"
    rules = ("9.213", "9.24")
    minor = True

    def _units(self, state: State, frame: dict) -> list[int]:
        return city_occupants(state, frame["side"]).get(frame["place"], [])

    def deciders(self, state, frame):
        return (frame["side"],) if frame["count"] > 0 and self._units(state, frame) else ()

    def legal(self, state, frame, side):
        if side != frame["side"]:
            return []
        ix = state.ix
        return [{"type": "disband", "side": SIDE_NAMES[side], "unit": ix.unit_key[u],
                 "label": f"Disband {ix.describe(u)} (strength {state.cv[u]}): no room in "
                          f"{ix.place_name[frame['place']]}"}
                for u in self._units(state, frame)]

    def apply(self, state, frame, action):
        u = state.ix.unit(action["unit"])
        eliminate(state, u, "9.24", "no room in the city and not maintained")
        replace_top(state, count=frame["count"] - 1)

    def text(self, state, frame):
        n = frame["count"]
        return (f"{side_title(frame['side'])}: {count(n, 'unit')} in "
                f"{state.ix.place_name[frame['place']]} {'is' if n == 1 else 'are'} over its "
                "capacity and not maintained; choose which to disband (§9.213)")


def disband(state: State, side: int, keep_homing: bool) -> None:
    """Disband ``side``'s barbarians and every unit neither inside a friendly city (within its
    capacity) nor maintained; homing units awaiting their battle wait if ``keep_homing``
    (§9.24). Over a city's capacity, the weakest units go (the owner chose already if he
    wished, :class:`WinterDisband`)."""
    ix = state.ix
    over = overloaded(state, side)
    doomed: list[tuple[int, str]] = []
    for p, (units, excess) in sorted(over.items()):
        ranked = sorted(units, key=lambda u: (state.cv[u], -u))
        doomed.extend((u, f"no room in {ix.place_name[p]} and not maintained")
                      for u in ranked[:excess])
    crowded = {u for u, _ in doomed}
    for u in side_units(side):
        if state.loc[u] < 0 or u in crowded:
            continue
        if ix.is_barbarian[u]:
            doomed.append((u, "barbarians disband every Winter"))
        elif maintained(state, u) or in_friendly_city(state, u) >= 0:
            continue
        elif keep_homing and state.flags.get(f"homing:{ix.unit_key[u]}") is not None:
            continue
        else:
            doomed.append((u, "outside any friendly city and not maintained"))
    for u, why in doomed:
        if state.loc[u] >= 0:
            eliminate(state, u, "9.24", f"disbands for the Winter: {why}",
                      "disbands for the Winter")


# -- siegebreaking combat (§9.3) -----------------------------------------------------------------
class SiegeBreak(Step):
    """One player's sorties and homing battles, then homing fleets enter their ports and the
    homing units that failed disband (§9.3, §9.31, §9.32)."""

    kind = "siegebreak"
    rules = ("9.3", "9.31", "9.32")

    def _pending(self, state: State, frame: dict) -> list[int]:
        side = frame["side"]
        mine = {e["area"] for e in state.engagements if e["side"] == side}
        return [p for p in control.disputed(state) if p in mine and p not in frame["done"]]

    def run(self, state, frame):
        side = frame["side"]
        stage = frame["stage"]
        if stage == "start":
            state.active = side
            state.retreated = bytearray(len(state.retreated))
            refresh(state)
            replace_top(state, stage="battles")
            if sortie_candidates(state, side):
                push(state, {"kind": "sortie", "side": side, "chosen": ()})
        elif stage == "battles":
            places = self._pending(state, frame)
            if not places:
                replace_top(state, stage="after")
                return
            p = min(places, key=lambda q: (max((len(f["units"])
                                                for f in formations(state, q, side)),
                                               default=0), q))
            replace_top(state, done=(*frame["done"], p))
            push(state, {"kind": "battle", "place": p, "side": side, "mode": "field",
                         "treachery": False, "stage": "start"})
        else:
            refresh(state)
            _homing_enter(state, side)
            disband(state, side, keep_homing=False)
            refresh(state)
            control.refresh(state)
            pop(state, frame)


def _homing_enter(state: State, side: int) -> None:
    """Homing fleets whose offshore sea is now clear of the enemy enter their home port, inside
    its walls if it is still besieged by land (§9.31)."""
    ix = state.ix
    for u in side_units(side):
        target = state.flags.get(f"homing:{ix.unit_key[u]}")
        p = state.loc[u]
        if target is None or p < 0 or not ix.is_sea(p) or ix.offshore[target] != p:
            continue
        if enemy_units(state, p, side) or state.city_control[target] != side:
            continue
        besieged = bool(outside_units(state, target, 1 - side))
        if besieged and len(inside_units(state, target, side)) \
                >= scenario_rules.capacity(state, target):
            continue
        state.loc[u] = target
        state.inside[u] = 1 if besieged else 0
        state.event("homing_enters", "9.31", f"{ix.describe(u)} reaches home: "
                    f"{ix.place_name[target]}", side, private=side,
                    public=f"{a_block(side)} reaches home in {ix.place_name[target]}")


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (Winter(), WinterActions(), WinterDisband(), SiegeBreak())
