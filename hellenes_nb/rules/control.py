"""§1.4 area and city control, refreshed after every action phase and combat phase.

``state.control[p]`` is who controls the area (the province, or a sea); ``state.city_control[p]``
who holds the city of a CityState. They differ only in a siege: the fortified defenders hold
the city, the besiegers the province around it (§1.4, §7.2).
"""

from __future__ import annotations

from .state import State
from .world_index import N_UNITS


def occupancy(state: State) -> tuple[list[list[int]], list[list[int]]]:
    """Per place, the units of each side standing there: ``(athens_lists, sparta_lists)``."""
    n = state.ix.n_places
    ath: list[list[int]] = [[] for _ in range(n)]
    spa: list[list[int]] = [[] for _ in range(n)]
    loc = state.loc
    for u in range(60):
        p = loc[u]
        if p >= 0:
            ath[p].append(u)
    for u in range(60, N_UNITS):
        p = loc[u]
        if p >= 0:
            spa[p].append(u)
    return ath, spa


def units_at(state: State, p: int, side: int) -> list[int]:
    """The units of ``side`` in place ``p``."""
    lo = side * 60
    loc = state.loc
    return [u for u in range(lo, lo + 60) if loc[u] == p]


def outside_units(state: State, p: int, side: int) -> list[int]:
    """Units of ``side`` in ``p`` that are not fortified inside the city (§5.4: unbesieged)."""
    lo = side * 60
    loc, inside = state.loc, state.inside
    return [u for u in range(lo, lo + 60) if loc[u] == p and not inside[u]]


def refresh(state: State) -> None:
    """Re-evaluate control of every place (§1.4)."""
    ix = state.ix
    occ = occupancy(state)
    inside = state.inside
    control, city = state.control, state.city_control
    garrisons = state.garrisons
    for p in range(ix.n_places):
        a, s = occ[0][p], occ[1][p]
        g = garrisons.get(p)
        if a and s:
            a_in = all(inside[u] for u in a)
            s_in = all(inside[u] for u in s)
            if a_in != s_in:  # a siege: defenders inside hold the city, besiegers the province
                holder, besieger = (0, 1) if a_in else (1, 0)
                city[p] = holder
                control[p] = besieger
            # otherwise units of both sides stand in the open: a battle is pending, keep control
            continue
        if a or s:
            side = 0 if a else 1
            if g is not None and g[0] != side:
                city[p] = g[0]  # an enemy garrison still holds the walls (§2.3, §7.3)
            elif ix.has_city[p]:
                city[p] = side
            else:
                city[p] = -1
            control[p] = side
            continue
        if g is not None:
            control[p] = city[p] = g[0]
        elif ix.has_city[p]:
            control[p] = city[p] = ix.city_loyalty[p]
        else:
            control[p] = city[p] = -1


def disputed(state: State) -> list[int]:
    """Places where units of both sides stand outside any city: battles are due (§6.0)."""
    occ = occupancy(state)
    inside = state.inside
    out = []
    for p in range(state.ix.n_places):
        a, s = occ[0][p], occ[1][p]
        if any(not inside[u] for u in a) and any(not inside[u] for u in s):
            out.append(p)
    return out


def besieged(state: State, p: int) -> int:
    """The side whose units are besieged in the city of ``p``, or -1 (§7.2)."""
    occ_a = [u for u in units_at(state, p, 0)]
    occ_s = [u for u in units_at(state, p, 1)]
    inside = state.inside
    a_in = any(inside[u] for u in occ_a)
    s_in = any(inside[u] for u in occ_s)
    if a_in and any(not inside[u] for u in occ_s):
        return 0
    if s_in and any(not inside[u] for u in occ_a):
        return 1
    if p in state.sieges:
        return 1 - state.sieges[p]["besieger"]
    return -1
