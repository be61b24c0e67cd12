"""Positions of *300: Earth & Water* built for rule tests: pieces placed city by city, hands
dealt, the frame to decide at, dice forced.

The packaged map is used as it is; only the pieces, the cards and the stack are set, and every
piece not placed is put in its side's reserve, so the game's invariants hold from the start.
"""

from __future__ import annotations

from hellenes_nb import new_game
from hellenes_nb.core.game import Game
from hellenes_nb.games.earth_water.index import CITY, N
from hellenes_nb.games.earth_water.invariants import TOTALS, check_invariants
from support.hellenes_bot_positions import random_moves

__all__ = ["ew_game", "count", "do", "hiding_twin", "only", "play", "play_legally",
           "randomly_played"]

OPERATIONS = [{"kind": "campaign", "phase": "supply", "skipped": False}]


def ew_game(*, seed: int = 0, ga: dict | None = None, pa: dict | None = None,
            gf: dict | None = None, pf: dict | None = None, greek: tuple = (),
            persian: tuple = (), flags: tuple = (), stack: list | None = None,
            turn: int = 1, dice: tuple = (), campaign: int = 1, score: int = 0) -> Game:
    """A game at the position described: ``ga``/``pa`` Greek/Persian armies by city id,
    ``gf``/``pf`` fleets, ``greek``/``persian`` the hands (taken out of the draw pile),
    ``flags`` set, and the stack (default: the Operations Phase, ``turn`` 0 Greece or 1
    Persia to play)."""
    game = new_game("earth-water", seed)
    st = game.state
    st.u = [0] * (4 * N)
    for kind, placed in enumerate((ga, pa, gf, pf)):
        for city, n in (placed or {}).items():
            st.u[kind * N + CITY[city]] = n
    st.hands = [list(greek), list(persian)]
    st.deck = [c for c in st.deck if c not in greek and c not in persian]
    st.discard = []
    st.flags = 0
    for f in flags:
        st.mark(f)
    port = st.portraits
    off = [port["greek_armies"], port["persian_armies"], 0, port["persian_fleets"]]
    st.reserve = [TOTALS[k] - sum(st.u[k * N:(k + 1) * N]) - off[k] for k in range(4)]
    st.campaign = campaign
    st.score = score
    st.stack = list(stack) if stack is not None else [
        *OPERATIONS, {"kind": "operations", "turn": turn, "passes": 0}]
    st.legal_memo = None
    st.dice.force(dice)
    game.ruleset.steps.settle(st)
    check_invariants(game, len(st.log), dead_end=False)
    return game


def count(game: Game, kind: str, city: str) -> int:
    """Pieces of one kind ("ga", "pa", "gf", "pf") in a city."""
    k = ("ga", "pa", "gf", "pf").index(kind)
    return game.state.u[k * N + CITY[city]]


def only(game: Game, **match: object) -> dict:
    """The one legal action whose entries include ``match`` (AssertionError otherwise)."""
    found = [a for a in game.legal_actions()
             if all(a.get(k) == v for k, v in match.items())]
    assert len(found) == 1, f"{len(found)} legal actions match {match}: {game.legal_actions()}"
    return found[0]


def do(game: Game, **match: object) -> list[dict]:
    """Apply the one legal action matching ``match``; check the invariants afterwards."""
    n = len(game.log)
    events = game.apply(only(game, **match))
    check_invariants(game, n, dead_end=True)
    return events


def play(game: Game, side: str, card: int, use: str) -> list[dict]:
    """Play a card from ``side``'s hand for its event or to move."""
    return do(game, type="play_card", side=side, card=card, use=use)


def play_legally(game: Game, bots: dict, most: int) -> None:
    """Play ``game`` with ``bots`` (by side) for at most ``most`` actions or to its end,
    checking that every action chosen is legal."""
    for _ in range(most):
        if game.over:
            return
        side = game.prompt.side
        action = bots[side].choose(game, side)
        assert action in game.legal_actions(side)
        game.apply(action)


def randomly_played(seed: int, steps: int) -> Game:
    """A new game of seed ``seed`` after ``steps`` uniformly random legal actions (fewer when
    it ends first)."""
    return random_moves(new_game("earth-water", seed), seed, steps)


def hiding_twin(game: Game, side: int, *, dice: bool = True) -> Game:
    """A copy of ``game`` that side number ``side`` cannot tell from it: the other hand
    swapped with draw-pile cards, the pile reordered and (``dice``) other dice to come."""
    twin = game.clone()
    st = twin.state
    hand, deck = st.hands[1 - side], st.deck
    k = min(len(hand), len(deck))
    st.hands[1 - side], st.deck = deck[:k] + hand[k:], list(reversed(hand[:k] + deck[k:]))
    st.legal_memo = None
    if dice:
        st.dice.state = (st.dice.state * 7 + 1) % (1 << 64)
    return twin
