"""§8.21–8.22 blockades: enemy fleets in a besieged port's offshore sea (and Athens' hold on empty
offshore seas), the grain route to Athens, and what a blockade bars: building in a besieged
city (§4.2)."""

from __future__ import annotations

from hellenes_nb.games.hellenes.index import ATHENS, SPARTA, WorldIndex
from hellenes_nb.games.hellenes.rules.control import units_at
from hellenes_nb.games.hellenes.rules.siege.condition import besieger_of
from hellenes_nb.games.hellenes.state import State


def _grain_facts(ix: WorldIndex) -> tuple[int, tuple[int, ...]]:
    """The place of the city of Athens (or -1) and the Black Sea grain route seas (§8.22)."""
    return _capital(ix, "Athens"), tuple(
        q for q in range(ix.n_land, ix.n_places) if ix.world.seas[ix.place_ids[q]].grain_route)


def grain_route(ix: WorldIndex) -> tuple[int, tuple[int, ...]]:
    """:func:`_grain_facts` of ``ix``, made once per index."""
    return ix.derived(_grain_facts)


def _capital(ix: WorldIndex, name: str) -> int:
    for p in range(ix.n_land):
        if ix.has_city[p] and ix.city_name[p] == name:
            return p
    return -1


def _fleets_at(state: State, p: int, side: int) -> bool:
    return any(state.ix.is_fleet[u] for u in units_at(state, p, side))


def grain_blockaded(state: State) -> bool:
    """Spartan fleets hold a Black Sea grain route sea, cutting Athens off (§8.22)."""
    return any(_fleets_at(state, q, SPARTA) for q in grain_route(state.ix)[1])


def blockaded(state: State, p: int) -> bool:
    """Is the besieged port ``p`` blockaded against its defenders (§8.21, §8.22)?

    Enemy fleets in its offshore sea blockade it; Athens also blockades every offshore sea
    with no units in it; the city of Athens is blockaded while Spartan fleets hold any grain
    route sea. A port that is not besieged is never reported blockaded.
    """
    ix = state.ix
    b = besieger_of(state, p)
    if b < 0 or not ix.is_port[p]:
        return False
    o = ix.offshore[p]
    if o >= 0:
        if _fleets_at(state, o, b):
            return True
        if b == ATHENS and not units_at(state, o, ATHENS) and not units_at(state, o, SPARTA):
            return True
    return b == SPARTA and p == grain_route(ix)[0] and grain_blockaded(state)


def can_build_in(state: State, p: int, side: int) -> bool:
    """May ``side`` build in the city of ``p`` as far as sieges go (§4.2, §8.21)?

    Besiegers never build in a city held against them; besieged defenders cannot build in an
    inland city, nor in a port that is blockaded as well as besieged. Other conditions of
    building (home city, control) are the actions module's.
    """
    b = besieger_of(state, p)
    if b < 0:
        return True
    if side == b:
        return False
    return bool(state.ix.is_port[p]) and not blockaded(state, p)
