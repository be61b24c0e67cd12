"""Remembered answers are never stale: with every table of ``rules.remembered`` emptied, the
engine lists the same actions and an action leaves the same state as with the tables warm
(docs/engine.md, "Speed"). Seeded random games in all four scenarios, every decision."""

from __future__ import annotations

import random

import pytest

from hellenes_nb.game import new_game
from hellenes_nb.rules import remembered


def test_every_position_table_is_registered():
    import hellenes_nb.game  # noqa: F401  (imports every rules module)

    assert {"movement._FOUND", "movement._FACTS", "movement._OPEN_PICKS", "control._PLACED",
            "control._SIDE_PLACED", "actions._MOVES", "winter._MOVES"} <= set(remembered.names())


def test_set_aside_empties_the_tables_and_puts_them_back():
    game = new_game("431", seed=2)
    game.legal_actions()
    held = {name: len(remembered.table(name)) for name in remembered.names()}
    assert any(held.values())
    with remembered.set_aside():
        assert not any(remembered.table(name) for name in remembered.names())
        game.legal_actions()
    assert {name: len(remembered.table(name)) for name in remembered.names()} == held


@pytest.mark.parametrize("scenario,seed", [("431", 5), ("415", 3), ("413", 2), ("sicily", 4)])
def test_warm_and_cold_answers_agree(scenario, seed):
    game = new_game(scenario, seed)
    rng = random.Random(seed)
    decisions = 0
    while not game.over and decisions < 500:
        warm = game.legal_actions()
        cold_game = game.clone()
        with remembered.set_aside():
            cold = cold_game.legal_actions()
        assert warm == cold, f"listing {decisions} differs ({game.prompt.kind})"
        action = rng.choice(warm)
        game.apply(action)
        with remembered.set_aside():
            cold_game.apply(action)
        assert game.state.to_dict() == cold_game.state.to_dict(), f"action {decisions}: {action}"
        decisions += 1
    assert decisions >= 30
