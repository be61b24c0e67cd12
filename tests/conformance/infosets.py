"""What each role may believe, for the conformance suite: for every game on the core, a way to
deal anew the cards and dice a role cannot see (a determinization), so a test can ask whether an
action told that role something it did not know.

``sample(game, role, rng)`` returns a state that ``role`` cannot tell from the real one (its
view is the same, which the suite checks) with the other side's hidden hand drawn again from
the cards the role has not seen, the draw pile in another order and other dice to come.

Hidden pieces stay where they are: Hellenes' face-down blocks are not drawn again. The search's
belief does draw them (``games/hellenes/bots/sampling.py``), but it ignores public facts that
follow from which block is which (whether Athenian expeditionaries stand in Sicily, a Gelan unit
leaving Gela, §15.2), so with it the suite took those announcements for reveals; a sampler of
blocks that keeps them is still to be written.

A game with hidden facts added to the catalogue needs an entry in :data:`SAMPLERS`; the suite
fails, naming the game, until it has one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hellenes_nb.core.dice import Dice
from hellenes_nb.core.game import Game

__all__ = ["SAMPLERS", "sampler_for"]

Sampler = Callable[[Game, str, random.Random], Any]


def _new_dice(game: Game, role: str, rng: random.Random) -> Any:
    """A game whose only secret is the dice to come (the toy): the position, new dice."""
    st = game.state.clone()
    st.dice = Dice(rng.getrandbits(64))
    return st


def _earth_water(game: Game, role: str, rng: random.Random) -> Any:
    """The other hand from the cards ``role`` has not seen, the draw pile's order, the dice
    (the hard bot's own belief, :func:`~hellenes_nb.games.earth_water.bots.judge.redeal`)."""
    from hellenes_nb.games.earth_water.bots.judge import redeal
    from hellenes_nb.games.earth_water.index import SIDE_NAMES

    st = game.state.clone()
    redeal(st, SIDE_NAMES.index(role), rng)
    return st


def _hellenes(game: Game, role: str, rng: random.Random) -> Any:
    """The enemy hand from the cards ``role`` has not seen, the deck's order, the dice; a card
    the enemy has committed face down stays committed (it is in neither)."""
    real = game.state
    st = real.clone()
    st.dice = Dice(rng.getrandbits(64))
    foe = 1 - game.roles.index(role)
    pool = real.hands[foe] + real.deck
    rng.shuffle(pool)
    n = len(real.hands[foe])
    hands = [list(h) for h in real.hands]
    hands[foe] = pool[:n]
    st.hands, st.deck = hands, pool[n:]
    return st


def _amphipolis(game: Game, role: str, rng: random.Random) -> Any:
    """The other side's strategem counters drawn again from those ``role`` has not seen (the
    other hand and the cup), the dice (the heuristic bot's own belief)."""
    from hellenes_nb.games.amphipolis.bots.heuristic import guess

    return guess(game, game.roles.index(role), rng).state


def _athens_sparta(game: Game, role: str, rng: random.Random) -> Any:
    """The other hand and its face-down pick from the cards ``role`` has not seen, the undealt
    cards' order, the dice (games/athens_sparta/belief.py)."""
    from hellenes_nb.games.athens_sparta.belief import redeal

    return redeal(game.state, role, rng)


#: game name -> its sampler
SAMPLERS: dict[str, Sampler] = {"toy": _new_dice, "earth-water": _earth_water,
                                "hellenes": _hellenes, "amphipolis": _amphipolis,
                                "athens-sparta": _athens_sparta}


def sampler_for(game: Game) -> Sampler:
    """The sampler of ``game``'s ruleset (AssertionError naming a game without one)."""
    name = game.ruleset.name
    assert name in SAMPLERS, (f"{name} has no information-set sampler in "
                              "tests/conformance/infosets.py: add one, so the conformance suite "
                              "can tell a reveal")
    return SAMPLERS[name]
