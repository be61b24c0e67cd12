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


def _besieging(leader: str | None):
    """Athens with 12 PF in Sparta's Mendè (VA 5, 4 PF), with or without a leader."""
    from hellenes_nb.games.amphipolis.world import load_world

    w = load_world()
    st = start(seed=2).state.clone()
    for i in range(len(st.uloc)):
        if st.uloc[i] == "O1":
            st.uloc[i], st.ustat[i] = None, 0
    for g in range(len(st.lloc)):
        if st.lloc[g] == "O1":
            st.lloc[g] = None
    for uid in ("ath-h6-1", "ath-h6-2"):
        st.uloc[w.unit_index[uid]], st.ustat[w.unit_index[uid]] = "O1", 1
    if leader:
        st.lloc[w.leader_index[leader]] = "O1"
    st.garrison["O1"] = 1
    return st


def test_the_heuristic_weighs_a_siege_in_prospect_by_its_odds():
    from hellenes_nb.games.amphipolis.bots.heuristic import worth

    # with Nicias (bonus 2) diplomacy succeeds on 3-6 and an assault on 1-2; without a
    # leader only a blockade (a 6): a flat weight saw no difference
    assert worth(_besieging("nicias"), 0) - worth(_besieging(None), 0) > 0.9


def test_the_heuristic_prefers_a_won_game_to_a_draw_with_the_same_points():
    from hellenes_nb.games.amphipolis.bots.heuristic import worth

    st = start(seed=2).state.clone()
    won, drawn = st.clone(), st.clone()
    won.stack = [{"kind": "over", "winner": 0, "how": "tactical", "text": "", "vp": [0, 0]}]
    drawn.stack = [{"kind": "over", "winner": -1, "how": "draw", "text": "", "vp": [0, 0]}]
    assert worth(won, 0) > worth(drawn, 0)  # Athens won, by the same points
    assert worth(won, 1) < worth(drawn, 1)  # Sparta lost
