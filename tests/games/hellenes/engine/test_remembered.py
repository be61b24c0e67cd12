"""Remembered answers are never stale: with every table of ``rules.remembered`` emptied, the
engine lists the same actions and an action leaves the same state as with the tables warm
(docs/engine.md, "Speed"). Seeded random games in all four scenarios, every decision."""

from __future__ import annotations

import pytest

from hellenes_nb.core import remembered
from hellenes_nb.core.game import new_game
from hellenes_nb.games.hellenes.rules.winter import movement as wintering
from hellenes_nb.selfplay import play_one


def test_every_position_table_is_registered():
    import hellenes_nb.games.hellenes.steps  # noqa: F401  (imports every rules module)

    tables = {"movement.search._FOUND", "movement.occupancy._FACTS", "control._PLACED",
              "control._SIDE_PLACED", "actions.moves._MOVES", "actions.moves._MOVABLE",
              "winter.movement._MOVES", "battle.fighters._SAVED"}
    assert tables <= set(remembered.names())


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
    out = play_one(scenario, seed, max_decisions=500, check_caches=True)
    assert out["end"] in ("game_over", "decision_limit"), out.get("error")
    assert out["decisions"] >= 30


def test_a_stale_answer_is_caught(monkeypatch):
    """Break the key of winter's remembered moves (one setting for every position): the check
    must report the stale listing."""
    monkeypatch.setattr(wintering.Listing, "setting_key", lambda self: ())
    remembered.forget()
    try:
        out = play_one("415", 3, max_decisions=500, check_caches=True)
    finally:
        remembered.forget()
    assert out["end"] == "crash" and "stale" in out["error"], out
