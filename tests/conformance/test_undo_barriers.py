"""Undo never passes a reveal, in every game on the core (docs/architecture.md, "Undo and
reveals"; docs/security.md, "Undo").

For every registered game and scenario, and the toy game of the core's tests, seeded games are
played with random legal actions. After each action that undo could still take back, every role
is asked whether the action told it something it did not know (:mod:`conformance.reveals`: the
role's information set is sampled and the action replayed in it). A reveal that undo could take
back fails the test, naming the game, the seed, the action and the role: a player could look
at the card, the draw or the die, take the move back and choose again.
"""

from __future__ import annotations

import pytest
from conformance.reveals import play_checking_reveals
from support.toygame import Toy

import hellenes_nb.games.registry  # noqa: F401  (registers every game)
from hellenes_nb.core.ruleset import rulesets

#: seeded games per scenario, and actions at most per game
SEEDS = (1, 2)
ACTIONS = 250


def cases() -> list:
    out = []
    for ruleset in [*rulesets(), Toy()]:
        for scenario in ruleset.scenarios:
            out.append(pytest.param(ruleset, scenario, id=f"{ruleset.name}-{scenario}"))
    return out


@pytest.mark.parametrize("ruleset, scenario", cases())
def test_undo_never_takes_back_a_reveal(ruleset, scenario):
    problems, checked = [], 0
    for seed in SEEDS:
        found, n = play_checking_reveals(ruleset, scenario, seed, ACTIONS)
        problems += found
        checked += n
    assert checked > 0, "no action could be undone: the check saw nothing"
    assert not problems, f"{len(problems)} reveals undo can pass:\n" + "\n".join(problems[:10])


def test_every_registered_game_is_in_the_suite():
    names = {r.name for r in rulesets()}
    assert {"hellenes", "earth-water"} <= names
    assert {p.values[0].name for p in cases()} == names | {"toy"}
