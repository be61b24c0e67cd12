"""§5 checking a move: one border at a time (:func:`check_border`), then the whole path
(:func:`plan_move`, which says in plain words why a move is not allowed), what a fleet may carry
(§5.21), and the places next to a place a unit could enter by its own kind of movement.

Special rules add a :class:`~.scenarios.Limits` (Winter §9.21, the Peace of Nicias §12.0,
scenario rules §15): places whose enemies the mover passes through, forced marches that succeed
at once, and extra checks per border crossed and for the end of the move.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.hellenes.index import side_of, side_units
from hellenes_nb.games.hellenes.rules.control import placed
from hellenes_nb.games.hellenes.rules.movement.occupancy import Occupancy
from hellenes_nb.games.hellenes.rules.scenarios import Limits, held_back, section
from hellenes_nb.games.hellenes.state import State


@dataclass
class Plan:
    """A checked move: where the unit stops now, and what it triggers."""

    unit: int
    path: tuple[int, ...]
    start: int
    end: int
    carry: int = -1
    carry_cv: int = 0
    forced_target: int = -1
    #: how the forced step would engage the enemy in ``forced_target`` ("" if it would not)
    forced_via: str = ""
    engage_via: str = ""
    enter_city: bool = False
    deep: list[tuple[int, int]] = field(default_factory=list)



def _can_enter_city(ctx: Occupancy, a: int, b: int, n_units: int) -> bool:
    """A fleet reaching its own besieged port from the offshore sea goes inside (§5.2, §7.4)."""
    ix = ctx.ix
    if not ix.is_port[b] or ix.offshore[b] != a or not ctx.enemy_out[b]:
        return False
    return ctx.port_ok(b, n_units)


def check_border(ctx: Occupancy, u: int, a: int, b: int, first: bool, fleet: bool,
          n_units: int) -> tuple[str, bool, str, bool]:
    """Check one border crossing: (reason or "", stops, engage_via, enters_city)."""
    ix, state = ctx.ix, ctx.state
    kind = ix.border.get((a, b))
    if kind is None:
        return (f"{ix.place_name[a]} and {ix.place_name[b]} do not share a border (§1.1)", True,
                "", False)
    if state.neutral[b]:
        return (f"{ix.place_name[b]} is neutral in this scenario and may not be entered "
                "(§1.31, §15)", True, "", False)
    if b in ctx.pillaged:
        return (f"{ix.place_name[b]} was pillaged by its own side this player turn: no friendly "
                "unit may enter it (§5.5)", True, "", False)
    n_land = ix.n_land
    sea_a, sea_b = a >= n_land, b >= n_land
    enemy = ctx.enemy_out[b] and not (ctx.through is not None and ctx.through[b])
    if not fleet:
        if sea_b or sea_a:
            return ("only fleets, and land units carried by them, move at sea (§5.2)", True,
                    "", False)
        if first and state.inside[u]:
            return ("besieged units cannot move by land (§5.1, §7.4)", True, "", False)
        if enemy:
            return "", True, "land", False
        return "", False, "", False
    # fleets
    if not sea_a and not sea_b:
        if not first:
            return (f"a fleet stops on entering land, so it cannot go on from "
                    f"{ix.place_name[a]} (§5.1)", True, "", False)
        if state.inside[u]:
            return ("a besieged fleet can only leave by its port's offshore sea (§7.4)", True,
                    "", False)
        if not set(ix.coast[a]) & set(ix.coast[b]):
            return (f"fleets move on land only along the coast; {ix.place_name[a]} and "
                    f"{ix.place_name[b]} share no sea (§5.1)", True, "", False)
        return "", True, ("land" if enemy else ""), False
    if not sea_a:  # leaving land for a sea
        if first and state.inside[u] and ix.offshore[a] != b:
            off = ix.place_name[ix.offshore[a]] if ix.offshore[a] >= 0 else "none"
            return (f"a fleet besieged in {ix.place_name[a]} can only leave by its offshore sea "
                    f"({off}) (§5.2, §7.4)", True, "", False)
        return "", bool(enemy), ("sea" if enemy else ""), False
    if not sea_b:  # landing
        if not ix.is_coastal(b):
            return (f"fleets may only enter coastal land areas; {ix.place_name[b]} is inland "
                    "(§5.1)", True, "", False)
        if _can_enter_city(ctx, a, b, n_units):
            return "", True, "", True
        return "", True, ("landing" if enemy else ""), False
    if enemy:
        return "", True, ("narrows" if kind == "narrows" else "sea"), False
    return "", False, "", False


def plan_move(state: State, u: int, path: list[int], *, forced: bool = False, carry: int = -1,
              carry_cv: int = 0, no_engage: bool = False, limits: Limits | None = None) -> Plan:
    """Check the move of unit ``u`` along ``path``; IllegalAction says why it is not allowed.

    With ``limits`` (special rules), a forced march may succeed at once (no roll) and every
    border and the end of the move are checked against the rule in force."""
    ix = state.ix
    side = side_of(u)
    start = state.loc[u]
    if start < 0:
        raise IllegalAction(f"{ix.describe(u)} is not on the map", "5.0")
    if state.moved[u]:
        raise IllegalAction(f"{ix.describe(u)} has already moved this turn: one move per unit "
                            "per turn", "5.0")
    if not path:
        raise IllegalAction("a move needs a path of at least one area", "5.0")
    if limits is not None and limits.unit:
        raise IllegalAction(f"{ix.describe(u)} cannot move: {limits.unit}", section(limits.unit))
    sure = limits.sure_forced if limits is not None else b""
    fleet = ix.is_fleet[u]
    if not fleet and ix.is_sea(start):
        raise IllegalAction(f"{ix.describe(u)} is at sea and can only move when a fleet carries it",
                            "5.21")
    rng = ix.move[u] + (1 if forced else 0)
    full = [start, *path]
    if len(path) > rng:
        extra = " with a forced march" if forced else ""
        raise IllegalAction(
            f"{ix.describe(u)} has movement range {ix.move[u]}; {ix.route(full)} is "
            f"{len(path)} areas{extra}", "5.3" if forced else "5.0")
    if forced and len(path) <= ix.move[u]:
        raise IllegalAction(f"{ix.route(full)} is within the normal range of {ix.describe(u)}: "
                            "no forced march is needed", "5.3")
    if forced and no_engage:
        raise IllegalAction("mustering units cannot force march or sail", "5.3")
    again = next((p for i, p in enumerate(full) if p in full[:i]), -1)
    if again >= 0:
        raise IllegalAction(f"{ix.route(full)} comes back to {ix.place_name[again]}: a move "
                            "never enters an area twice or returns to where it began", "5.0")
    plan = Plan(unit=u, path=tuple(path), start=start, end=start)
    n_units = 1
    if carry >= 0:
        _check_carry(state, u, carry, carry_cv, path)
        plan.carry, plan.carry_cv = carry, carry_cv
        n_units = 2
    ctx = Occupancy(state, side, limits.through if limits is not None else None, plan.path)
    step_check = limits.step if limits is not None else None
    a = start
    for i, b in enumerate(path):
        reason, stops, via, enters = check_border(ctx, u, a, b, i == 0, fleet, n_units)
        if not reason and step_check is not None:
            reason = step_check(u, a, b) or (step_check(carry, a, b) if carry >= 0 else "")
        if reason:
            raise IllegalAction(f"{ix.describe(u)} cannot go {ix.route(full)}: {reason}",
                                _rule(reason))
        if ix.border.get((a, b)) == "deepsea":
            plan.deep.append((a, b))
        is_forced_step = forced and i == len(path) - 1 and not (sure and sure[b])
        if is_forced_step:
            plan.forced_target, plan.forced_via = b, via
            plan.deep = [d for d in plan.deep if d != (a, b)]
            break
        plan.end = b
        if via and no_engage:
            raise IllegalAction(f"{ix.describe(u)} cannot go {ix.route(full)}: mustering units "
                                f"may not engage, and {ix.place_name[b]} holds enemy units",
                                "5.0")
        if stops and i < len(path) - 1:
            why = (f"it must stop in {ix.place_name[b]}, which holds enemy units"
                   if via else f"a fleet must stop on entering {ix.place_name[b]}")
            raise IllegalAction(f"{ix.describe(u)} cannot go {ix.route(full)}: {why}",
                                "5.4" if via else "5.1")
        plan.engage_via, plan.enter_city = via, enters
        a = b
    end_check = limits.end if limits is not None else None
    if end_check is not None:
        moved = plan.path if plan.forced_target < 0 else plan.path[:-1]
        reason = ""
        for m in (u, carry) if carry >= 0 else (u,):
            reason = reason or end_check(m, moved, plan.engage_via, plan.enter_city)
        if reason:
            raise IllegalAction(f"{ix.describe(u)} cannot go {ix.route(full)}: {reason}",
                                _rule(reason))
    return plan


def _rule(reason: str) -> str:
    return section(reason) or "5.0"


def _check_carry(state: State, f: int, c: int, carry_cv: int, path: list[int]) -> None:
    """§5.21: one Greek land unit, weaker than the fleet, starting (and ending) with it."""
    ix = state.ix
    fd = ix.describe(f)
    if not ix.is_fleet[f]:
        raise IllegalAction(f"only fleets carry land units; {fd} is not a fleet", "5.21")
    if side_of(c) != side_of(f) or state.loc[c] < 0:
        raise IllegalAction(f"{ix.unit_key[c]} is not a friendly unit on the map", "5.21")
    cd = ix.describe(c)
    if ix.is_fleet[c]:
        raise IllegalAction(f"a fleet cannot carry another fleet ({cd})", "5.21")
    if ix.is_barbarian[c]:
        raise IllegalAction(f"barbarians cannot be carried by sea ({cd})", "5.21")
    if state.loc[c] != state.loc[f] or state.inside[c] != state.inside[f]:
        raise IllegalAction(f"{cd} must start the turn in the same place as {fd}", "5.21")
    if state.moved[c]:
        raise IllegalAction(f"{cd} has already moved this turn", "5.0")
    frozen = held_back(state, c)
    if frozen:
        raise IllegalAction(f"{cd} cannot be carried away: {frozen}", section(frozen) or "5.21")
    if carry_cv:
        # reduced only as far as boarding needs: to one less than the fleet (docs/rules-decisions)
        if state.cv[c] < state.cv[f]:
            raise IllegalAction(f"{cd} ({state.cv[c]} cv) is already weaker than {fd} "
                                f"({state.cv[f]} cv): it boards without being reduced", "5.21")
        if carry_cv != state.cv[f] - 1:
            raise IllegalAction(
                f"{cd} may only be reduced to {state.cv[f] - 1} cv to board {fd} "
                f"({state.cv[f]} cv): one less than its fleet, no further" if state.cv[f] > 1
                else f"{fd} has 1 cv: it cannot carry any land unit", "5.21")
    elif state.cv[c] >= state.cv[f]:
        raise IllegalAction(f"{cd} ({state.cv[c]} cv) must be weaker than {fd} "
                            f"({state.cv[f]} cv) to be carried; it may be reduced to board "
                            "('carry_cv', or the 'board' decision)", "5.21")
    if not any(ix.is_sea(p) for p in (state.loc[f], *path)):
        raise IllegalAction("a fleet only carries a land unit on a move that goes to sea",
                            "5.21")


def _boardable(state: State, f: int, weaker: bool) -> tuple[int, ...]:
    """The unmoved non-barbarian land units of ``f``'s side in its place, on its side of the
    walls, that the scenario does not hold back (§15.2, §15.4), and that are weaker than the
    fleet (``weaker``) or not (§5.21). Unit order."""
    ix = state.ix
    moved, inside, cv = state.moved, state.inside, state.cv
    is_fleet, is_barbarian = ix.is_fleet, ix.is_barbarian
    return tuple(c for c in placed(state)[side_of(f)].get(state.loc[f], ())
                 if c != f and not is_fleet[c] and not is_barbarian[c] and not moved[c]
                 and inside[c] == inside[f] and (cv[c] < cv[f]) == weaker
                 and not held_back(state, c))


def cargo_choices(state: State, f: int) -> tuple[int, ...]:
    """What fleet ``f`` may carry on a move, -1 for nothing (§5.21): an unmoved, weaker,
    non-barbarian land unit of its side in its place, on its side of the walls, that the
    scenario does not hold back (§15.2, §15.4); nothing only when leaving would strand no land
    unit at sea (:func:`must_carry`). Unit order."""
    if not state.ix.is_fleet[f]:
        return (-1,)
    got = _boardable(state, f, True)
    return got if must_carry(state, f) else (-1, *got)


def board_choices(state: State, f: int) -> tuple[int, ...]:
    """The land units fleet ``f`` could carry (:func:`cargo_choices`) but for their strength,
    which may be reduced to one less than the fleet's to board it (§5.21): none for a fleet
    of 1 cv or not on the map. Unit order."""
    if not state.ix.is_fleet[f] or state.loc[f] < 0 or state.cv[f] < 2:
        return ()
    return _boardable(state, f, False)


def must_carry(state: State, f: int) -> bool:
    """A fleet leaving a sea where land units would be left without enough fleets (§5.21)."""
    p = state.loc[f]
    ix = state.ix
    if not ix.is_sea(p):
        return False
    land = fleets = 0
    for u in side_units(side_of(f)):
        if state.loc[u] == p and not state.moved[u]:
            if ix.is_fleet[u]:
                fleets += 1
            else:
                land += 1
    return land >= fleets and land > 0


def moves_from(state: State, u: int, p: int) -> list[int]:
    """Places next to ``p`` that unit ``u`` could enter by its own kind of movement, ignoring
    who is there (§5.1, §5.2): land units by land; fleets from land to an adjacent sea or along
    the coast, from sea to adjacent seas and coastal land. Neutral places are left out."""
    ix = state.ix
    if ix.is_fleet[u]:
        if ix.is_sea(p):
            near = [*ix.sea_adj[p], *ix.coast[p]]
        else:
            seas = set(ix.coast[p])
            near = [*ix.coast[p], *(q for q in ix.land_adj[p] if seas & set(ix.coast[q]))]
    else:
        near = [] if ix.is_sea(p) else list(ix.land_adj[p])
    return sorted(q for q in set(near) if not state.neutral[q])
