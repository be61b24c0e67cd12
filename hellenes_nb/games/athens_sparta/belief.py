"""What a side cannot tell apart (a determinization, for the conformance suite's
information sets and a search bot's belief): the other side's hand, with the card it has
picked face down this Game Turn if any, drawn again from the cards this side has not seen,
the undealt cards in another order, and other dice to come.

Blocks are not drawn again: which face-down block is which is hidden (the views show only
where the other side's blocks stand), but the moves name the block a side moved, as in
Hellenes, so a sampler of blocks is still to be written (docs/athens-sparta.md)."""

from __future__ import annotations

import random

from hellenes_nb.core.dice import Dice
from hellenes_nb.core.steps import replace_top
from hellenes_nb.games.athens_sparta.position import SIDES, Position

__all__ = ["redeal"]


def redeal(real: Position, role: str, rng: random.Random) -> Position:
    """A position ``role`` cannot tell from ``real`` (module docstring)."""
    st = real.clone()
    st.dice = Dice(rng.getrandbits(64))
    foe = SIDES[1 - SIDES.index(role)]
    top = st.stack[-1] if st.stack else None
    picked = top["chosen"].get(foe) if top is not None and top["kind"] == "cards" else None
    pool = st.hands[foe] + st.rest + ([picked] if picked else [])
    rng.shuffle(pool)
    n = len(st.hands[foe])
    st.hands = {**st.hands, foe: pool[:n]}
    pool = pool[n:]
    if picked:
        replace_top(st, chosen={**top["chosen"], foe: pool[0]})
        pool = pool[1:]
    st.rest = pool
    return st
