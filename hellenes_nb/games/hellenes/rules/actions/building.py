"""§4.2 building: reinforcements (+1 cv at home, §4.21), recruits (three hidden draws from the
pool, one placed, §4.22, with Apollo's appeal, §11.0) and detached garrisons (§4.23).

Frame: ``{"kind": "recruit", "side", "drawn"}``: place one of the blocks drawn."""

from __future__ import annotations

from collections.abc import Callable

from hellenes_nb.core.steps import IllegalAction, Step, pop, push
from hellenes_nb.games.hellenes.index import (
    ATHENS,
    SIDE_NAMES,
    WINTER,
    action_side,
    side_of,
    side_title,
    side_units,
)
from hellenes_nb.games.hellenes.rules import olympians
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules.actions.types import (
    ActionType,
    next_group,
    place_arg,
    unit_arg,
)
from hellenes_nb.games.hellenes.rules.cards import card_record, no_quarter_bars, season_ban
from hellenes_nb.games.hellenes.rules.control import outside_units, placed
from hellenes_nb.games.hellenes.rules.losses import eliminate
from hellenes_nb.games.hellenes.rules.siege.blockade import can_build_in
from hellenes_nb.games.hellenes.rules.siege.condition import besieger_of, inside_units
from hellenes_nb.games.hellenes.state import POOL, State

RECRUIT_DRAW = 3


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
            return lambda: f"{ix.describe(u)} is already at its full strength of {ix.max_cv[u]}"
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
                 "label": f"Build {ix.describe(u)} from strength {cv[u]} to {cv[u] + 1} "
                          f"in {ix.place_name[loc[u]]} (1 action)"}
                for u in side_units(side)
                if loc[u] >= 0 and cv[u] < max_cv[u]
                and self._refusal(state, side, u, walls) is None]

    def why_illegal(self, state, side, action):
        u = unit_arg(state, action)
        if side_of(u) != side:
            return IllegalAction(f"{state.ix.describe(u)} is not your unit", "4.21")
        reason = self._reason(state, side, u)
        return IllegalAction(reason, "4.21") if reason else None

    def apply(self, state, side, action):
        u = state.ix.unit(action["unit"])
        state.cv[u] += 1
        state.event("build", "4.21", f"{state.ix.describe(u)} builds up to strength {state.cv[u]}",
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
                            "label": f"Place {ix.describe(u)} in {ix.place_name[p]} at "
                                     f"strength {cv}"})
        return out

    def why_illegal(self, state, frame, action):
        side = action_side(action)
        ix = state.ix
        if side != frame["side"] or action.get("type") != "place_recruit":
            return IllegalAction("the recruiting player must now place one drawn block "
                                 "('place_recruit')", "4.22")
        try:
            u = unit_arg(state, action)
            p = place_arg(state, action, "area")
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
                    f"{ix.place_name[p]} at strength {state.cv[u]}", side, private=side,
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
        p = place_arg(state, action, "area")
        reason = self._reason(state, side, p)
        return IllegalAction(reason, "4.23") if reason else None

    def apply(self, state, side, action):
        p = state.ix.place(action["area"])
        state.garrisons[p] = [side, 1]
        state.event("garrison", "4.23", f"{side_title(side)} builds a garrison in "
                    f"{state.ix.place_name[p]}", side)


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (RecruitPlace(),)
