"""One session per game: every change is told to every observer exactly once
(``hellenes_nb.core.session``)."""

from __future__ import annotations

import pytest

import hellenes_nb
from hellenes_nb.core.session import GameSession
from hellenes_nb.core.steps import IllegalAction


@pytest.fixture()
def session():
    return GameSession(hellenes_nb.new_game("431", seed=3))


def _counter(session: GameSession) -> list[str]:
    told: list[str] = []
    session.observe(told.append)
    return told


def _first(session: GameSession) -> dict:
    game = session.game
    side = game.prompt.side if game.prompt.side != "both" else "athens"
    return game.legal_actions(side)[0]


def test_one_notice_per_apply_undo_and_load(session):
    told = _counter(session)
    session.apply(_first(session))
    assert told == ["apply"]
    session.undo()
    assert told == ["apply", "undo"]
    session.load(hellenes_nb.new_game("431", seed=4))
    assert told == ["apply", "undo", "load"]


def test_a_refused_action_tells_nobody_and_changes_nothing(session):
    told = _counter(session)
    before = session.game.to_json()
    with pytest.raises(IllegalAction):
        session.apply({"type": "end_actions", "side": "athens"})
    assert told == [] and session.game.to_json() == before


def test_a_batch_and_a_move_of_several_actions_tell_once(session):
    told = _counter(session)
    with session.batch():
        for _ in range(3):
            session.apply(_first(session))
    assert told == ["apply"] and len(session.game.history) >= 3


def test_a_change_made_while_telling_starts_the_round_again(session):
    """The first observer answers a move (as the computer does): the second observer hears
    only of the position after the answer, once."""
    seen: list[int] = []

    def answer(change: str) -> None:
        if len(session.game.history) == 1:
            session.apply(_first(session))

    session.observe(answer)
    session.observe(lambda change: seen.append(len(session.game.history)))
    session.apply(_first(session))
    assert seen == [2]


def test_labels_are_the_engines_kept_as_the_moves_are_played(session):
    action = _first(session)
    session.apply({k: v for k, v in action.items() if k != "label"})  # a label-less action
    assert session.labels == [action["label"]]
    session.undo()
    assert session.labels == []
    session.apply({**action, "label": "a label the caller made up"})
    assert session.labels == [action["label"]]
    second = _first(session)
    session.apply(second)
    assert session.labels == [action["label"], second["label"]]
    assert len(session.labels) == len(session.game.history)
    loaded = hellenes_nb.new_game("431", seed=3)
    loaded.apply(action)
    session.load(loaded)  # the same first move: its label is kept
    assert session.labels == [action["label"]]
    session.load(hellenes_nb.new_game("431", seed=9).clone())
    assert session.labels == []
