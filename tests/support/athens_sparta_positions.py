"""*Athens & Sparta* positions for its rule tests: a game at a side's Move Phase."""

from __future__ import annotations

from hellenes_nb.core.game import Game
from hellenes_nb.games.athens_sparta.position import Position
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA
from hellenes_nb.games.athens_sparta.state import BlockState

END = {"kind": "over", "winner": None, "how": "test", "text": "end of the test"}


def at_moves(side: str, place: dict, mps: int = 5, **options) -> Game:
    """The set-up of §3 with the blocks of ``place`` (id -> (hex, steps)) moved, at ``side``'s
    Move Phase with ``mps`` MPs; its battles come next, then the game ends."""
    st = Position("athens-sparta", 5, options=options)
    for k, (where, steps) in place.items():
        st.board.blocks[k] = BlockState(where, steps, st.board.blocks[k].side)
    st.stack = [dict(END), {"kind": "battles", "side": side, "attacks": [], "from": {},
                            "crossed": [], "done": []},
                {"kind": "ops", "side": side, "mps": mps, "storm": False, "moved": [],
                 "from": {}, "crossed": [], "attacks": [], "sides": {}}]
    return Game(ATHENS_SPARTA, st, 5)


def at_battles(side: str, attacks: list[str], origins: dict, place: dict, faces=(),
               clear: tuple = (), **options) -> Game:
    """The set-up of §3 with the hexes in ``clear`` emptied and the blocks of ``place`` (id ->
    (hex, steps)) set down, at ``side``'s Combat Phase with ``attacks`` to fight (``origins``:
    where each attacker began its move) and the dice forced to ``faces``."""
    st = Position("athens-sparta", 7, options=options)
    for k, v in st.board.blocks.items():
        if v.where in clear:
            st.board.blocks[k] = BlockState("pool", 0, v.side)
    for k, (where, steps) in place.items():
        st.board.blocks[k] = BlockState(where, steps, st.board.blocks[k].side)
    st.dice.force(list(faces))
    st.stack = [dict(END), {"kind": "battles", "side": side, "attacks": attacks,
                            "from": origins, "crossed": [], "done": []}]
    return Game(ATHENS_SPARTA, st, 7)
