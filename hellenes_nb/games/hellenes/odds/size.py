"""How big a battle is for the exact method, found at a bounded cost (docs/odds.md, "Limits").

The exact DP walks the joint configurations of both sides: the product of the block states each
side can pass through (:func:`~.exact.side_configurations`). That number grows
about 2.4 times with every block at full strength, so it is never worth walking to the end for a
big side: :func:`count_side` walks a side only until it has seen more states than can matter,
or has spent :data:`COUNT_WORK`, and :func:`joint_size` says "more than the limit" as soon as
that is certain. The exact solver must number every state of both sides anyway, so a side too
big to be counted within the budget is far too big to be solved.
"""

from __future__ import annotations

from hellenes_nb.games.hellenes.odds.battle import BattleSpec, Moment
from hellenes_nb.games.hellenes.odds.sides import Side

#: The most work one count may do, in (states seen × blocks): about half a second in Python.
#: A side of nine blocks at full strength (33,526 states) is just within it. Numbering a side
#: for the solver (``statetables.SideTable``, which also keeps the states where the side is
#: beaten) may do twice as much.
COUNT_WORK = 320_000


class TooBigError(ValueError):
    """The battle is too big for the exact method (the message says why and what to do)."""


def count_side(side: Side, root: tuple[int, ...], cap: int) -> int | None:
    """How many states ``side`` can pass through from ``root`` while it still has an unrouted
    block, or None when that is more than ``cap`` or cannot be found within
    :data:`COUNT_WORK`."""
    most = min(cap, COUNT_WORK // max(side.n, 1))
    seen = {root}
    stack = [root]
    while stack:
        codes = stack.pop()
        for after in (side.hit(codes, 1), side.rout(codes, 1)):
            if Side.standing(after) and after not in seen:
                if len(seen) >= most:
                    return None
                seen.add(after)
                stack.append(after)
    return len(seen)


def joint_size(spec: BattleSpec, limit: int, moment: Moment | None = None) -> int | None:
    """The joint configurations the exact DP may visit (from ``moment`` if given) when they
    are at most ``limit``; None when there are more, or too many to count."""
    roots = (None, None) if moment is None else moment[:2]
    sides = [Side(blocks) for blocks in spec.forces]
    starts = [side.start if root is None else tuple(root)
              for side, root in zip(sides, roots, strict=True)]
    # the side with fewer blocks first: its count bounds what the other may have
    first = 0 if sides[0].n <= sides[1].n else 1
    a = count_side(sides[first], starts[first], limit)
    if a is None:
        return None
    b = count_side(sides[1 - first], starts[1 - first], limit // a)
    return None if b is None else a * b
