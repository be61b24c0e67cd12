"""Undo never passes a reveal, in every game on the core (docs/architecture.md, "Undo and
reveals"; docs/security.md, "Undo").

For every game the suite runs (tests/conformance/conftest.py: every registered game and
scenario, and the toy game of the core's tests), seeded games are played with random legal
actions. After each action that undo could still take back, every role is asked whether the
action told it something it did not know (:mod:`conformance.reveals`: the role's information
set is sampled and the action replayed in it). A reveal that undo could take
back fails the test, naming the game, the seed, the action and the role: a player could look
at the card, the draw or the die, take the move back and choose again.
"""

from __future__ import annotations

from conformance.reveals import play_checking_reveals

#: seeded games per scenario, and actions at most per game
SEEDS = (1, 2)
ACTIONS = 250


def test_undo_never_takes_back_a_reveal(ruleset, scenario):
    problems, checked = [], 0
    for seed in SEEDS:
        found, n = play_checking_reveals(ruleset, scenario, seed, ACTIONS)
        problems += found
        checked += n
    assert checked > 0, "no action could be undone: the check saw nothing"
    assert not problems, f"{len(problems)} reveals undo can pass:\n" + "\n".join(problems[:10])
