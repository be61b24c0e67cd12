"""§9.0 OverWintering and the shelter a unit needs (§9.213 Displacement, §9.22 Maintenance):
which units stand in a friendly city, which cities hold more than their capacity, and why a
unit may not make a free wintering move (Quartering §9.211, Homing §9.212). It reads the
Winter's bookkeeping flags that ``winter.season`` describes (``maintained:<unit>``)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from hellenes_nb.games.hellenes.index import SIDE_SPAN, WorldIndex, side_of, side_units
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.state import State

FREE_MODES = ("quarter", "home")


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
    side = side_of(u)
    if p < 0 or p >= ix.n_land or not ix.has_city[p] or state.city_control[p] != side:
        return -1
    if state.inside[u] or not _enemy_outside(state, p, side):
        return p
    return -1


def _enemy_outside(state: State, p: int, side: int) -> bool:
    """Whether units of ``side``'s enemy stand in ``p`` outside the walls (``outside_units``
    of the enemy is not empty), looking at the enemy's units in ``p`` only."""
    lo = (1 - side) * SIDE_SPAN
    loc, inside = state.loc, state.inside
    return p in loc[lo:lo + SIDE_SPAN] and any(loc[e] == p and not inside[e]
                                         for e in range(lo, lo + SIDE_SPAN))


class EnemyPresence:
    """Enemy presence per place for ``side``'s wintering moves, computed once per listing."""

    __slots__ = ("any", "out", "side")

    def __init__(self, state: State, side: int):
        n = state.ix.n_places
        self.side = side
        self.any, self.out = anywhere, out = bytearray(n), bytearray(n)
        lo, hi = (1 - side) * SIDE_SPAN, (2 - side) * SIDE_SPAN
        for p, within in set(zip(state.loc[lo:hi], state.inside[lo:hi], strict=True)):
            if p >= 0:
                anywhere[p] = 1
                if not within:
                    out[p] = 1


def side_cities(state: State, side: int, occ: EnemyPresence) -> dict[int, int]:
    """:func:`in_friendly_city` for each of ``side``'s units on the map, reading where the enemy
    stands outside the walls from ``occ`` (one scan of the enemy for the whole side)."""
    ix = state.ix
    n_land, has_city, city_control, enemy_out = ix.n_land, ix.has_city, state.city_control, occ.out
    lo = side * SIDE_SPAN
    return {u: p if p < n_land and has_city[p] and city_control[p] == side
            and (within or not enemy_out[p]) else -1
            for u, p, within in zip(range(lo, lo + SIDE_SPAN), state.loc[lo:lo + SIDE_SPAN],
                                    state.inside[lo:lo + SIDE_SPAN], strict=True)
            if p >= 0}


def city_occupants(state: State, side: int, cities: dict[int, int] | None = None,
                   kept: frozenset[int] | None = None) -> dict[int, list[int]]:
    """Per friendly-controlled city, ``side``'s unmaintained non-barbarian units in it
    (``cities``: :func:`side_cities` of this state and side, ``kept``: :func:`maintained_units`
    of them, when already known)."""
    ix = state.ix
    if cities is None:
        cities = side_cities(state, side, EnemyPresence(state, side))
    if kept is None:
        kept = maintained_units(state, cities)
    out: dict[int, list[int]] = {}
    for u, p in cities.items():
        if p >= 0 and not ix.is_barbarian[u] and u not in kept:
            out.setdefault(p, []).append(u)
    return out


def maintained_units(state: State, units: Iterable[int]) -> frozenset[int]:
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


def home_cities(state: State, u: int) -> list[int]:
    """Controlled home cities of ``u`` (§9.212)."""
    ix = state.ix
    side = side_of(u)
    return [h for h in ix.homes[u] if ix.has_city[h] and state.city_control[h] == side]


def free_move_reason(state: State, u: int, mode: str,
                     over: dict[int, tuple[list[int], int]] | None = None,
                     city: int | None = None) -> str:
    """Why ``u`` may not make a free wintering move of ``mode`` now, or "" (§9.211–§9.213)
    (``over``: :func:`overloaded` for its side; ``city``: :func:`in_friendly_city` of ``u``;
    each when already known)."""
    why = unit_refusal(state, u) or _mode_refusal(state, u, mode, over, city)
    return why() if why is not None else ""


#: Why a unit may not do something, as a function giving the words (built only when they are
#: shown), or None when it may.
Refusal = Callable[[], str] | None


def unit_refusal(state: State, u: int) -> Refusal:
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
    full = p in over if over is not None else _over_capacity(state, side_of(u), p)
    if mode in open_modes(ix, u, p, full):
        return None
    if mode == "quarter":
        return lambda: (f"{ix.describe(u)} is already inside a friendly city within its "
                        "capacity: only units outside may Quarter (§9.211, §9.213)")
    return lambda: f"{ix.describe(u)} is already inside a controlled home city (§9.212)"


def open_modes(ix: WorldIndex, u: int, city: int, full: bool) -> tuple[str, ...]:
    """The free moves (:data:`FREE_MODES`) ``u``, on the map and free to move, may make from
    ``city`` (:func:`in_friendly_city`; ``full``: whether it is over capacity, §9.213): both
    from outside any friendly city or from an over-full one, else Homing only when ``city`` is
    not one of its homes (§9.211, §9.212). (A friendly-controlled city is a controlled home
    city, :func:`home_cities`, of ``u`` exactly when it is one of ``u``'s homes.)"""
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
    if loc[side * SIDE_SPAN:side * SIDE_SPAN + SIDE_SPAN].count(p) <= cap:
        return False  # not even all of the side's units there are too many
    keys = _maintained_keys(ix)
    open_city = not _enemy_outside(state, p, side)
    n = sum(1 for v in side_units(side)
            if loc[v] == p and (open_city or inside[v]) and not ix.is_barbarian[v]
            and not flags.get(keys[v]))
    return n > cap
