"""Invariants of *Amphipolis*, checked after every action by ``hellenes selfplay --fuzz`` and
the conformance suite: every piece is in exactly one state and place, enemies share no zone
outside a combat, no zone of the main map holds more units of a side than its stacking limit
outside a move or a combat (§3.3), triremes stay at sea and land units on land, every strategem
counter is in exactly one place, the action points stay at zero or more, and nothing hidden
reaches the other side's view or log."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.catalog import InvariantError
from hellenes_nb.games.amphipolis.rules.common import BASES, OPS, UNITS, W
from hellenes_nb.games.amphipolis.rules.movement import STACK
from hellenes_nb.games.amphipolis.state import IN_PLAY, SIDES
from hellenes_nb.games.amphipolis.view import hands

__all__ = ["check_invariants"]

MAIN = {z.id for z in W.main}
PLACES = {*OPS, *BASES, *MAIN}


def _pieces(st: Any) -> None:
    for i, u in enumerate(UNITS):
        on = st.uloc[i] is not None
        if on != (st.ustat[i] == IN_PLAY) or on and st.uloc[i] not in PLACES:
            raise InvariantError(f"the unit {u.id} is in state {st.ustat[i]} at {st.uloc[i]}")
        if st.uloc[i] == "macedonia" and u.side == 0 or st.uloc[i] == "thasos" and u.side == 1:
            raise InvariantError(f"the unit {u.id} is in a rear base its side may not use")
        if not u.land and (st.uloc[i] in ("macedonia", "thrace") or st.uloc[i] in MAIN
                           and not W.zone[st.uloc[i]].sea):
            raise InvariantError(f"the trireme {u.id} is in a land space")
        if u.land and st.uloc[i] in MAIN and W.zone[st.uloc[i]].sea:
            raise InvariantError(f"the land unit {u.id} stopped at sea ({st.uloc[i]})")
    for k, g in enumerate(W.leaders):
        if (st.lloc[k] is not None) != (st.lstat[k] == IN_PLAY):
            raise InvariantError(f"the leader {g.id} is in state {st.lstat[k]} at {st.lloc[k]}")


def _shared(st: Any) -> None:
    fighting = {f["zone"] for f in st.stack if f["kind"] in ("battle", "retreat")}
    held = [{z for i, z in enumerate(st.uloc) if z is not None and UNITS[i].side == s
             and UNITS[i].land} for s in (0, 1)]
    for z in held[0] & held[1]:
        if z not in fighting and not any(
                f["kind"] in ("action", "op") for f in st.stack):
            raise InvariantError(f"both sides' land units share {z} outside a combat")


def _stacking(st: Any) -> None:
    if any(f["kind"] in ("action", "op", "battle", "retreat") for f in st.stack):
        return
    count: dict[tuple[str, int], int] = {}
    for i, z in enumerate(st.uloc):
        if z in MAIN:
            count[z, UNITS[i].side] = count.get((z, UNITS[i].side), 0) + 1
    for (z, s), n in count.items():
        limit = STACK.get(W.zone[z].terrain)
        if limit is not None and n > limit:
            raise InvariantError(f"{z} holds {n} units of {SIDES[s]}, over its limit of "
                                 f"{limit} (§3.3)")


def _counters(st: Any) -> None:
    places = st.hands[0] + st.hands[1] + st.cup + st.removed
    if sorted(places) != sorted(c.id for c in W.counters):
        raise InvariantError(f"the strategem counters are not each in one place: {places}")
    if min(st.pa) < 0:
        raise InvariantError(f"negative action points {st.pa}")


def _hidden(game: Any, since: int) -> None:
    """The hands part of each side's view (``view.hands``, the one code the whole view uses;
    building both whole views after every action cost half of a fuzz run) and its log."""
    for s, name in enumerate(SIDES):
        other = SIDES[1 - s]
        if isinstance(hands(game.state, other)[name], list):
            raise InvariantError(f"{other} sees {name}'s strategems")
        for ev in game.log_for(other, since):
            if "draws C" in ev["text"] and ev.get("side") == name:
                raise InvariantError(f"{other} reads which counter {name} drew")


def check_invariants(game: Any, since: int = 0, dead_end: bool = True) -> None:
    """Raise :class:`InvariantError` naming what broke (module docstring)."""
    st = game.state
    _pieces(st)
    _shared(st)
    _stacking(st)
    _counters(st)
    _hidden(game, since)
    if dead_end and not game.over and not game.legal_actions():
        raise InvariantError(f"dead end: nobody can act at {game.prompt.text!r}")
