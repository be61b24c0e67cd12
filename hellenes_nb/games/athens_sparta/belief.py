"""What a side cannot tell apart (a determinization, for the conformance suite's
information sets and a search bot's belief): the other side's hand, with the card it has
picked face down this Game Turn if any, drawn again from the cards this side has not seen,
the undealt cards in another order, other dice to come, and, when asked (``blocks=True``,
for a search bot's belief), which of the other side's face-down blocks is which
(:func:`reshuffle_blocks`).

The conformance suite's sampler leaves the blocks as they are: its reveal check plays the
other side's very action again in a drawn position, and an action names the block it moves
(as in Hellenes), so with the blocks drawn again the same action would move another piece
and every move would look like a reveal. The views allow the drawing; the actions do not.

Blocks are drawn again among those the side has never had named to it: the other side's
blocks on the map or in its pool (the view only counts those) that no frame names (a battle
under way, a retreat, the blocks moved this phase) and no line of this side's log names
(blocks revealed in a battle, §5.4, a revolt block) and that do not stand face up (patrols,
besiegers, blockaders: rules/faceup.py). Within each kind of block (navies;
armies; revolt blocks are never drawn) their places and strengths are dealt out again, each
to a block that can have that strength (the strongest places first, each to a block drawn
among those strong enough: there is always one), so the view (where the other side's blocks
stand) stays the same. Cards and places are put in one fixed order before the drawing, so
what is drawn never depends on the real hidden facts."""

from __future__ import annotations

import random
import re

from hellenes_nb.core.dice import Dice
from hellenes_nb.core.steps import replace_top
from hellenes_nb.games.athens_sparta.position import SIDES, Position
from hellenes_nb.games.athens_sparta.state import BlockState

__all__ = ["redeal", "reshuffle_blocks"]


def redeal(real: Position, role: str, rng: random.Random, blocks: bool = False) -> Position:
    """A position ``role`` cannot tell from ``real`` (module docstring); with ``blocks`` the
    other side's face-down blocks are drawn again too (:func:`reshuffle_blocks`)."""
    st = real.clone()
    st.dice = Dice(rng.getrandbits(64))
    foe = SIDES[1 - SIDES.index(role)]
    top = st.stack[-1] if st.stack else None
    picked = top["chosen"].get(foe) if top is not None and top["kind"] == "cards" else None
    pool = sorted(st.hands[foe] + st.rest + ([picked] if picked else []))  # one order, whatever
    rng.shuffle(pool)  # the real one: the draw reads nothing hidden
    n = len(st.hands[foe])
    st.hands = {**st.hands, foe: pool[:n]}
    pool = pool[n:]
    if picked:
        replace_top(st, chosen={**top["chosen"], foe: pool[0]})
        pool = pool[1:]
    st.rest = pool
    if blocks:
        reshuffle_blocks(st, real, role, rng)
    return st


def reshuffle_blocks(st: Position, real: Position, role: str, rng: random.Random) -> None:
    """Deal the places and strengths of the other side's unnamed face-down blocks out again
    among blocks of the same kind (module docstring); ``st`` is a clone of ``real``."""
    from hellenes_nb.games.athens_sparta.rules.faceup import face_up
    from hellenes_nb.games.athens_sparta.view import log_for

    foe = SIDES[1 - SIDES.index(role)]
    kinds = {x.id: x for x in st.world.blocks}
    named: set[str] = set()
    pattern = r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*"
    for f in real.stack:
        named |= set(re.findall(pattern, repr(f)))
    for ev in log_for(real, role):
        named |= set(re.findall(pattern, ev.get("text", "")))
    named |= set(face_up(real))  # patrols, besiegers and blockaders stand face up (aid)
    groups: dict[str, list[str]] = {}
    for k, v in sorted(st.board.blocks.items()):
        kind = kinds[k].type
        off = v.where != "pool" and v.where not in st.world.hexes  # the pool is drawn too
        if v.side != foe or off or k in named or kind in (
                "demos", "tyrants", "helots"):
            continue
        groups.setdefault("navy" if kind == "navy" else "army", []).append(k)
    for ids in groups.values():
        places = sorted(((st.board.blocks[k].where, st.board.blocks[k].steps) for k in ids),
                        key=lambda p: (-p[1], p[0]))
        free = list(ids)
        for where, steps in places:  # strongest first: the blocks that can take it are fewest
            k = rng.choice([j for j in free if kinds[j].steps >= steps])
            free.remove(k)
            st.board.blocks[k] = BlockState(where, steps, foe)
