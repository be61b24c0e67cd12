"""§1.4 area and city control, refreshed after every action phase and combat phase.

``state.control[p]`` is who controls the area (the province, or a sea); ``state.city_control[p]``
who holds the city of a CityState. They differ only in a siege: the fortified defenders hold
the city, the besiegers the province around it (§1.4, §7.2).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from hellenes_nb.core import remembered
from hellenes_nb.games.hellenes.index import SIDE_SPAN, WorldIndex
from hellenes_nb.games.hellenes.state import State

#: place -> units there
_ByPlace = dict[int, tuple[int, ...]]

#: Units by place, memoised per content of ``state.loc``: ``loc.tobytes()`` → (Athens, Sparta)
#: dicts of place → units there. The answer reads ``loc`` and nothing else, so states and clones
#: with equal ``loc`` can share an entry (``loc`` is always an ``array("h")`` over the 120 units,
#: so equal bytes mean equal locations); the tuples are never modified.
_PLACED: dict[bytes, tuple[_ByPlace, _ByPlace]] = remembered.table("control._PLACED")
_PLACED_MAX = 256


def _by_place(loc: Sequence[int], lo: int) -> dict[int, tuple[int, ...]]:
    """Place → units of the side whose indices start at ``lo``, for occupied places only."""
    out: dict[int, list[int]] = {}
    for u, p in enumerate(loc[lo:lo + SIDE_SPAN], lo):
        if p >= 0:
            units = out.get(p)
            if units is None:
                out[p] = [u]
            else:
                units.append(u)
    return {p: tuple(us) for p, us in out.items()}


def placed(state: State) -> tuple[dict[int, tuple[int, ...]], dict[int, tuple[int, ...]]]:
    """Per side, the units standing in each occupied place: ``(athens, sparta)``, each a dict
    of place → units in index order (places with no unit of that side are absent).

    One pass over the units, memoised on the contents of ``state.loc`` (see :data:`_PLACED`);
    callers must not modify the tuples.
    """
    key = state.loc.tobytes()
    got = _PLACED.get(key)
    if got is None:
        if len(_PLACED) >= _PLACED_MAX:
            _PLACED.clear()
        got = _PLACED[key] = (_side_placed(state.loc, key, 0), _side_placed(state.loc, key, 1))
    return got


#: One side's half of :data:`_PLACED`, memoised on that side's bytes of ``loc`` (its 60 units),
#: so that a move of one side leaves the other side's answer to be reused.
_SIDE_PLACED: dict[tuple[int, bytes], _ByPlace] = remembered.table("control._SIDE_PLACED")


def _side_placed(loc: array, key: bytes, side: int) -> dict[int, tuple[int, ...]]:
    """:func:`_by_place` of ``side`` (``key``: ``loc.tobytes()``), memoised."""
    size = SIDE_SPAN * loc.itemsize
    mine = (side, key[side * size:side * size + size])
    got = _SIDE_PLACED.get(mine)
    if got is None:
        if len(_SIDE_PLACED) >= _PLACED_MAX:
            _SIDE_PLACED.clear()
        got = _SIDE_PLACED[mine] = _by_place(loc, side * SIDE_SPAN)
    return got


def units_at(state: State, p: int, side: int) -> list[int]:
    """The units of ``side`` in place ``p``."""
    return list(placed(state)[side].get(p, ()))


def units_in(state: State, p: int) -> list[int]:
    """Units of both sides in ``p``, Athens first, each in index order."""
    ath, spa = placed(state)
    return [*ath.get(p, ()), *spa.get(p, ())]


def vacant(state: State, p: int) -> bool:
    """No block of either side in the area and no garrison in its city (§3.1 "vacant")."""
    return not units_in(state, p) and p not in state.garrisons


def outside_units(state: State, p: int, side: int) -> list[int]:
    """Units of ``side`` in ``p`` that are not fortified inside the city (§5.4: unbesieged)."""
    inside = state.inside
    return [u for u in placed(state)[side].get(p, ()) if not inside[u]]


def _unoccupied(ix: WorldIndex) -> array:
    """Control of each place with no unit and no garrison: its city's loyalty, else -1 (§1.4).
    Static facts of the world index (made once per index, :meth:`WorldIndex.derived`); never
    modified."""
    return array("b", [side if city else -1
                       for side, city in zip(ix.city_loyalty, ix.has_city, strict=True)])


def refresh(state: State) -> None:
    """Re-evaluate control of every place (§1.4): empty places from the static loyalties, then
    the garrisons, then the places with units."""
    ix = state.ix
    ath, spa = placed(state)
    inside = state.inside
    control, city = state.control, state.city_control
    garrisons = state.garrisons
    before = {p: (control[p], city[p]) for p in ath.keys() & spa.keys()}
    control[:] = city[:] = ix.derived(_unoccupied)
    for p, g in garrisons.items():
        control[p] = city[p] = g[0]
    for p in ath.keys() | spa.keys():
        a, s = ath.get(p), spa.get(p)
        if a and s:
            a_in = all(inside[u] for u in a)
            s_in = all(inside[u] for u in s)
            if a_in != s_in:  # a siege: defenders inside hold the city, besiegers the province
                holder, besieger = (0, 1) if a_in else (1, 0)
                city[p] = holder
                control[p] = besieger
            else:  # units of both sides stand in the open: a battle is pending, keep control
                control[p], city[p] = before[p]
            continue
        side = 0 if a else 1
        g = garrisons.get(p)
        if g is not None and g[0] != side:
            city[p] = g[0]  # an enemy garrison still holds the walls (§2.3, §7.3)
        elif ix.has_city[p]:
            city[p] = side
        else:
            city[p] = -1
        control[p] = side


def disputed(state: State) -> list[int]:
    """Places where units of both sides stand outside any city: battles are due (§6.0)."""
    ath, spa = placed(state)
    inside = state.inside
    return sorted(p for p, a in ath.items() if p in spa
                  and any(not inside[u] for u in a) and any(not inside[u] for u in spa[p]))


def besieged(state: State, p: int) -> int:
    """The side whose units are besieged in the city of ``p``, or -1 (§7.2)."""
    ath, spa = placed(state)
    occ_a, occ_s = ath.get(p, ()), spa.get(p, ())
    if occ_a and occ_s:  # units of both sides: one side inside, the other outside?
        inside = state.inside.__getitem__
        if any(map(inside, occ_a)) and not all(map(inside, occ_s)):
            return 0
        if any(map(inside, occ_s)) and not all(map(inside, occ_a)):
            return 1
    if p in state.sieges:
        return 1 - state.sieges[p]["besieger"]
    return -1
