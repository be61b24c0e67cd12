"""Board invariants of *300: Earth & Water*, checked after every action by ``hellenes selfplay
--fuzz`` (:mod:`hellenes_nb.selfplay`): pieces are neither made nor lost, enemies share a city
or a port only while they fight there, every card is in exactly one place, the track stays on
the board, and nothing hidden reaches the other side's view or log."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.catalog import InvariantError
from hellenes_nb.games.earth_water.index import SIDE_NAMES, WORLD, N

__all__ = ["check_invariants"]

_P = WORLD.setup.pieces
TOTALS = (_P.greece.armies, _P.persia.armies, _P.greece.fleets, _P.persia.fleets)
_WHAT = ("Greek armies", "Persian armies", "Greek fleets", "Persian fleets")


def _pieces(st: Any) -> None:
    port = st.portraits
    off = [port["greek_armies"], port["persian_armies"], 0, port["persian_fleets"]]
    for f in st.stack:  # armies at sea with the fleets carrying them (§6.5)
        if f["kind"] == "battle" and f["type"] == "naval":
            off[f["attacker"]] += f.get("carried", 0)
    for k in range(4):
        row = st.u[k * N:(k + 1) * N]
        if min(row) < 0 or st.reserve[k] < 0:
            raise InvariantError(f"a negative count of {_WHAT[k]}")
        total = sum(row) + st.reserve[k] + off[k]
        if total != TOTALS[k]:
            raise InvariantError(f"{_WHAT[k]}: {total} counted, the game has {TOTALS[k]}")


def _shared(st: Any) -> None:
    fighting = {(f["city"], f["type"]) for f in st.stack if f["kind"] == "battle"}
    for c in range(N):
        if st.u[c] and st.u[N + c] and (c, "land") not in fighting:
            raise InvariantError(f"Greek and Persian armies share {WORLD.cities[c].name} "
                                 "outside a battle")
        if st.u[2 * N + c] and st.u[3 * N + c] and (c, "naval") not in fighting:
            raise InvariantError(f"Greek and Persian fleets share the port of "
                                 f"{WORLD.cities[c].name} outside a battle")


def _cards(st: Any) -> None:
    where = st.deck + st.discard + st.hands[0] + st.hands[1]
    if sorted(where) != sorted(WORLD.cards):
        raise InvariantError(f"the cards are not each in one place: {sorted(where)}")


def _hidden(game: Any, since: int) -> None:
    for s, side in enumerate(SIDE_NAMES):
        other = SIDE_NAMES[1 - s]
        view = game.view(side)
        if view["hands"][other] != {"count": len(game.state.hands[1 - s])}:
            raise InvariantError(f"{side}'s view shows more of the {other} hand than its size")
        for ev in game.log_for(side, since):
            if ev.get("private") is not None or "public" in ev:
                raise InvariantError(f"{side} reads the private form of {ev['kind']!r}")
        for ev in game.state.log[since:]:
            if ev.get("private") == other:
                shown = game.ruleset.log_for(game.state, side, game.state.log.index(ev))[0]
                if set(shown) - {"kind", "rule", "side", "campaign", "text"}:
                    raise InvariantError(f"{side} reads fields of {other}'s private "
                                         f"{ev['kind']!r}")


def check_invariants(game: Any, since: int = 0, dead_end: bool = True) -> None:
    """Raise :class:`InvariantError` naming what broke (module docstring). ``since``: log
    events from this index on are new; with ``dead_end`` a game not over must offer a
    choice."""
    st = game.state
    _pieces(st)
    _shared(st)
    _cards(st)
    if not -WORLD.setup.track.max <= st.score <= WORLD.setup.track.max:
        raise InvariantError(f"the score {st.score} is off the track")
    _hidden(game, since)
    if dead_end and not game.over and not game.legal_actions():
        raise InvariantError(f"dead end: nobody can act at {game.prompt.text!r}")
