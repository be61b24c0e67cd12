"""§7.2–7.3 siege records (``state.sieges``): establishing a siege (with the garrison of a loyal
city), lifting it, the capture of the city, and :func:`refresh`, which brings the records in
line with the map at the start of each combat phase and after every battle."""

from __future__ import annotations

from hellenes_nb.games.hellenes.index import ATHENS, SIDE_ADJECTIVES, SPARTA, side_title
from hellenes_nb.games.hellenes.rules.control import outside_units, placed, units_at
from hellenes_nb.games.hellenes.rules.siege.blockade import blockaded
from hellenes_nb.games.hellenes.rules.siege.condition import (
    defenders,
    garrison_side,
    siege_condition,
    stamp,
    walled,
)
from hellenes_nb.games.hellenes.state import State


def establish(state: State, p: int, besieger: int) -> None:
    """Record a new siege of ``p`` and add the garrison of a loyal city (§7.2, §7.3)."""
    ix = state.ix
    d = 1 - besieger
    now = stamp(state)
    state.sieges[p] = {"besieger": besieger, "since": now, "blockaded_since": None}
    added = ""
    if ix.city_loyalty[p] == d and p not in state.garrisons:
        state.garrisons[p] = [d, 0]
        added = f"; a {SIDE_ADJECTIVES[d]} garrison appears in {ix.city_name[p]}"
    if ix.is_port[p] and blockaded(state, p):
        state.sieges[p] = {**state.sieges[p], "blockaded_since": now}
    state.event("siege", "7.2", f"{side_title(besieger)} establishes a siege of {ix.city_name[p]}"
                f"{added}. No siege combat there this turn.", besieger, place=p)


def lift(state: State, p: int, why: str) -> None:
    """End the siege of ``p`` without a capture: garrisons that appeared with it go, permanent
    ones stay, and the defenders are no longer penned in (§7.3)."""
    ix = state.ix
    rec = state.sieges.pop(p)
    g = state.garrisons.get(p)
    if g is not None and not g[1] and g[0] != rec["besieger"]:
        del state.garrisons[p]
    for u in units_at(state, p, 1 - rec["besieger"]):
        state.inside[u] = 0
    state.event("siege_lifted", "7.3", f"The siege of {ix.city_name[p]} is lifted: {why}",
                rec["besieger"], place=p)


def capture(state: State, p: int, taker: int, how: str) -> None:
    """The city of ``p`` falls to ``taker``: the siege ends and control follows (§1.4, §8)."""
    state.sieges.pop(p, None)
    if garrison_side(state, p) == 1 - taker:
        del state.garrisons[p]
    state.event("city_taken", "8.0", f"{side_title(taker)} takes {state.ix.city_name[p]} by {how}",
                taker, place=p)


def refresh(state: State) -> None:
    """Bring siege records in line with the map (§7.2, §7.3, §8.21); see the module docstring.

    Also lets units out of a city when no enemy stands outside any more (they were fortified
    in a battle that the enemy then left).
    """
    ix = state.ix
    now = stamp(state)
    for p in sorted(state.sieges):
        rec = state.sieges[p]
        b = rec["besieger"]
        if not outside_units(state, p, b):
            lift(state, p, f"no {side_title(b)} besiegers remain in the province")
        elif outside_units(state, p, 1 - b):
            continue  # sortiers or a relief force stand outside: a battle is pending
        elif not defenders(state, p, 1 - b):
            capture(state, p, b, "the loss of every defender")
        elif ix.is_port[p]:
            if not blockaded(state, p):
                if rec.get("blockaded_since") is not None:
                    state.sieges[p] = {**rec, "blockaded_since": None}
            elif rec.get("blockaded_since") is None:
                state.sieges[p] = {**rec, "blockaded_since": now}
    # Only a city with a garrison or units inside can come under siege or let units out; the
    # steps below change the walls and flags of ``p`` alone, so one list serves the whole pass.
    # A city with no unit in its province can do neither (no siege condition, no one inside).
    has_city, n_land = ix.has_city, ix.n_land
    ath, spa = placed(state)  # nothing below moves a unit
    for p in sorted(walled(state) | state.garrisons.keys()):
        if not 0 <= p < n_land or p in state.sieges or not has_city[p]:
            continue
        if p not in ath and p not in spa:
            continue
        b = siege_condition(state, p)
        if b >= 0:
            establish(state, p, b)
        else:
            _let_out(state, (ath.get(p, ()), spa.get(p, ())))


def _let_out(state: State, here: tuple[tuple[int, ...], tuple[int, ...]]) -> None:
    """Units inside a city that no enemy stands outside any more come out (``here``: the units
    of each side in its province); Athens first, so Spartans see Athenians just let out."""
    inside = state.inside
    for d in (ATHENS, SPARTA):
        if all(inside[u] for u in here[1 - d]):  # no enemy unit stands outside the walls
            for u in here[d]:
                if inside[u]:
                    inside[u] = 0
