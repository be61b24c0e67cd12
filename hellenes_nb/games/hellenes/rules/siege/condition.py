"""§7.1–7.2 who besieges what: the time stamps of siege records, the units and garrison holding
the walls, the siege condition on the map, and the besieger of a city (recorded siege, else the
live condition)."""

from __future__ import annotations

from hellenes_nb.games.hellenes.index import ATHENS, SPARTA
from hellenes_nb.games.hellenes.rules.control import placed
from hellenes_nb.games.hellenes.state import State


def stamp(state: State) -> list[int]:
    """``[year, season, turn]`` now; turn 0 is the first player turn of the season (§3.3)."""
    turn = 0 if state.first < 0 or state.active == state.first else 1
    return [state.year, state.season, turn]


def from_prior_season(state: State, when: list[int] | tuple[int, ...] | None) -> bool:
    """True when ``when`` lies in an earlier season than now (§6.0, §8.0: "prior Season").

    Years count down (431 BC comes before 430 BC); seasons count up within a year.
    """
    if not when:
        return False
    return (-when[0], when[1]) < (-state.year, state.season)


def inside_units(state: State, p: int, side: int) -> list[int]:
    """Units of ``side`` fortified or besieged inside the city of ``p`` (§7.1)."""
    inside = state.inside
    return [u for u in placed(state)[side].get(p, ()) if inside[u]]


def garrison_side(state: State, p: int) -> int:
    """The side whose garrison holds the city of ``p``, or -1 (§7.3)."""
    g = state.garrisons.get(p)
    return g[0] if g else -1


def defenders(state: State, p: int, side: int) -> list[int]:
    """Blocks of ``side`` holding the walls of ``p``: units inside, then the garrison as -1."""
    out = inside_units(state, p, side)
    if garrison_side(state, p) == side:
        out.append(-1)
    return out


def siege_condition(state: State, p: int) -> int:
    """The side besieging ``p`` on the map now, or -1 (§7.2): the city's defenders are inside
    (units or a garrison) and the enemy alone occupies the province around it."""
    if not state.ix.has_city[p]:
        return -1
    ath, spa = placed(state)
    a, s = ath.get(p, ()), spa.get(p, ())
    if not (a or s):
        return -1  # no one stands in the province to besiege it
    inside, garrison = state.inside.__getitem__, garrison_side(state, p)
    a_out = not all(map(inside, a))  # some unit of the side stands outside the walls
    s_out = not all(map(inside, s))
    if s_out and not a_out and (a or garrison == ATHENS):
        return SPARTA
    if a_out and not s_out and (s or garrison == SPARTA):
        return ATHENS
    return -1


def besieger_of(state: State, p: int) -> int:
    """The besieging side of ``p`` (recorded siege, else the live condition), or -1."""
    rec = state.sieges.get(p)
    if rec is not None:
        return rec["besieger"]
    return siege_condition(state, p)


def besieged_cities(state: State) -> set[int]:
    """Every place with a besieging side (recorded siege or live condition): the places where
    :func:`besieger_of` is not -1. Only a garrison or units inside can make the live
    condition, so only those places are checked."""
    out = set(state.sieges)
    for p in walled(state) | state.garrisons.keys():
        if p >= 0 and p not in out and siege_condition(state, p) >= 0:
            out.add(p)
    return out


#: ``bytes.translate`` table turning every nonzero flag into 1
_ANY_SET = bytes([0] + [1] * 255)


def walled(state: State) -> set[int]:
    """Places where some unit stands inside the city (fortified or besieged, §7.1)."""
    flags = state.inside.translate(_ANY_SET)
    loc = state.loc
    out = set()
    u = flags.find(1)
    while u >= 0:
        out.add(loc[u])
        u = flags.find(1, u + 1)
    return out
