"""The computer opponents of *Amphipolis*: the levels the dashboard offers, and a bot whose
guesses do not depend on what it may not see."""

from __future__ import annotations

import random

from support.amphipolis_positions import start, until

from hellenes_nb.bots.levels import level_bots
from hellenes_nb.games.amphipolis.bots.heuristic import guess
from hellenes_nb.games.amphipolis.ruleset import AMPHIPOLIS


def test_the_levels_are_the_games_own_bots():
    assert level_bots(AMPHIPOLIS) == {"easy": "easy", "normal": "heuristic",
                                      "hard": "search"}


def test_the_heuristics_guess_does_not_depend_on_what_the_other_side_holds():
    game = start(seed=2)
    until(game, "action")
    side = game.prompt.side
    me = ("athens", "sparta").index(side)
    guesses = set()
    for k in range(4):
        other = game.clone()
        st = other.state
        pool = st.hands[1 - me] + st.cup
        random.Random(k).shuffle(pool)
        n = len(st.hands[1 - me])
        st.hands[1 - me], st.cup = pool[:n], pool[n:]
        guessed = guess(other, me, random.Random(9)).state
        guesses.add((tuple(guessed.hands[1 - me]), tuple(guessed.cup)))
    assert len(guesses) == 1
