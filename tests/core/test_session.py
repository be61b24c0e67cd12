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


def test_labels_come_with_the_actions_as_the_moves_are_played(session):
    """The label kept for the replay is the one the action brings (the engine's, when it was
    taken from legal_actions or the prompt's choices); an action without one gets None and
    the replay names it from the position before it."""
    action = _first(session)
    session.apply({k: v for k, v in action.items() if k != "label"})  # a label-less action
    assert session.labels == [None]
    session.undo()
    assert session.labels == []
    session.apply(action)
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


def test_an_apply_does_not_list_the_legal_actions_to_find_a_label(session, monkeypatch):
    """Issue 27 item 7: the label comes with the action; the session no longer lists every
    legal action of the side on each apply to look it up."""
    action = _first(session)
    listed: list[str] = []
    real = session.game.legal_actions
    monkeypatch.setattr(session.game, "legal_actions",
                        lambda side=None: listed.append(side) or real(side))
    session.apply(action)
    assert listed == [] and session.labels == [action["label"]]


def _route_refused_halfway(session, monkeypatch) -> list[dict]:
    """Make the ruleset's route give a legal first action, then one the rules refuse."""
    first = _first(session)
    refused = {"type": "end_actions", "side": "athens"}
    ruleset = session.game.ruleset
    monkeypatch.setattr(ruleset, "route", lambda game, side, piece, dest: [first, refused])
    return [first, refused]


def test_a_route_refused_halfway_leaves_the_game_unchanged(session, monkeypatch):
    """Issue 27 item 7: GameSession.go goes through the atomic Game.go, so when a later move
    of a route is refused the first moves are not left applied, and nobody is told."""
    told = _counter(session)
    _route_refused_halfway(session, monkeypatch)
    before, history = session.game.to_json(), list(session.game.history)
    with pytest.raises(IllegalAction):
        session.go("athens", "attica", "megaris")
    assert session.game.history == history and session.game.to_json() == before
    assert told == [] and session.labels == []


def test_a_route_is_told_once_with_the_labels_of_its_moves(session, monkeypatch):
    told = _counter(session)
    first = _first(session)
    ruleset = session.game.ruleset
    monkeypatch.setattr(ruleset, "route", lambda game, side, piece, dest: [first])
    session.go("athens", "attica", "megaris")
    assert told == ["apply"]
    assert session.labels == [first["label"]] and len(session.game.history) == 1
