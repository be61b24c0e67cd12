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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from . import actions, cards, control, movement, peace, remembered, scenario_rules, siege
from .battles import formations
from .cards import season_ban
from .control import outside_units
from .state import State
from .steps import (
    CheckedPlan,
    IllegalAction,
    Step,
    action_side,
    need,
    pop,
    push,
    register,
    replace_top,
)
from .world_index import SIDE_NAMES, WorldIndex

WINTER = 5
FREE_MODES = ("quarter", "home")
BUILD_TYPES = ("build", "recruit", "move_group")


def _name(side: int) -> str:
    return SIDE_NAMES[side].title()


# -- shelter (§9.0, §9.213, §9.22) ---------------------------------------------------------------
def maintained(state: State, u: int) -> bool:
    """Maintained this Winter (§9.22)."""
    return bool(state.flags.get(_maintained_keys(state.ix)[u]))


def _maintained_names(ix: WorldIndex) -> tuple[str, ...]:
    """Per unit, its ``maintained:<unit>`` flag name."""
    return tuple(f"maintained:{k}" for k in ix.unit_key)


def _maintained_keys(ix: WorldIndex) -> tuple[str, ...]:
    """:func:`_maintained_names` of ``ix``, made once per index."""
    return ix.derived(_maintained_names)


def in_friendly_city(state: State, u: int) -> int:
    """The place of the friendly-controlled city ``u`` stands in (inside it, or in an unbesieged
    CityState), or -1 (§9.0 sidebar: units there occupy the city as desired)."""
    ix = state.ix
    p = state.loc[u]
    side = u // 60
    if p < 0 or p >= ix.n_land or not ix.has_city[p] or state.city_control[p] != side:
        return -1
    if state.inside[u] or not _enemy_outside(state, p, side):
        return p
    return -1


def _enemy_outside(state: State, p: int, side: int) -> bool:
    """Whether units of ``side``'s enemy stand in ``p`` outside the walls (``outside_units``
    of the enemy is not empty), looking at the enemy's units in ``p`` only."""
    lo = (1 - side) * 60
    loc, inside = state.loc, state.inside
    return p in loc[lo:lo + 60] and any(loc[e] == p and not inside[e]
                                         for e in range(lo, lo + 60))


class _Occ:
    """Enemy presence per place for ``side``'s wintering moves, computed once per listing."""

    __slots__ = ("any", "out", "side")

    def __init__(self, state: State, side: int):
        n = state.ix.n_places
        self.side = side
        self.any, self.out = anywhere, out = bytearray(n), bytearray(n)
        lo = (1 - side) * 60
        for p, within in set(zip(state.loc[lo:lo + 60], state.inside[lo:lo + 60], strict=True)):
            if p >= 0:
                anywhere[p] = 1
                if not within:
                    out[p] = 1


def _cities(state: State, side: int, occ: _Occ) -> dict[int, int]:
    """:func:`in_friendly_city` for each of ``side``'s units on the map, reading where the enemy
    stands outside the walls from ``occ`` (one scan of the enemy for the whole side)."""
    ix = state.ix
    n_land, has_city, city_control, enemy_out = ix.n_land, ix.has_city, state.city_control, occ.out
    lo = side * 60
    return {u: p if p < n_land and has_city[p] and city_control[p] == side
            and (within or not enemy_out[p]) else -1
            for u, p, within in zip(range(lo, lo + 60), state.loc[lo:lo + 60],
                                    state.inside[lo:lo + 60], strict=True)
            if p >= 0}


def city_occupants(state: State, side: int, cities: dict[int, int] | None = None,
                   kept: frozenset[int] | None = None) -> dict[int, list[int]]:
    """Per friendly-controlled city, ``side``'s unmaintained non-barbarian units in it
    (``cities``: :func:`_cities` of this state and side, ``kept``: :func:`_maintained_units`
    of them, when already known)."""
    ix = state.ix
    if cities is None:
        cities = _cities(state, side, _Occ(state, side))
    if kept is None:
        kept = _maintained_units(state, cities)
    out: dict[int, list[int]] = {}
    for u, p in cities.items():
        if p >= 0 and not ix.is_barbarian[u] and u not in kept:
            out.setdefault(p, []).append(u)
    return out


def _maintained_units(state: State, units: Iterable[int]) -> frozenset[int]:
    """Those of ``units`` maintained this Winter (:func:`maintained`)."""
    flags, keys = state.flags, _maintained_keys(state.ix)
    return frozenset(u for u in units if flags.get(keys[u]))


def overloaded(state: State, side: int, cities: dict[int, int] | None = None,
               kept: frozenset[int] | None = None) -> dict[int, tuple[list[int], int]]:
    """Cities holding more of ``side``'s units than their capacity: (units, excess) (§9.213)
    (``cities`` and ``kept`` as for :func:`city_occupants`)."""
    out = {}
    capacity = scenario_rules.capacities(state)
    for p, units in city_occupants(state, side, cities, kept).items():
        cap = capacity[p]
        if len(units) > cap:
            out[p] = (units, len(units) - cap)
    return out


def needs_shelter(state: State, u: int, over: dict[int, tuple[list[int], int]],
                  city: int | None = None) -> bool:
    """Not (certainly) inside a friendly city: outside any, or in an over-full one (§9.213)
    (``city``: :func:`in_friendly_city` of ``u``, when already known)."""
    p = in_friendly_city(state, u) if city is None else city
    return p < 0 or p in over


def _home_cities(state: State, u: int) -> list[int]:
    """Controlled home cities of ``u`` (§9.212)."""
    ix = state.ix
    side = u // 60
    return [h for h in ix.homes[u] if ix.has_city[h] and state.city_control[h] == side]


# -- wintering movement limits (§9.21) -------------------------------------------------------------
def _enemy_units(state: State, p: int, side: int) -> bool:
    lo = (1 - side) * 60
    return any(state.loc[e] == p for e in range(lo, lo + 60))


def _shelter_check(state: State, occ: _Occ, one_area: bool) -> scenario_rules.EndCheck:
    """The end check of a Quartering (``one_area``: into an adjacent city, §9.211) or Winter
    group move: it ends in a controlled city, engaging no one and not entering an enemy-besieged
    city by land or an enemy-blockaded port (§9.21)."""
    ix = state.ix
    n_land, has_city, side, out, anywhere = ix.n_land, ix.has_city, occ.side, occ.out, occ.any

    def check(u: int, path: tuple[int, ...], via: str, enters: bool) -> str:
        if one_area and len(path) != 1:
            return "Quartering goes into an adjacent city, one area away (§9.211)"
        end = path[-1]
        if via:
            return "wintering units may not engage the enemy (§9.21)"
        if end >= n_land or not has_city[end] or state.city_control[end] != side:
            return "wintering moves end in a friendly-controlled city (§9.21)"
        if out[end] and not enters:
            return "wintering units may not enter an enemy-besieged city by land (§9.21)"
        prev = path[-2] if len(path) > 1 else state.loc[u]
        if enters and anywhere[prev]:
            return "wintering units may not enter an enemy-blockaded port (§9.21)"
        return ""

    return check


def _homes_of(state: State, homes: dict[int, list[int]], u: int) -> list[int]:
    """:func:`_home_cities` of ``u``, kept in ``homes`` (a cache for one unchanged state)."""
    mine = homes.get(u)
    if mine is None:
        mine = homes[u] = _home_cities(state, u)
    return mine


def _home_check(state: State, occ: _Occ, homes: dict[int, list[int]]) -> scenario_rules.EndCheck:
    """The end check of a Homing move: it ends in a controlled home city of the unit, or
    challenges the enemy besieging it or blockading its offshore sea, a Homing Battle (§9.212,
    §9.31). ``homes`` caches each unit's home cities (:func:`_homes_of`)."""
    offshore, out = state.ix.offshore, occ.out

    def check(u: int, path: tuple[int, ...], via: str, enters: bool) -> str:
        end = path[-1]
        mine = homes.get(u)
        if mine is None:
            mine = _homes_of(state, homes, u)
        if end in mine:
            if via in ("land", "landing") or not out[end] or enters:
                return ""
            return "wintering units may not enter an enemy-besieged city by land (§9.21)"
        if via in ("sea", "narrows") and any(offshore[h] == end and out[h] for h in mine):
            return ""
        return "a Homing move ends in a friendly-controlled home city of the unit (§9.212)"

    return check


def _all_through(state: State) -> bytearray:
    return bytearray(b"\x01" * state.ix.n_places)


def _home_through(state: State, occ: _Occ, homes: list[int]) -> bytearray:
    """Enemy units are passed freely except those besieging or blockading a home city the unit
    could be heading for (§9.21)."""
    ix = state.ix
    through = _all_through(state)
    for h in homes:
        if occ.out[h]:
            through[h] = 0
            o = ix.offshore[h]
            if o >= 0 and occ.any[o]:
                through[o] = 0
    return through


# The limits of each wintering move; ``occ`` and ``homes`` may be shared by the units of one
# listing (both describe one unchanged state).
def _limits_quarter(state: State, u: int, occ: _Occ | None = None) -> scenario_rules.Limits | None:
    occ = _Occ(state, u // 60) if occ is None else occ
    return scenario_rules.move_limits(
        state, u, winter=_shelter_check(state, occ, one_area=True),
        through=_all_through(state))


def _limits_home(state: State, u: int, occ: _Occ | None = None,
                 homes: dict[int, list[int]] | None = None) -> scenario_rules.Limits | None:
    occ = _Occ(state, u // 60) if occ is None else occ
    homes = {} if homes is None else homes
    return scenario_rules.move_limits(
        state, u, winter=_home_check(state, occ, homes),
        through=_home_through(state, occ, _homes_of(state, homes, u)))


def _limits_group(state: State, u: int) -> scenario_rules.Limits | None:
    occ = _Occ(state, u // 60)
    return scenario_rules.move_limits(
        state, u, winter=_shelter_check(state, occ, one_area=False),
        through=_all_through(state))


actions.MOVE_LIMITS.update({"quarter": _limits_quarter, "home": _limits_home,
                            "winter": _limits_group})


def free_move_reason(state: State, u: int, mode: str,
                     over: dict[int, tuple[list[int], int]] | None = None,
                     city: int | None = None) -> str:
    """Why ``u`` may not make a free wintering move of ``mode`` now, or "" (§9.211–§9.213)
    (``over``: :func:`overloaded` for its side; ``city``: :func:`in_friendly_city` of ``u``;
    each when already known)."""
    why = _unit_refusal(state, u) or _mode_refusal(state, u, mode, over, city)
    return why() if why is not None else ""


#: Why a unit may not do something, as a function giving the words (built only when they are
#: shown), or None when it may.
Refusal = Callable[[], str] | None


def _unit_refusal(state: State, u: int) -> Refusal:
    """Why ``u`` may make no free wintering move at all now (§9.21, §9.24)."""
    ix = state.ix
    p = state.loc[u]
    if p < 0:
        return lambda: f"{ix.describe(u)} is not on the map"
    if ix.is_barbarian[u]:
        return lambda: "barbarians disband in Winter wherever they are (§9.24)"
    if state.moved[u]:
        return lambda: f"{ix.describe(u)} has already made its wintering move"
    if not ix.is_fleet[u] and ix.is_sea(p):
        return lambda: f"{ix.describe(u)} is at sea and moves only with a fleet (§5.21)"
    return None


def _mode_refusal(state: State, u: int, mode: str, over: dict[int, tuple[list[int], int]] | None,
                  city: int | None) -> Refusal:
    """Why ``u``, on the map and free to move, may not Quarter or Home (``mode``)
    (§9.211–§9.213; ``over`` and ``city`` as for :func:`free_move_reason`). Without ``over``,
    only the city ``u`` stands in is counted (:func:`_over_capacity`). None whenever ``u``
    stands outside any friendly city."""
    ix = state.ix
    p = in_friendly_city(state, u) if city is None else city
    if p < 0:
        return None  # outside any friendly city: free to Quarter or Home
    full = p in over if over is not None else _over_capacity(state, u // 60, p)
    if mode in _open_modes(ix, u, p, full):
        return None
    if mode == "quarter":
        return lambda: (f"{ix.describe(u)} is already inside a friendly city within its "
                        "capacity: only units outside may Quarter (§9.211, §9.213)")
    return lambda: f"{ix.describe(u)} is already inside a controlled home city (§9.212)"


def _open_modes(ix: WorldIndex, u: int, city: int, full: bool) -> tuple[str, ...]:
    """The free moves (:data:`FREE_MODES`) ``u``, on the map and free to move, may make from
    ``city`` (:func:`in_friendly_city`; ``full``: whether it is over capacity, §9.213): both
    from outside any friendly city or from an over-full one, else Homing only when ``city`` is
    not one of its homes (§9.211, §9.212). (A friendly-controlled city is a controlled home
    city, :func:`_home_cities`, of ``u`` exactly when it is one of ``u``'s homes.)"""
    if city < 0 or full:
        return FREE_MODES
    return () if city in ix.homes[u] else ("home",)


def _over_capacity(state: State, side: int, p: int) -> bool:
    """Whether the friendly-controlled city ``p`` holds more of ``side``'s units than its
    capacity: ``p in overloaded(state, side)``, counting only the units in ``p`` (those
    :func:`in_friendly_city` places in it: inside its walls, or all of them when no enemy
    stands outside)."""
    ix = state.ix
    loc, inside, flags = state.loc, state.inside, state.flags
    cap = scenario_rules.capacity(state, p)
    if loc[side * 60:side * 60 + 60].count(p) <= cap:
        return False  # not even all of the side's units there are too many
    keys = _maintained_keys(ix)
    open_city = not _enemy_outside(state, p, side)
    n = sum(1 for v in range(side * 60, side * 60 + 60)
            if loc[v] == p and (open_city or inside[v]) and not ix.is_barbarian[v]
            and not flags.get(keys[v]))
    return n > cap


def _distances(ix: WorldIndex, fleet: bool) -> tuple[bytes, ...]:
    """Fewest borders a move crosses from each place to every place, 255 when out of reach
    (:func:`_distance_tables`, made once per world index)."""
    return ix.derived(_distance_tables)[1 if fleet else 0]


def _distance_tables(ix: WorldIndex) -> tuple[tuple[bytes, ...], tuple[bytes, ...]]:
    """:func:`_distances` for land units and for fleets: static facts of the world. Land units
    follow ``land_adj``; fleets follow ``fleet_adj`` but stop on entering land (§5.1), so only
    their start and seas lead on. A move's path is never shorter (the movement search follows
    the same borders)."""
    n = ix.n_places
    return (tuple(_borders_from(ix.land_adj, p, n, 0) for p in range(n)),
            tuple(_borders_from(ix.fleet_adj, p, n, ix.n_land) for p in range(n)))


def _borders_from(adj: tuple[tuple[int, ...], ...], start: int, n: int, first_on: int) -> bytes:
    """Breadth-first distances from ``start`` (255 = unreachable), going on from the start and
    from places numbered ``first_on`` and above only."""
    dist = bytearray(b"\xff" * n)
    dist[start] = 0
    frontier = [start]
    while frontier:
        nxt = []
        for a in frontier:
            for b in adj[a]:
                if dist[b] == 255:
                    dist[b] = min(dist[a] + 1, 254)
                    if b >= first_on:
                        nxt.append(b)
        frontier = nxt
    return bytes(dist)


#: :func:`_cities_near` answers, static facts of a world; bounded. Key: (world index, unit,
#: start, fleet search, range).
_NEAR: dict[tuple, tuple[int, ...]] = {}
_NEAR_MAX = 20000


def _cities_near(ix: WorldIndex, v: int, start: int, fleet: bool, rng: int) -> tuple[int, ...]:
    """The home cities of ``v`` (in ``ix.homes`` order) whose city or offshore sea is within
    ``rng`` + 1 borders of ``start`` for a search of a fleet or not (:func:`_distances`)."""
    key = (ix, v, start, fleet, rng)
    hit = _NEAR.get(key)
    if hit is None:
        dist = _distances(ix, fleet)[start]
        reach, offshore = rng + 1, ix.offshore
        if len(_NEAR) >= _NEAR_MAX:
            _NEAR.clear()
        hit = _NEAR[key] = tuple(
            h for h in ix.homes[v] if ix.has_city[h]
            and (dist[h] <= reach or (offshore[h] >= 0 and dist[offshore[h]] <= reach)))
    return hit


def _home_ends(ix: WorldIndex, homes: tuple[int, ...]) -> set[int]:
    """Where a Homing move toward ``homes`` may end: the cities and their offshore seas
    (:func:`_home_check`)."""
    return {*homes, *(ix.offshore[h] for h in homes if ix.offshore[h] >= 0)}


class _Listing:
    """What one listing of ``side``'s free wintering moves shares, in one unchanged state: enemy
    presence, each unit's city, the over-full cities, home cities and the move searches."""

    __slots__ = ("calm", "cities", "found", "homes", "keys", "kept", "limits", "memo",
                 "near", "occ", "over", "setting", "side", "state", "units")

    def __init__(self, state: State, side: int):
        self.state, self.side = state, side
        self.occ = _Occ(state, side)
        self.cities = _cities(state, side, self.occ)
        #: the side's units maintained this Winter
        self.kept = _maintained_units(state, self.cities)
        self.over = overloaded(state, side, self.cities, self.kept)
        self.homes: dict[int, list[int]] = {}
        self.calm = bool(season_ban(state, side, "engage"))
        #: unit -> scenario_rules.limits_key
        self.keys: dict[int, tuple] = {}
        #: unit -> what a search reads of it (:meth:`_unit_facts`)
        self.units: dict[int, tuple] = {}
        #: (unit or cargo, unit) -> :meth:`_homes_near`
        self.near: dict[tuple[int, int], tuple[int, ...]] = {}
        #: (Homing?, limits_key, home cities) -> the limits of a unit with these (:meth:`_limits`)
        self.limits: dict[tuple, scenario_rules.Limits | None] = {}
        #: search key (see :meth:`destinations`) -> movement.destinations' answer
        self.found: dict[tuple, dict[tuple[int, bool], tuple[int, ...]]] = {}
        #: movement.destinations' own memo for this state (its occupancy facts)
        self.memo: dict = {}
        #: :meth:`_setting`, once asked
        self.setting: tuple | None = None

    def _limits_key(self, v: int) -> tuple:
        key = self.keys.get(v)
        if key is None:
            key = self.keys[v] = scenario_rules.limits_key(self.state, v)
        return key

    def _limits(self, u: int, home: bool) -> scenario_rules.Limits | None:
        """The limits of a Homing (``home``) or Quartering move of ``u``, shared by units alike:
        ``move_limits`` reads of a unit only what :func:`~scenario_rules.limits_key` holds, and
        the Homing pass-through places depend on its home cities (:func:`_limits_home`)."""
        state = self.state
        key = (home, self._limits_key(u), tuple(_homes_of(state, self.homes, u)) if home else ())
        if key not in self.limits:
            self.limits[key] = (_limits_home(state, u, self.occ, self.homes) if home
                                else _limits_quarter(state, u, self.occ))
        return self.limits[key]

    def _open_limits(self, u: int) -> scenario_rules.Limits | None:
        """The limits of a Homing search that may end anywhere: when none of the home cities
        within reach of the unit (and its cargo) is besieged, :func:`_home_check` passes every
        move ending in one of them (whatever the path) and fails all others, and the
        pass-through places are all places within reach (:func:`_home_through`). So one search
        without the Homing end check, kept to the home cities afterwards, finds the same
        canonical paths to them, and units of every nationality in one place share it. (The
        scenario's own checks stay; ``sure_forced`` only decides which path an end check sees,
        and is kept whenever the Peace adds one.)"""
        key = ("open", self._limits_key(u))
        if key not in self.limits:
            self.limits[key] = scenario_rules.move_limits(self.state, u,
                                                          through=_all_through(self.state))
        return self.limits[key]

    def _homes_near(self, v: int, u: int) -> tuple[int, ...]:
        """The controlled home cities of ``v`` (``u`` or its cargo) that ``u``'s search can
        touch: the city or its offshore sea within the range plus a forced march's area of
        ``u``'s place along the map's borders. The others are never reached, so neither
        :func:`_home_check` nor the pass-through places (:func:`_home_through`) ask about
        them. Kept in :attr:`near`."""
        got = self.near.get((v, u))
        if got is None:
            state = self.state
            ix, control, side = state.ix, state.city_control, v // 60
            got = self.near[(v, u)] = tuple(
                h for h in _cities_near(ix, v, state.loc[u], ix.is_fleet[u], ix.move[u])
                if control[h] == side)
        return got

    def _unit_facts(self, u: int) -> tuple:
        """What a search reads of unit ``u`` itself: its place, moved flag, fleet type, inside
        flag, range and :func:`~scenario_rules.limits_key` (kept in :attr:`units`)."""
        got = self.units.get(u)
        if got is None:
            state, ix = self.state, self.state.ix
            got = self.units[u] = (state.loc[u], state.moved[u], ix.is_fleet[u],
                                   state.inside[u], ix.move[u], self._limits_key(u))
        return got

    def _city_adjacent(self, u: int) -> bool:
        """Whether a friendly-controlled city borders ``u``'s place (along its search's
        adjacency): the only places a Quartering move may end (:func:`_shelter_check`)."""
        state, ix = self.state, self.state.ix
        adj = ix.fleet_adj if ix.is_fleet[u] else ix.land_adj
        return any(b < ix.n_land and ix.has_city[b] and state.city_control[b] == self.side
                   for b in adj[state.loc[u]])

    def destinations(self, u: int, mode: str, cargo: int) -> dict:
        """``movement.destinations`` of ``u`` (carrying ``cargo`` if >= 0) for a free move of
        ``mode``, shared by units whose searches read the same facts. Besides this listing's
        state, side and engage ban, the search reads of the unit only its place, moved flag,
        fleet type, inside flag and range, and what the limits read about it and its cargo:
        their places and :func:`~scenario_rules.limits_key`, and, Homing, the home cities
        within reach (:meth:`_homes_near`). The key (:meth:`_search`) holds all of these; a
        Homing search with no besieged home city within reach needs no home cities in its key
        (:meth:`_open_limits`). Searches that cannot end anywhere are skipped: a Homing move
        ends where both the unit and its cargo may end (:func:`_home_ends`), a Quartering move
        in an adjacent friendly city. The answer may be shared: do not change it."""
        ix = self.state.ix
        home = mode == "home"
        if home:
            near = self._homes_near(u, u)
            cargo_near = self._homes_near(cargo, u) if cargo >= 0 else near
            if not near or (cargo >= 0 and not _home_ends(ix, near) & _home_ends(ix, cargo_near)):
                return {}
            if not any(self.occ.out[h] for h in (*near, *cargo_near)):
                both = near if cargo < 0 else tuple(h for h in near if h in cargo_near)
                return self._search(u, cargo, "open", (), (), both)
            return self._search(u, cargo, mode, near, cargo_near)
        if not self._city_adjacent(u):
            return {}
        return self._search(u, cargo, mode, (), ())

    def _search(self, u: int, cargo: int, mode: str, near: tuple[int, ...],
                cargo_near: tuple[int, ...], keep: tuple[int, ...] | None = None
                ) -> dict[tuple[int, bool], tuple[int, ...]]:
        """One search of :meth:`destinations`, shared through :attr:`found`: ``mode`` "quarter",
        "home" (``near``, ``cargo_near``: the home cities within reach) or "open" (a Homing
        search none of whose home cities within reach is besieged: see :meth:`_open_limits`),
        kept to the destinations in ``keep`` when given (that answer shared too)."""
        state = self.state
        carried = None if cargo < 0 else (state.loc[cargo], self._limits_key(cargo), cargo_near)
        key = (mode, self._unit_facts(u), near, carried)
        if keep is not None:
            kept = self.found.get((key, keep))
            if kept is None:
                kept = self.found[(key, keep)] = {
                    k: path for k, path in self._search(u, cargo, mode, near, cargo_near).items()
                    if k[0] in keep}
            return kept
        found = self.found.get(key)
        if found is None:
            quarter = mode == "quarter"
            limits = self._open_limits(u) if mode == "open" else self._limits(u, not quarter)
            found = self.found[key] = movement.destinations(
                state, u, forced=not quarter, no_engage=self.calm, carrying=cargo >= 0,
                cargo=cargo, limits=limits, reach=1 if quarter else 0, memo=self.memo)
        return found

    def may_end(self, u: int, mode: str) -> bool:
        """Whether a free move of ``u`` in ``mode`` may end anywhere at all, with any cargo:
        Homing needs a home city of ``u`` within reach, Quartering an adjacent friendly city
        (:meth:`destinations` answers nothing otherwise)."""
        return bool(self._homes_near(u, u)) if mode == "home" else self._city_adjacent(u)

    def _setting(self) -> tuple:
        """What :meth:`_moves` reads of this state besides the unit and its cargo
        (see :data:`_MOVES`): the world, side, scenario, year and season; the flags but this
        Winter's bookkeeping (``maintained:``, ``homing:``, ``winter_group:``, ``group_seq``,
        read by no move search or check); the enemy's places and inside flags; city control,
        neutral and pillaged places; who garrisons and who besieges each place; and the side's
        units standing where enemy units stand, with their places and inside flags (whether a
        port is besieged, and the room inside it, :meth:`movement._Ctx.port_ok`)."""
        got = self.setting
        if got is None:
            state, side, any_enemy = self.state, self.side, self.occ.any
            loc, inside = state.loc, state.inside
            elo = (1 - side) * 60
            got = self.setting = (
                state.ix, side, state.scenario, state.year, state.season,
                frozenset(kv for kv in state.flags.items() if not kv[0].startswith(_BOOKKEEPING)),
                loc[elo:elo + 60].tobytes(), bytes(inside[elo:elo + 60]),
                state.city_control.tobytes(), state.neutral, state.pillaged,
                tuple(sorted((p, g[0]) for p, g in state.garrisons.items())),
                tuple(sorted((p, r["besieger"]) for p, r in state.sieges.items())),
                tuple((v, loc[v], inside[v]) for v in self.cities if any_enemy[loc[v]]))
        return got

    def listed(self, u: int, modes: tuple[str, ...]) -> list[dict]:
        """The free wintering moves of ``u`` in each of ``modes``: what ``actions.move_actions``
        lists for the mode (one canonical path per destination and cargo choice), as winter
        moves, fresh copies. The moves with each cargo choice (:func:`movement.cargo_choices`)
        are remembered in :data:`_MOVES` under everything :meth:`_moves` reads:
        :meth:`_setting`, the mode, the unit's place, moved and inside flags and combat value,
        and those of the cargo."""
        state = self.state
        moved, inside, cv = state.moved, state.inside, state.cv
        setting = self._setting()
        facts = (u, state.loc[u], moved[u], inside[u], cv[u])
        cargos = movement.cargo_choices(state, u)
        out = []
        for mode in modes:
            unit = (setting, mode, facts)
            for cargo in cargos:
                key = (unit, cargo, moved[cargo], inside[cargo], cv[cargo]) if cargo >= 0 else unit
                got = _MOVES.get(key)
                if got is None:
                    if len(_MOVES) >= _MOVES_MAX:
                        _MOVES.clear()
                    got = _MOVES[key] = self._moves(u, mode, cargo)
                out.extend([{**a, "path": a["path"][:]} for a in got])
        return out

    def _moves(self, u: int, mode: str, cargo: int) -> tuple[dict, ...]:
        """The free wintering moves of ``u`` in ``mode`` carrying ``cargo`` (-1: none), in
        destination order. Reads this listing's :meth:`_setting` and, of the units, only
        ``u``'s and ``cargo``'s place, moved and inside flags (:meth:`destinations`)."""
        if not self.may_end(u, mode):
            return ()
        state = self.state
        word = "Quarter (free): " if mode == "quarter" else "Home (free): "
        return tuple({**a, "type": "winter_move", "label": word + a["label"], "mode": mode}
                     for a in actions.moves_along(state.ix, SIDE_NAMES[self.side], u, cargo,
                                                  state.loc[u], self.destinations(u, mode, cargo)))


#: :meth:`_Listing._moves` answers shared between listings (most units' moves are the same from
#: one winter action to the next). Key: (:meth:`_Listing._setting`, mode, (unit, its place, its
#: moved and inside flags and combat value)) and, with a cargo, (that, cargo, its moved and
#: inside flags and combat value): everything the answer reads (:meth:`_Listing.listed`); the
#: actions are copied on use. Bounded.
_MOVES: dict[tuple, tuple[dict, ...]] = remembered.table("winter._MOVES")
_MOVES_MAX = 4096
#: Flags of this Winter's bookkeeping, read by no move search or check (:meth:`_Listing._setting`)
_BOOKKEEPING = ("maintained:", "homing:", "winter_group:", "group_seq")


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
            siege.refresh(state)
            if siege.siege_targets(state, side):
                state.event("winter_sieges", "9.4", f"{_name(side)}'s winter siege combat "
                            "(attrition hits on 1–3)", side)
                push(state, {"kind": "siege_combat", "side": side, "done": (),
                             "action_turn": 1})
        else:
            siege.refresh(state)
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

    #: the plan :meth:`why_illegal` made for a winter move, for :meth:`apply`
    _planned = CheckedPlan()

    def deciders(self, state, frame):
        return (frame["side"],) if frame["stage"] == "act" else ()

    def legal(self, state, frame, side):
        if side != frame["side"] or frame["stage"] != "act":
            return []
        ix = state.ix
        name = SIDE_NAMES[side]
        listing = _Listing(state, side)
        over = listing.over
        out: list[dict] = [{"type": "end_winter_actions", "side": name,
                            "label": f"End winter actions ({state.actions_left} unused); "
                                     "unsheltered, unmaintained units disband"}]
        for u, city in listing.cities.items():
            full = city in over
            if _unit_refusal(state, u) is None:
                modes = _open_modes(ix, u, city, full)
                if modes:
                    out.extend(listing.listed(u, modes))
            if self._maintain_refusal(state, u, over, city, u in listing.kept) is None:
                cost = scenario_rules.action_cost(state, state.loc[u])
                if cost <= state.actions_left:
                    out.append(_maintain_action(ix, side, u, state.loc[u], cost).copy())
        vary = scenario_rules.costs_vary(state)  # else each costs handler.cost (cost_of)
        for t in BUILD_TYPES:
            handler = actions.ACTION_TYPES[t]
            if handler.cost <= state.actions_left:
                found = handler.legal(state, side)
                out.extend(found if not vary else
                           (a for a in found
                            if actions.cost_of(state, handler, a) <= state.actions_left))
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

    def why_illegal(self, state, frame, action):
        side = action_side(action)
        t = action.get("type")
        if side != frame["side"]:
            return IllegalAction(f"it is {_name(frame['side'])}'s winter actions", "9.2")
        if t == "end_winter_actions":
            return None
        if t == "winter_move":
            try:
                plan = self._plan(state, side, action)
            except IllegalAction as exc:
                return exc
            self._planned.keep(state, action, plan)
            return None
        if t == "maintain":
            try:
                u = state.ix.unit(need(action, "unit", str))
            except KeyError as exc:
                return IllegalAction(str(exc.args[0]), "9.22")
            if u // 60 != side or state.loc[u] < 0:
                return IllegalAction(f"{state.ix.describe(u)} is not your unit on the map",
                                     "9.22")
            why = self._maintain_refusal(state, u, overloaded(state, side))
            if why is not None:
                return IllegalAction(why(), "9.22")
            cost = scenario_rules.action_cost(state, state.loc[u])
            if cost > state.actions_left:
                return IllegalAction(f"maintenance costs {cost} action(s) and only "
                                     f"{state.actions_left} remain", "9.22")
            return None
        if t in BUILD_TYPES:
            handler = actions.ACTION_TYPES[t]
            cost = actions.cost_of(state, handler, action)
            if cost > state.actions_left:
                return IllegalAction(f"{t} costs {cost} action(s) and only "
                                     f"{state.actions_left} remain", "9.2")
            return handler.why_illegal(state, side, action)
        return IllegalAction(f"{t!r} is not a winter action: the choices are winter_move "
                             "(Quartering or Homing), move_group, maintain, build, recruit and "
                             "end_winter_actions (no musters, pillaging or garrisons)", "9.2")

    def _plan(self, state: State, side: int, action: dict) -> movement.Plan:
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
        if u // 60 != side or (carry >= 0 and carry // 60 != side):
            raise IllegalAction("only your own units make your wintering moves", "9.21")
        reason = free_move_reason(state, u, mode)
        if reason:
            raise IllegalAction(reason, scenario_rules.section(reason) or "9.21")
        if carry < 0 and ix.is_fleet[u] and movement.must_carry(state, u):
            raise IllegalAction(f"{ix.describe(u)} must carry one of the land units at sea with "
                                "it", "5.21")
        forced = action.get("forced", False)
        if not isinstance(forced, bool) or (forced and mode != "home"):
            raise IllegalAction("only Homing moves get the extra area of an automatic forced "
                                "march (§9.212)", "9.212")
        return movement.plan_move(state, u, path, forced=forced, carry=carry,
                                  limits=actions.move_limits(state, u, mode))

    def apply(self, state, frame, action):
        t = action["type"]
        side = frame["side"]
        ix = state.ix
        if t == "end_winter_actions":
            replace_top(state, stage="rolls")
        elif t == "winter_move":
            plan = self._planned.take(state, action)
            if plan is None:
                plan = self._plan(state, side, action)
            movement.execute(state, plan, _formation_group(state, plan))
            scenario_rules.refresh_neutral(state)
            if action["mode"] == "home" and plan.engage_via:
                end = plan.end
                target = end if not ix.is_sea(end) else next(
                    h for h in _home_cities(state, plan.unit) if ix.offshore[h] == end)
                for m in (plan.unit, plan.carry):
                    if m >= 0:
                        state.flags[f"homing:{ix.unit_key[m]}"] = target
                state.event("homing_battle", "9.31", f"{_name(side)} homing units challenge "
                            f"the enemy at {ix.place_name[end]}", side, place=end)
        elif t == "maintain":
            u = ix.unit(action["unit"])
            state.actions_left -= scenario_rules.action_cost(state, state.loc[u])
            state.flags[f"maintained:{ix.unit_key[u]}"] = 1
            state.event("maintain", "9.22", f"{_name(side)} maintains {ix.describe(u)}", side,
                        private=side, public=f"{_name(side)} maintains a block in "
                                             f"{ix.place_name[state.loc[u]]}")
        else:
            handler = actions.ACTION_TYPES[t]
            state.actions_left -= actions.cost_of(state, handler, action)
            handler.apply(state, side, action)

    def run(self, state, frame):
        side = frame["side"]
        stage = frame["stage"]
        if stage == "start":
            _start(state, side)
            state.event("winter_actions", "9.2", f"{_name(side)}'s winter actions: "
                        f"{state.actions_left} action(s)", side, actions=state.actions_left)
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
        return (f"{_name(frame['side'])}'s winter actions ({state.actions_left} left): Quarter "
                "or Home for free, group moves, maintenance, building")


def _formation_group(state: State, plan: movement.Plan) -> int:
    """Free wintering moves from one area along one route in one player's winter actions form
    one formation (one group, §5.41): they fight a homing battle and cross deep seas together."""
    key = "winter_group:" + "/".join(state.ix.place_ids[p] for p in (plan.start, *plan.path))
    if key not in state.flags:
        state.flags[key] = actions.next_group(state)
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
                 "label": f"Disband {ix.describe(u)} ({state.cv[u]} cv): no room in "
                          f"{ix.place_name[frame['place']]}"}
                for u in self._units(state, frame)]

    def apply(self, state, frame, action):
        u = state.ix.unit(action["unit"])
        movement.eliminate(state, u, "9.24", "no room in the city and not maintained")
        replace_top(state, count=frame["count"] - 1)

    def text(self, state, frame):
        return (f"{_name(frame['side'])}: {frame['count']} unit(s) in "
                f"{state.ix.place_name[frame['place']]} are over its capacity and not "
                "maintained; choose which disband (§9.213)")


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
    for u in range(side * 60, side * 60 + 60):
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
            movement.eliminate(state, u, "9.24", f"disbands for the Winter: {why}")


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
            siege.refresh(state)
            replace_top(state, stage="battles")
            if siege.sortie_candidates(state, side):
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
            siege.refresh(state)
            _homing_enter(state, side)
            disband(state, side, keep_homing=False)
            siege.refresh(state)
            control.refresh(state)
            pop(state, frame)


def _homing_enter(state: State, side: int) -> None:
    """Homing fleets whose offshore sea is now clear of the enemy enter their home port, inside
    its walls if it is still besieged by land (§9.31)."""
    ix = state.ix
    for u in range(side * 60, side * 60 + 60):
        target = state.flags.get(f"homing:{ix.unit_key[u]}")
        p = state.loc[u]
        if target is None or p < 0 or not ix.is_sea(p) or ix.offshore[target] != p:
            continue
        if _enemy_units(state, p, side) or state.city_control[target] != side:
            continue
        besieged = bool(outside_units(state, target, 1 - side))
        if besieged and len(siege.inside_units(state, target, side)) \
                >= scenario_rules.capacity(state, target):
            continue
        state.loc[u] = target
        state.inside[u] = 1 if besieged else 0
        state.event("homing_enters", "9.31", f"{ix.describe(u)} reaches home: "
                    f"{ix.place_name[target]}", side, private=side,
                    public=f"A {_name(side)} fleet reaches home in {ix.place_name[target]}")


for _step in (Winter(), WinterActions(), WinterDisband(), SiegeBreak()):
    register(_step)
