"""Units leaving the map: a unit eliminated goes to its side's recruit pool (§6.32), and a land
unit at sea goes down with the fleet that carried it or when no fleet is left to carry it
(§5.21, §5.23). Every chapter that eliminates a unit calls :func:`eliminate`."""

from __future__ import annotations

from hellenes_nb.games.hellenes.index import SIDE_SPAN, side_of
from hellenes_nb.games.hellenes.state import POOL, State


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

