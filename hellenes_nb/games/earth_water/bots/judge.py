"""How the heuristic opponent judges a position of *300: Earth & Water* for one side, and the
guesses it makes about what it cannot see (docs/bots.md, "300: Earth & Water").

:func:`worth` scores a position from a side's point of view: the track, the points the cities
would give now (§9), Major cities held or threatened, the forces on the map and whether they
can be fed and supplied (§8.2), and the cards in hand. :func:`guess` makes a copy of a game in
which everything the side cannot see is dealt again at random (the other hand from the unseen
cards, the draw pile shuffled, fresh dice), so that looking ahead never peeks at hidden cards
or at the dice to come."""

from __future__ import annotations

import random

from hellenes_nb.core.dice import Dice
from hellenes_nb.core.game import Game
from hellenes_nb.games.earth_water.index import MAJORS, N
from hellenes_nb.games.earth_water.rules.board import controls, supplied
from hellenes_nb.games.earth_water.rules.campaign import points, result
from hellenes_nb.games.earth_water.rules.supply import fed
from hellenes_nb.games.earth_water.state import State

__all__ = ["guess", "redeal", "resample", "worth", "worth_of"]

WIN = 10_000.0
#: what the standing pontoon bridge is worth to Persia
BRIDGE = 5.0


def guess(game: Game, side: int, rng: random.Random) -> Game:
    """A copy of ``game`` with the other hand, the draw pile's order and the dice dealt anew
    (module docstring)."""
    copy = game.clone()
    redeal(copy.state, side, rng)
    return copy


def redeal(st: State, side: int, rng: random.Random) -> None:
    """Deal again, in place, what ``side`` cannot see in ``st``: the other hand from the cards
    it has not seen (that hand and the draw pile together), the draw pile's order and the dice
    to come. The legal actions listed for the real hand are forgotten. While ``side`` is
    looking at the other hand (Persia picking the Greek card to discard with Hippias, §6.2),
    that hand is known and stays; only the pile and the dice are dealt again."""
    other = 1 - side
    looking = bool(st.stack) and st.stack[-1].get("what") == "hippias" and side == 1
    unseen = sorted(st.deck + ([] if looking else st.hands[other]))  # sorted: the order
    rng.shuffle(unseen)  # must not tell what was where
    n = 0 if looking else len(st.hands[other])
    if not looking:
        st.hands[other] = unseen[:n]
    st.deck = unseen[n:]
    st.dice = Dice(rng.getrandbits(64))
    st.legal_memo = None


def resample(st: State, seed: int) -> None:
    """Deal anew, in place and from ``seed`` alone, what neither side has seen in ``st``: the
    draw pile's order and the dice to come (the What-if lab: each continuation its own). The
    hands stay, each known to its owner."""
    rng = random.Random(seed)
    st.deck = sorted(st.deck)  # sorted: the new order owes nothing to the old one
    rng.shuffle(st.deck)
    st.dice = Dice(rng.getrandbits(64))
    st.legal_memo = None


def worth(game: Game, side: int) -> float:
    """The position's value for ``side`` (higher is better; module docstring)."""
    return worth_of(game.state, side)


def worth_of(st: State, side: int) -> float:
    """:func:`worth` of a bare state (the search's rollouts play on states)."""
    res = result(st)
    if res is not None:
        w = res["winner"]
        if w is None:
            return 0.0
        return WIN if w == ("greece", "persia")[side] else -WIN
    other = 1 - side
    sign = 1 if side == 0 else -1
    pts = points(st)
    value = 12.0 * sign * st.score + 3.0 * (pts[side] - pts[other])
    if st.has("bridge"):  # the road into Europe: Persia's way to march in force (§5.1)
        value += BRIDGE * -sign
    for s, k in ((side, 1.0), (other, -1.0)):
        for m in MAJORS[s]:
            if not controls(st, s, m):
                value -= k * 14.0
        armies = sum(st.u[s * N + c] for c in range(N))
        fleets = sum(st.u[(2 + s) * N + c] for c in range(N))
        value += k * (2.0 * armies + 1.6 * fleets + 0.8 * len(st.hands[s]))
        need, food = fed(st, s)
        value -= k * 1.5 * max(0, need - food)
        linked = supplied(st, s)
        cut = sum(st.u[s * N + c] for c in range(N)
                  if st.u[s * N + c] and c not in linked and not st.u[(2 + s) * N + c])
        value -= k * 1.5 * cut
    return value
