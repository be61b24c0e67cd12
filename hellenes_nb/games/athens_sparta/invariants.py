"""Invariants of *Athens & Sparta*, checked after every action by ``hellenes selfplay --fuzz``
and the conformance suite: every block in one known place with steps within its most, blocks
of both sides together only in a siege or an oracle's hex (or in the middle of a Move Phase),
every card in exactly one place, sieges only of cities whose owner still has blocks there, and
nothing hidden reaching the other side's view or log."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.catalog import InvariantError
from hellenes_nb.games.athens_sparta.position import SIDES
from hellenes_nb.games.athens_sparta.rules.faceup import face_up

__all__ = ["check_invariants"]


def _blocks(st: Any) -> None:
    w = st.world
    for x in w.blocks:
        v = st.board.blocks[x.id]
        on = v.where in w.hexes or v.where == "syracuse"
        if not on and v.where not in ("pool", "offmap"):
            raise InvariantError(f"the block {x.id} is in an unknown place {v.where!r}")
        if on and not 1 <= v.steps <= x.steps:
            raise InvariantError(f"the block {x.id} stands at {v.where} with {v.steps} steps "
                                 f"(its most is {x.steps})")
        if on and v.side not in SIDES:
            raise InvariantError(f"the block {x.id} is on the map with no side")


def _shared(st: Any) -> None:
    w, b = st.world, st.board
    if any(f["kind"] == "battles" for f in st.stack):
        return  # blocks meet in the Move Phase and part in the Combat Phase
    for hex_id in {v.where for v in b.blocks.values() if v.where in w.hexes}:
        sides = {v.side for v in b.blocks.values() if v.where == hex_id}
        city = w.city_at(hex_id)
        if len(sides) < 2 or city is not None and city.kind == "oracle":
            continue
        if city is None or not (city.id in b.besieged or city.id in b.blockaded):
            raise InvariantError(f"both sides' blocks share {hex_id} outside a siege")


def _cards(st: Any) -> None:
    chosen = [c for f in st.stack if f["kind"] == "cards" for c in f["chosen"].values()]
    places = st.hands["athens"] + st.hands["sparta"] + st.rest + chosen
    if len(places) != len(set(places)) or not set(places) <= {c.id for c in st.world.cards}:
        raise InvariantError(f"the cards are not each in one place: {places}")


def _hidden(game: Any, since: int) -> None:
    st = game.state
    up = face_up(st)  # patrols, besiegers, blockaders (aid): the same for both sides
    for name in SIDES:
        other = SIDES[1 - SIDES.index(name)]
        view = game.view(other)
        if isinstance(view["hands"][name], list):
            raise InvariantError(f"{other} sees {name}'s hand")
        for blk in view["blocks"]:
            if blk["side"] == name and set(blk) != {"side", "where", "face_down"} and \
                    up.get(blk.get("id")) != blk["where"]:
                raise InvariantError(f"{other} sees a {name} block face up: {blk}")
        top = st.stack[-1] if st.stack else None
        if top is not None and top["kind"] == "cards" and "my_card" in view["prompt"] and \
                name in view["prompt"]["my_card"]:
            raise InvariantError(f"{other} sees the card {name} picked")
        for ev in game.log_for(other, since):
            if "block" in ev and ev.get("side") == name:
                raise InvariantError(f"{other} reads which block {name} moved")


def check_invariants(game: Any, since: int = 0, dead_end: bool = True) -> None:
    """Raise :class:`InvariantError` naming what broke (module docstring)."""
    st = game.state
    _blocks(st)
    _shared(st)
    _cards(st)
    _hidden(game, since)
    if dead_end and not game.over and not game.legal_actions():
        raise InvariantError(f"dead end: nobody can act at {game.prompt.text!r}")
