"""A step's ``check`` answers like ``why_illegal`` and hands what it made (a move's plan) to
``apply_checked``; applying with that plan or planning afresh (``apply``) gives the same state
(docs/engine.md, "Speed"). §5.0 group moves and §9.21 free wintering moves."""

from __future__ import annotations

import random

import pytest

from hellenes_nb.core.game import new_game
from hellenes_nb.games.hellenes.steps import STEPS


def _first(kind: str, move_type: str, seed: int = 3):
    """A 431 game at its first ``kind`` decision offering a ``move_type`` action."""
    game = new_game("431", seed)
    rng = random.Random(seed)
    while not game.over:
        legal = game.legal_actions()
        moves = [a for a in legal if a["type"] == move_type]
        if game.state.stack[-1]["kind"] == kind and moves:
            return game, moves
        game.apply(rng.choice(legal))
    pytest.fail(f"no {kind} decision with a {move_type} in the game")


@pytest.mark.parametrize("kind,move_type", [("group_move", "move"),
                                            ("winter_actions", "winter_move")])
def test_check_hands_its_plan_and_both_applies_agree(kind, move_type):
    game, moves = _first(kind, move_type)
    for action in moves[:5]:
        st = game.state
        step = STEPS.step_for(st.stack[-1])
        with_plan, without = st.clone(), st.clone()
        reason, plan = step.check(with_plan, with_plan.stack[-1], action)
        assert reason is None and plan is not None
        assert step.why_illegal(without, without.stack[-1], action) is None
        step.apply_checked(with_plan, with_plan.stack[-1], action, plan)
        step.apply(without, without.stack[-1], action)
        assert with_plan.to_dict() == without.to_dict()
        assert list(with_plan.log) == list(without.log)


def test_a_refused_move_gives_its_reason_and_no_plan():
    game, moves = _first("group_move", "move")
    st = game.state
    step = STEPS.step_for(st.stack[-1])
    bad = {**moves[0], "path": ["no_such_area"]}
    reason, plan = step.check(st, st.stack[-1], bad)
    assert plan is None and "no_such_area" in str(reason)
    assert str(step.why_illegal(st, st.stack[-1], bad)) == str(reason)
