"""§5 movement: ranges, land and sea moves, sea transport, deep-sea crossings, forced marches,
engaging and formations.

A move is a ``path`` of places entered, in order (the start is not included). A path is checked
one border at a time by :func:`plan_move`, which says in plain words why a step is not allowed.
:func:`destinations` lists, per unit, one canonical path to each reachable place (fewest deep-sea
borders, then fewest areas); any other legal path may be given instead.

Pending rolls (``state.pending_rolls``), resolved after all actions by the ``rolls`` step:

- ``{"kind": "forced", "side", "unit", "carry", "from", "target", "group", "path"}`` (§5.3);
- ``{"kind": "deepsea", "side", "units", "from", "to", "group", "path"}`` (§5.22).

Special rules add a :class:`~.scenarios.Limits` (Winter §9.21, the Peace
of Nicias §12.0, scenario rules §15): places whose enemies the mover passes through, forced
marches that succeed at once, and extra checks per border crossed and for the end of the move.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hellenes_nb.core import remembered
from hellenes_nb.core.steps import IllegalAction, Step, pop, replace_top
from hellenes_nb.games.hellenes.index import (
    FALL,
    HIGH_SUMMER,
    NEW_YEAR,
    SIDE_NAMES,
    SIDE_SPAN,
    SPRING,
    SUMMER,
    WINTER,
    WorldIndex,
    side_of,
    side_title,
    side_units,
)
from hellenes_nb.games.hellenes.rules.control import besieged, placed
from hellenes_nb.games.hellenes.rules.scenarios import (
    Limits,
    StepCheck,
    capacity,
    held_back,
    section,
)
from hellenes_nb.games.hellenes.state import POOL, State

#: storm on a die roll up to this face, by season index (§5.22)
STORM_MAX = {NEW_YEAR: 3, SPRING: 3, SUMMER: 2, HIGH_SUMMER: 1, FALL: 2, WINTER: 3}


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


#: ``bytes.translate`` table: 0 becomes 1, anything else 0 (a logical "not" per byte)
_ZERO_TO_ONE = bytes([1] + [0] * 255)
#: more deep-sea borders than any way has: a place a pruned walk has not reached (:func:`_walk`)
_OPEN = 1 << 30


#: The occupancy facts of :class:`_Ctx` (``enemy_out``, ``blocked``, ``enemy``, their masks and
#: ``closed``, immutable, and the searches made with them: see :func:`_search`), shared between
#: states. Key: all they are made from: world index, side, pass-through places, places pillaged
#: by the side this turn, neutral places, and the enemy units' places and "inside" flags.
#: Bounded.
_FACTS: dict[tuple, tuple[bytes, bytes, bytes, tuple[int, int, int], tuple[int, ...], dict]] = (
    remembered.table("movement._FACTS"))
_FACTS_MAX = 512


class _Ctx:
    """Occupancy facts for one side's moves, computed once per check (one unchanged state).

    With ``places`` (the places of one path, for :func:`_step`), :attr:`enemy_out` is filled
    in for those places only and :attr:`blocked` and :attr:`enemy` (read by searches) are not
    built."""

    __slots__ = ("blocked", "closed", "enemy", "enemy_out", "ix", "side", "state", "through",
                 "pillaged", "searches", "_ports", "_masks")

    def __init__(self, state: State, side: int, through: bytearray | None = None,
                 places: tuple[int, ...] | None = None):
        ix = state.ix
        self.state, self.ix, self.side = state, ix, side
        self.through = through
        self.pillaged = _pillaged_now(state, side)
        self._ports: dict[tuple[int, int], bool] = {}
        lo = (1 - side) * SIDE_SPAN
        if places is not None:
            #: per place, 1 when enemy units stand there outside the walls
            self.enemy_out = enemy_out = bytearray(ix.n_places)
            loc, inside = state.loc, state.inside
            there = loc[lo:lo + SIDE_SPAN].tolist()
            for p in places:
                if p in there and any(loc[e] == p and not inside[e]
                                      for e in range(lo, lo + SIDE_SPAN)):
                    enemy_out[p] = 1
            return
        hi = lo + SIDE_SPAN
        key = (ix, side, None if through is None else bytes(through), self.pillaged,
               state.neutral, state.loc[lo:hi].tobytes(), bytes(state.inside[lo:hi]))
        facts = _FACTS.get(key)
        if facts is None:
            if len(_FACTS) >= _FACTS_MAX:
                _FACTS.clear()
            facts = _FACTS[key] = _facts(state, lo, through, self.pillaged)
        #: ``enemy_out`` as above; ``blocked``: places that may not be entered at all, neutral
        #: (§1.31) or pillaged by the mover (§5.5); ``enemy``: places whose enemy units stop
        #: and engage the mover (not those it may pass through); ``closed``: per place, -1 when
        #: blocked, else :data:`_OPEN` (to start a pruned walk's table of fewest deep-sea
        #: borders, :func:`_walk`); ``searches``: the searches made with these facts
        #: (:func:`_search`)
        (self.enemy_out, self.blocked, self.enemy, self._masks, self.closed,
         self.searches) = facts

    def port_ok(self, p: int, n_units: int) -> bool:
        """Can ``n_units`` friendly units go inside the besieged city of ``p`` (§5.2, §7.4)?
        The state-dependent half of :func:`_can_enter_city`, remembered per place."""
        got = self._ports.get((p, n_units))
        if got is None:
            state = self.state
            got = self._ports[(p, n_units)] = besieged(state, p) == self.side and (
                sum(1 for u in placed(state)[self.side].get(p, ()) if state.inside[u])
                + n_units <= capacity(state, p))
        return got

    def masks(self) -> tuple[int, int, int]:
        """:attr:`enemy_out`, :attr:`enemy` and :attr:`blocked` as ints, one byte per place (to
        mask with :meth:`_Borders.ball`)."""
        return self._masks


def _facts(state: State, lo: int, through: bytearray | None, pillaged: frozenset[int]
           ) -> tuple[bytes, bytes, bytes, tuple[int, int, int], tuple[int, ...], dict]:
    """The occupancy facts of :class:`_Ctx` for the side whose enemy's units start at ``lo``:
    ``enemy_out``, ``blocked``, ``enemy``, the three as ints (:meth:`_Ctx.masks`), ``closed``
    and an empty table of the searches made with them (:func:`_search`)."""
    n = state.ix.n_places
    enemy_out = bytearray(n)
    hi = lo + SIDE_SPAN
    for p, inside in zip(state.loc[lo:hi], state.inside[lo:hi], strict=True):
        if p >= 0 and not inside:
            enemy_out[p] = 1
    blocked = bytearray(state.neutral)
    for p in pillaged:
        blocked[p] = 1
    out = int.from_bytes(enemy_out, "little")
    enemy = out if through is None else (
        out & int.from_bytes(through.translate(_ZERO_TO_ONE), "little"))
    return (bytes(enemy_out), bytes(blocked), enemy.to_bytes(n, "little"),
            (out, enemy, int.from_bytes(blocked, "little")),
            tuple(-1 if x else _OPEN for x in blocked), {})


def _pillaged_now(state: State, side: int) -> frozenset[int]:
    """Places ``side`` pillaged this player turn: its units may not enter them (§5.5)."""
    if not state.pillaged:
        return frozenset()
    from hellenes_nb.games.hellenes.rules.siege import pillage_entry_banned

    return frozenset(p for p in state.pillaged if pillage_entry_banned(state, p, side))


def _can_enter_city(ctx: _Ctx, a: int, b: int, n_units: int) -> bool:
    """A fleet reaching its own besieged port from the offshore sea goes inside (§5.2, §7.4)."""
    ix = ctx.ix
    if not ix.is_port[b] or ix.offshore[b] != a or not ctx.enemy_out[b]:
        return False
    return ctx.port_ok(b, n_units)


def _step(ctx: _Ctx, u: int, a: int, b: int, first: bool, fleet: bool,
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
    ctx = _Ctx(state, side, limits.through if limits is not None else None, plan.path)
    step_check = limits.step if limits is not None else None
    a = start
    for i, b in enumerate(path):
        reason, stops, via, enters = _step(ctx, u, a, b, i == 0, fleet, n_units)
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


#: kinds of border crossing in the search tables (see :class:`_Borders`)
_ON_LAND, _COAST_HOP, _PUT_TO_SEA, _LAND_FROM_SEA, _AT_SEA = range(5)
#: stages of a move in :attr:`_Borders.steps`: its first border, the first border of a unit
#: starting besieged, any later border
_FIRST, _FIRST_INSIDE, _LATER = range(3)


class _Borders:
    """Per world, the borders each kind of unit may ever cross, as ``(to, kind, deep, via,
    flag)`` rows in :attr:`WorldIndex.land_adj` / ``fleet_adj`` order: the facts :func:`_step`
    reads about a border that do not depend on the state. Borders that :func:`_step` always
    refuses (land units at sea, fleets between land areas sharing no sea or into inland areas,
    §5.1, §5.2) are left out. ``deep`` is 1 for a deep-sea border (§5.22); ``via`` names the
    engagement when enemy units stop the mover (§5.4); ``flag`` is, leaving land, "this sea is
    the port's offshore sea" and, landing, "a port whose offshore sea this is" (§7.4).

    ``steps[fleet][stage][a]`` are the rows :func:`_walk` crosses from ``a`` at each stage of a
    move (:data:`_FIRST`, :data:`_FIRST_INSIDE`, :data:`_LATER`), as ``(to, deep, via, halts,
    port)``: the borders :func:`_step` refuses at that stage whatever the state are left out (a
    coastal hop after the first border or from inside the walls, any border but the offshore
    sea out of a besieged city, §5.1, §7.4); ``halts`` says the mover stops there whatever the
    enemy (landing, a coastal hop, §5.1); ``port`` that it may go inside a besieged port there
    (landing from the port's offshore sea, §7.4).

    ``dist[fleet][a][b]`` is the fewest borders from ``a`` to ``b`` along these rows (a lower
    bound for any move, since the state only takes borders away; -1 when out of reach)."""

    __slots__ = ("balls", "dist", "fleet", "land", "steps")

    def __init__(self, ix: WorldIndex):
        n_land = ix.n_land
        self.land = tuple(
            tuple((b, _ON_LAND, 0, "land", False) for b in ix.land_adj[a]
                  if a < n_land and b < n_land and (a, b) in ix.border)
            for a in range(ix.n_places))
        self.fleet = tuple(tuple(self._fleet_rows(ix, a)) for a in range(ix.n_places))
        self.steps = tuple(tuple(tuple(tuple(self._step_rows(rows, stage)) for rows in table)
                                 for stage in (_FIRST, _FIRST_INSIDE, _LATER))
                           for table in (self.land, self.fleet))
        self.dist = (tuple(self._distances(self.land, a) for a in range(ix.n_places)),
                     tuple(self._distances(self.fleet, a) for a in range(ix.n_places)))
        self.balls: dict[tuple[bool, int, int], int] = {}

    @staticmethod
    def _step_rows(rows: tuple, stage: int) -> list[tuple[int, int, str, bool, bool]]:
        """The rows of :attr:`steps` at ``stage`` made from one place's ``rows``."""
        out = []
        for b, kind, deep, via, flag in rows:
            if kind == _COAST_HOP and stage != _FIRST:
                continue
            if stage == _FIRST_INSIDE and kind in (_ON_LAND, _PUT_TO_SEA) and not flag:
                continue
            out.append((b, deep, via, kind in (_LAND_FROM_SEA, _COAST_HOP),
                        kind == _LAND_FROM_SEA and flag))
        return out

    @staticmethod
    def _distances(table: tuple, a: int) -> tuple[int, ...]:
        dist = [-1] * len(table)
        dist[a] = 0
        todo = [a]
        for p in todo:
            for row in table[p]:
                if dist[row[0]] < 0:
                    dist[row[0]] = dist[p] + 1
                    todo.append(row[0])
        return tuple(dist)

    def ball(self, fleet: bool, a: int, depth: int) -> int:
        """The places within ``depth`` borders of ``a``, as a mask with one byte per place
        (byte ``p`` is 0xFF), to pick out the bytes of an occupancy table a search reads."""
        key = (fleet, a, depth)
        got = self.balls.get(key)
        if got is None:
            got = self.balls[key] = sum(0xFF << (8 * p) for p, d in
                                        enumerate(self.dist[fleet][a]) if 0 <= d <= depth)
        return got

    @staticmethod
    def _fleet_rows(ix: WorldIndex, a: int) -> list[tuple[int, int, int, str, bool]]:
        n_land = ix.n_land
        rows = []
        for b in ix.fleet_adj[a]:
            kind = ix.border.get((a, b))
            if kind is None:
                continue
            if a < n_land and b < n_land:
                if set(ix.coast[a]) & set(ix.coast[b]):
                    rows.append((b, _COAST_HOP, 0, "land", False))
            elif a < n_land:
                rows.append((b, _PUT_TO_SEA, 0, "sea", ix.offshore[a] == b))
            elif b < n_land:
                if ix.is_coastal(b):
                    rows.append((b, _LAND_FROM_SEA, 0, "landing",
                                 ix.is_port[b] and ix.offshore[b] == a))
            else:
                rows.append((b, _AT_SEA, int(kind == "deepsea"),
                             "narrows" if kind == "narrows" else "sea", False))
        return rows


def _borders(ix: WorldIndex) -> _Borders:
    """The search tables of ``ix`` (built on first use; an index never changes)."""
    return ix.derived(_Borders)


def fewest_borders(ix: WorldIndex, fleet: bool) -> tuple[tuple[int, ...], ...]:
    """``[a][b]``: the fewest borders a land unit (or a fleet) crosses from ``a`` to ``b`` with
    every border open, or -1 when not connected. No move of a unit within its range ends in
    ``b`` unless this is between 0 and the range (the state only takes borders away; §5.0,
    §5.1)."""
    return _borders(ix).dist[fleet]


#: Searches shared between states and listings. Key: every input of :func:`_walk` (world, side,
#: start, fleet, starts inside, range, forced, no_engage, units moving) and, for the places
#: within reach of the start (:meth:`_Borders.ball`: a search reads nothing beyond), where
#: enemy units stand outside the walls, those that stop the mover, and the places barred
#: (:meth:`_Ctx.masks`). Value: without a border or end check the answer, with an end check but
#: no border check the walk (:func:`_pick` applies the end check); and the port checks consulted,
#: which are checked again on every hit. Together these cover everything :func:`_walk` reads.
_FOUND: dict[tuple, tuple[Any, dict[int, bool]]] = remembered.table("movement._FOUND")
_FOUND_MAX = 2048
#: Bound on the searches remembered with one entry of :data:`_FACTS` (:func:`_search`)
_SEARCHES_MAX = 128  # seen at most 28 in random games of all four scenarios


def destinations(state: State, u: int, *, forced: bool = True, no_engage: bool = False,
                 carrying: bool = False, cargo: int = -1, limits: Limits | None = None,
                 reach: int = 0, memo: dict | None = None
                 ) -> dict[tuple[int, bool], tuple[int, ...]]:
    """Canonical paths: ``{(destination, forced): path}`` for unit ``u`` (see module doc).

    ``cargo`` (a carried land unit) and ``limits`` (special rules) are checked like the unit;
    ``reach`` (when > 0) caps the range, e.g. 1 for a move to an adjacent area.

    ``memo`` is a dict owned by the caller for one unchanged state (e.g. one legal-action
    listing); it keeps the occupancy facts of each side (:func:`_memo_ctx`). The borders a
    search may cross depend on the unit only through its side, place, range, fleet type and
    whether it starts besieged (§5.0, §5.1, §7.4), so units alike share one search (see
    :func:`_search`). With a ``memo`` and without a border or end check the returned dict may
    be shared: callers must not change it."""
    ix = state.ix
    start = state.loc[u]
    if start < 0 or state.moved[u]:
        return {}
    fleet = ix.is_fleet[u]
    if not fleet and ix.is_sea(start):
        return {}
    if limits is not None and limits.unit:
        return {}
    n_units = 2 if carrying else 1
    rng = min(ix.move[u], reach) if reach > 0 else ix.move[u]
    inside = state.inside[u]
    ctx = _memo_ctx(state, side_of(u), None if limits is None else limits.through, memo)
    if limits is None or (limits.step is None and limits.end is None):
        # only pass-through places (e.g. Winter Homing with no besieged home city): the plain
        # search, made with them; a sure forced march changes only the path an end check reads
        found = _search(ctx, start, fleet, inside, rng, forced, no_engage, n_units, True)
        return found if memo is not None else dict(found)
    if limits.step is not None:
        # with no end check, every move may end where it stops: the walk gives the answer
        events = _walk(ctx, u, start, fleet, inside, rng, forced, no_engage, n_units, cargo,
                       limits.step, {}, limits.end is None)
        return events if limits.end is None else _pick(events, u, cargo, rng, limits)
    walk = _search(ctx, start, fleet, inside, rng, forced, no_engage, n_units, False)
    return _pick(walk, u, cargo, rng, limits)


def _search(ctx: _Ctx, start: int, fleet: bool, inside: int, rng: int, forced: bool,
            no_engage: bool, n_units: int, plain: bool) -> Any:
    """A search without a border check: with ``plain`` (no end check either) the answer, else
    the walk for :func:`_pick`. Neither reads the unit itself: without a border or end check,
    :func:`_walk` and :func:`_pick` use the unit and its cargo only to call those checks.

    Remembered with the context's occupancy facts (:attr:`_Ctx.searches`, shared by every state
    whose facts are the same: they stand for the world, the side and the masks of
    :data:`_FOUND`), keyed on the other inputs of :func:`_walk`: start, fleet, starts inside,
    range, forced, no-engage, units moving and ``plain``. The port checks consulted are checked
    again on every hit. A search not found there is looked up in :data:`_FOUND`."""
    searches = ctx.searches
    key = (start, fleet, inside, rng, forced, no_engage, n_units, plain)
    hit = searches.get(key)
    if hit is None or (hit[1] and not _ports_agree(ctx, hit[1], n_units)):
        if len(searches) >= _SEARCHES_MAX:
            searches.clear()
        hit = searches[key] = _found(ctx, start, fleet, inside, rng, forced, no_engage,
                                     n_units, plain)
    return hit[0]


def _found(ctx: _Ctx, start: int, fleet: bool, inside: int, rng: int, forced: bool,
           no_engage: bool, n_units: int, plain: bool) -> tuple[Any, dict[int, bool]]:
    """The entry of :data:`_FOUND` for a search of :func:`_search` (walked when missing or when
    a port check it consulted answers otherwise now): the search and the port checks."""
    ix = ctx.ix
    ball = _borders(ix).ball(fleet, start, rng + 1 if forced else rng)
    enemy_out, enemy, blocked = ctx.masks()
    key = (ix, ctx.side, start, fleet, inside, rng, forced, no_engage, n_units, plain,
           enemy_out & ball, enemy & ball, blocked & ball)
    hit = _FOUND.get(key)
    if hit is not None and (not hit[1] or _ports_agree(ctx, hit[1], n_units)):
        return hit
    ports: dict[int, bool] = {}
    found = _walk(ctx, -1, start, fleet, inside, rng, forced, no_engage, n_units, -1, None,
                  ports, plain)
    if len(_FOUND) >= _FOUND_MAX:
        _FOUND.clear()
    hit = _FOUND[key] = (found, ports)
    return hit


def _ports_agree(ctx: _Ctx, ports: dict[int, bool], n_units: int) -> bool:
    """Whether the port checks a search consulted (:meth:`_Ctx.port_ok`) answer as they did."""
    for p, ok in ports.items():
        if ctx.port_ok(p, n_units) != ok:
            return False
    return True


def _memo_ctx(state: State, side: int, through: bytearray | None, memo: dict | None) -> _Ctx:
    """The occupancy facts of ``side`` with the pass-through places ``through``, kept in
    ``memo`` (one unchanged state) by side and the contents of ``through``."""
    if memo is None:
        return _Ctx(state, side, through)
    key = (side, None if through is None else bytes(through))
    ctx = memo.get(key)
    if ctx is None:
        ctx = memo[key] = _Ctx(state, side, None if through is None else bytearray(through))
    return ctx


#: One border crossing found by :func:`_walk`: (place entered, deep-sea borders so far, areas
#: moved, path before, path after, engagement, enters a city)
_Event = tuple[int, int, int, tuple[int, ...], tuple[int, ...], str, bool]


def _walk(ctx: _Ctx, u: int, start: int, fleet: bool, inside: int, rng: int, forced: bool,
          no_engage: bool, n_units: int, cargo: int, step_check: StepCheck | None,
          ports: dict[int, bool], every_end: bool
          ) -> list[_Event] | dict[tuple[int, bool], tuple[int, ...]]:
    """The breadth-first search behind :func:`destinations`: every border crossing that may
    give a canonical path (fewest deep-sea borders, then fewest areas; a forced march adds one
    area beyond the range, §5.3), in search order, for :func:`_pick` to choose from.

    Each border is judged as :func:`_step` judges it, from the :class:`_Borders` tables and the
    context; the port checks consulted (:meth:`_Ctx.port_ok`) are noted in ``ports``. With
    ``every_end`` (no end check: every move may end where it stops) crossings that cannot beat
    the way already found to a place are left out, and the answer is returned instead of the
    crossings: what :func:`_pick` would make of them without an end check (each crossing kept
    is then the best way to its place so far, and a forced march is only kept into a place not
    reached within the range). A border check (``step_check``) may come with ``every_end``: it
    reads the unit and the border only, so it answers alike on the ways on from a place however
    the mover got there."""
    steps = _borders(ctx.ix).steps[fleet]
    blocked, enemy, enemy_out = ctx.blocked, ctx.enemy, ctx.enemy_out
    events: list[_Event] = []
    # with every_end: per place the fewest deep-sea borders so far, or :data:`_OPEN` (-1: never
    # to be entered, as the start, a blocked place or one a forced march enters)
    fewest = list(ctx.closed)
    fewest[start] = -1
    # with every_end: per place the best way within the range (in order of first arrival) and
    # the forced marches
    best: dict[int, tuple[int, ...]] = {}
    marches: dict[int, tuple[int, ...]] = {}
    frontier: dict[int, tuple[int, tuple[int, ...]]] = {start: (0, ())}
    for depth in range(1, rng + 2):
        last = depth == rng + 1
        if last and not forced:
            break
        table = steps[_LATER if depth > 1 else _FIRST_INSIDE if inside else _FIRST]
        nxt: dict[int, tuple[int, tuple[int, ...]]] = {}
        for a in sorted(frontier):
            deep, path = frontier[a]
            for b, dd, word, halts, port in table[a]:
                d = deep + dd
                if every_end:
                    # A way to ``b`` no better than one found (as many deep-sea borders or more,
                    # as many areas or more) gives nothing: not the canonical path, and every
                    # way on from it is matched by one from the better way, which stops in the
                    # same places (whether a unit stops depends on the place only) and passes
                    # the same border checks (they read the border, not the way). This also
                    # leaves out the places on ``path`` (found with no more deep-sea borders).
                    cur = fewest[b]
                    if d >= cur or (last and cur != _OPEN):
                        continue
                elif blocked[b] or b in path or b == start:
                    continue
                engage = enemy[b]  # enemy units there stop the mover and engage it
                enters = False
                if port and enemy_out[b]:
                    enters = ports[b] = ctx.port_ok(b, n_units)
                    if enters:
                        engage = 0
                if engage and no_engage:
                    continue
                if step_check is not None and (step_check(u, a, b) or (
                        cargo >= 0 and step_check(cargo, a, b))):
                    continue
                newp = path + (b,)
                if every_end:
                    if last:
                        fewest[b] = -1  # the first forced march there is the one
                        marches[b] = newp
                        continue
                    fewest[b] = d
                    best[b] = newp
                else:
                    events.append((b, d, depth, path, newp, word if engage else "", enters))
                    if last:
                        continue
                if not (halts or engage):
                    old = nxt.get(b)
                    if old is None or d < old[0]:
                        nxt[b] = (d, newp)
        frontier = nxt
    if every_end:
        out = {(q, True): path for q, path in marches.items()}
        out.update(((q, False), path) for q, path in best.items())
        return out
    return events


def _pick(events: list[_Event], u: int, cargo: int, rng: int,
          limits: Limits | None) -> dict[tuple[int, bool], tuple[int, ...]]:
    """The canonical paths among :func:`_walk`'s crossings whose end the special-rule end check
    allows (for the unit and its cargo): per place the first with the fewest deep-sea borders,
    then, for places no move within the range reaches, the first forced march."""
    check = limits.end if limits is not None else None
    sure = limits.sure_forced if limits is not None else b""
    best: dict[int, tuple[int, tuple[int, ...]]] = {}
    out: dict[tuple[int, bool], tuple[int, ...]] = {}
    for b, d, depth, path, newp, via, enters in events:
        if depth > rng:
            if b in best or (b, True) in out:
                continue
            if check is not None:
                moved = newp if sure and sure[b] else path
                if check(u, moved, via, enters) or (
                        cargo >= 0 and check(cargo, moved, via, enters)):
                    continue
            out[(b, True)] = newp
            continue
        cur = best.get(b)
        if cur is not None and d >= cur[0]:
            continue
        if check is not None and (check(u, newp, via, enters) or (
                cargo >= 0 and check(cargo, newp, via, enters))):
            continue
        best[b] = (d, newp)
    for b, (_d, path) in best.items():
        out[(b, False)] = path
    return out


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
                        f"{was} to {plan.carry_cv} cv to board {ix.describe(u)}", side,
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
        _record_arrival(state, movers, moved_path, plan.engage_via, group, plan.deep)
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


def _record_arrival(state: State, movers: list[int], path: tuple[int, ...], via: str,
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


def eliminate(state: State, u: int, rule: str, why: str, public_why: str | None = None) -> None:
    """Remove a unit to its side's recruit pool (§6.32, §5.23). The log names it to the enemy
    only if revealed in the battle fought, and gives the enemy ``public_why`` (default ``why``)
    as the reason when ``why`` would tell the type of a hidden block."""
    ix = state.ix
    at = state.loc[u]
    cargo = state.carry.get(u)
    state.loc[u] = POOL
    state.cv[u] = 0
    state.inside[u] = 0
    state.carry.pop(u, None)
    if cargo is not None and at >= ix.n_land and state.loc[cargo] == at:
        # A land unit cannot stay at sea without its carrier (§5.2, §5.21): it is lost with
        # the fleet, as in a gale (§5.23).
        eliminate(state, cargo, rule, f"lost at sea with its carrying fleet ({why})",
                  "lost at sea")
    for f, c in list(state.carry.items()):
        if c == u:
            del state.carry[f]
    side = side_of(u)
    state.event("eliminated", rule, lambda rd: f"{rd.unit(u, start=True)} is eliminated: "
                + (why if rd.knows(u) or public_why is None else public_why), side)
    state.revealed[u] = 0  # named above to the enemy if it was revealed in the battle fought
    if at >= ix.n_land and ix.is_fleet[u]:
        _lose_stranded(state, at, side, rule, why)


def _lose_stranded(state: State, sea: int, side: int, rule: str, why: str) -> None:
    """After a fleet of ``side`` is lost at ``sea``: land units there beyond one per remaining
    fleet have no ship and are lost too (§5.21, §5.23). Units recorded as carried by a remaining
    fleet keep their places; the others are lost first, in unit order."""
    ix = state.ix
    loc, is_fleet = state.loc, ix.is_fleet
    lo = side * SIDE_SPAN
    fleets = [f for f in range(lo, lo + SIDE_SPAN) if loc[f] == sea and is_fleet[f]]
    land = [c for c in range(lo, lo + SIDE_SPAN) if loc[c] == sea and not is_fleet[c]]
    excess = len(land) - len(fleets)
    if excess <= 0:
        return
    aboard = {state.carry[f] for f in fleets if f in state.carry}
    lost = [c for c in land if c not in aboard] + [c for c in land if c in aboard]
    for c in lost[:excess]:  # losing a land unit never loses another one
        eliminate(state, c, rule, f"lost at sea: no fleet is left to carry it ({why})",
                  "lost at sea")


# -- rolls after all actions (§5.3, §5.22, §5.23) ----------------------------------------
def forced_succeeds(state: State, u: int, face: int) -> bool:
    """Regular units succeed on 5–6, elite on 3–6 (§5.3)."""
    return face >= (3 if state.ix.elite[u] else 5)


class Rolls(Step):
    """Forced marches (owner rolls, then may decline a success), then storms (§5.3, §5.22).

    Frame: ``{"kind": "rolls", "side": s, "stage": "forced"|"choose"|"storms",
    "await": (indices of successful forced marches in pending_rolls)}``.
    """

    kind = "rolls"
    rules = ("5.3", "5.22", "5.23")
    minor = True

    def deciders(self, state, frame):
        return (frame["side"],) if frame["stage"] == "choose" and frame["await"] else ()

    def legal(self, state, frame, side):
        if side != frame["side"] or not frame["await"]:
            return []
        r = state.pending_rolls[frame["await"][0]]
        ix = state.ix
        key = ix.unit_key[r["unit"]]
        target = ix.place_name[r["target"]]
        name = SIDE_NAMES[side]
        return [
            {"type": "forced_march", "side": name, "unit": key, "accept": True,
             "label": f"{ix.describe(r['unit'])}: make the extra move into {target}"},
            {"type": "forced_march", "side": name, "unit": key, "accept": False,
             "label": f"{ix.describe(r['unit'])}: decline the extra move into {target}"},
        ]

    def apply(self, state, frame, action):
        idx = frame["await"][0]
        r = state.pending_rolls[idx]
        replace_top(state, **{"await": frame["await"][1:]})
        if action["accept"]:
            _forced_enter(state, r)
        else:
            state.event("forced_declined", "5.3", f"{state.ix.describe(r['unit'])} declines "
                        "the extra move", r["side"], private=r["side"],
                        public="A forced march succeeds but the move is declined")

    def run(self, state, frame):
        stage = frame["stage"]
        if stage == "forced":
            from hellenes_nb.games.hellenes.rules import olympians

            ok = []
            for i, r in enumerate(state.pending_rolls):
                if r["kind"] != "forced":
                    continue
                face = state.dice.roll()
                state.barrier = True
                good = forced_succeeds(state, r["unit"], face)
                state.event("forced_roll", "5.3",
                            f"Forced march of {state.ix.describe(r['unit'])}: rolled {face}, "
                            f"{'success' if good else 'failure'}", r["side"], dice=[face],
                            private=r["side"],
                            public=f"A forced march rolls {face}: "
                                   f"{'success' if good else 'failure'}")
                if good:
                    ok.append(i)
            replace_top(state, stage="choose", **{"await": tuple(ok)})
            olympians.offer_hermes(state)
        elif stage == "choose":
            replace_top(state, stage="storms", next=0)
        else:
            self._next_storm(state, frame)

    def _next_storm(self, state: State, frame: dict) -> None:
        """Roll the next deep-sea crossing's storm; one per run, so that an appeal to Poseidon
        (§11.0) is settled before the next storm is rolled."""
        from hellenes_nb.games.hellenes.rules import olympians

        rolls = state.pending_rolls
        i = frame.get("next", 0)
        while i < len(rolls) and rolls[i]["kind"] != "deepsea":
            i += 1
        if i >= len(rolls):
            state.pending_rolls = []
            pop(state, frame)
            return
        replace_top(state, next=i + 1)
        olympians.roll_storm(state, rolls[i])

    def text(self, state, frame):
        return "Forced marches and deep-sea crossings are rolled after all actions"


def _forced_enter(state: State, r: dict) -> None:
    """Complete a successful, accepted forced march or sail (§5.3)."""
    u, c = r["unit"], r["carry"]
    ix = state.ix
    a, b = r["from"], r["target"]
    if state.loc[u] != a:
        return
    ctx = _Ctx(state, r["side"], places=(b,))
    movers = [u] + ([c] if c >= 0 and state.loc[c] == a else [])
    reason, _stops, via, enters = _step(ctx, u, a, b, False, ix.is_fleet[u], len(movers))
    if reason:
        state.event("forced_blocked", "5.3", f"{ix.describe(u)} cannot complete the forced "
                    f"march: {reason}", r["side"], private=r["side"],
                    public="A forced march cannot be completed")
        return
    for m in movers:
        state.loc[m] = b
        state.inside[m] = 1 if enters else 0
    deep = [(a, b)] if ix.border.get((a, b)) == "deepsea" else []
    _record_arrival(state, movers, r["path"], via, r["group"], deep)
    state.event("forced_move", "5.3", f"{ix.describe(u)} force marches into "
                f"{ix.place_name[b]}", r["side"], private=r["side"],
                public=f"A {side_title(r['side'])} block force marches from "
                       f"{ix.place_name[a]} into {ix.place_name[b]}")


def storm(state: State, r: dict) -> None:
    """The opponent rolls for a storm on the deep-sea crossing ``r`` (``{"side", "from", "to",
    "units"}``); in a storm each fleet rolls for ship damage (§5.22, §5.23)."""
    ix = state.ix
    side = r["side"]
    face = state.dice.roll()
    state.barrier = True
    storm = face <= STORM_MAX[state.season]
    border = f"{ix.place_name[r['from']]}–{ix.place_name[r['to']]}"
    state.event("storm_roll", "5.22", f"{side_title(1 - side)} rolls {face} for the "
                f"deep-sea crossing {border}: {'storm' if storm else 'calm seas'}", 1 - side,
                dice=[face])
    if not storm:
        return
    for f in r["units"]:
        if state.loc[f] < 0:
            continue
        dmg = state.dice.roll()
        cargo = state.carry.get(f, -1)
        if dmg <= 3:
            if cargo >= 0:
                eliminate(state, cargo, "5.23", "lost with its fleet in a gale", "lost at sea")
            eliminate(state, f, "5.23", f"gale (rolled {dmg})")
            continue
        state.cv[f] -= 1
        state.event("high_seas", "5.23", f"{ix.describe(f)} loses 1 cv in high seas "
                    f"(rolled {dmg})", side, private=side,
                    public=f"A {side_title(side)} fleet loses 1 cv in high seas")
        if state.cv[f] <= 0:
            if cargo >= 0:
                eliminate(state, cargo, "5.23", "lost with its fleet", "lost at sea")
            eliminate(state, f, "5.23", "sunk in high seas")
        elif cargo >= 0 and state.cv[cargo] >= state.cv[f]:
            state.cv[cargo] = state.cv[f] - 1
            if state.cv[cargo] <= 0:
                eliminate(state, cargo, "5.23", "too strong for its damaged fleet",
                          "lost at sea")


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (Rolls(),)
