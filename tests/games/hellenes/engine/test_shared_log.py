"""The event log shared between clones with copy-on-append (docs/engine.md, ``State.event``)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.hellenes_mini_world import position

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.hellenes.state import EventLog, State


def base() -> State:
    s = position({"S1": ("laconia", 3)})
    s.log = []
    s.event("start", "0", "first event")
    return s


def kinds(s: State) -> list[str]:
    return [e["kind"] for e in s.log]


def test_clone_events_never_reach_the_original_and_back():
    s = base()
    c = s.clone()
    c.event("in_clone", "0", "clone only")
    assert kinds(s) == ["start"] and kinds(c) == ["start", "in_clone"]
    s.event("in_original", "0", "original only")
    assert kinds(s) == ["start", "in_original"]
    assert kinds(c) == ["start", "in_clone"]
    c.event("again", "0", "clone again")
    assert kinds(s) == ["start", "in_original"]
    assert kinds(c) == ["start", "in_clone", "again"]


def test_two_clones_of_one_state_append_independently():
    s = base()
    a, b = s.clone(), s.clone()
    a.event("a1", "0", "a")
    b.event("b1", "0", "b")
    a.event("a2", "0", "a")
    b.event("b2", "0", "b")
    assert kinds(a) == ["start", "a1", "a2"]
    assert kinds(b) == ["start", "b1", "b2"]
    assert kinds(s) == ["start"]
    assert a.to_dict()["log"] == [e for e in a.log]
    assert State.from_dict(json.loads(json.dumps(b.to_dict())), b.ix) == b


def test_a_log_taken_earlier_is_a_snapshot():
    s = base()
    before = s.log
    s.event("later", "0", "after the snapshot")
    c = s.clone()
    c.event("clone", "0", "in the clone")
    assert len(before) == 1 and list(before) == [s.log[0]]
    assert len(s.log) == 2


def test_event_log_reads_like_a_list():
    s = base()
    for k in ("b", "c"):
        s.event(k, "0", k)
    c = s.clone()
    c.event("d", "0", "hidden from s")
    log = s.log
    assert isinstance(log, EventLog)
    assert [e["kind"] for e in log[1:]] == ["b", "c"] and isinstance(log[1:], list)
    assert log[-1]["kind"] == "c" and log[0]["kind"] == "start"
    assert [e["kind"] for e in reversed(log)] == ["c", "b", "start"]
    assert log == list(log) and list(log) == log and log != list(log)[:2]
    assert c.log[-1] not in log
    with pytest.raises(IndexError, match="holds 3 events"):
        log[3]
    with pytest.raises(IndexError):
        log[-4]
    with pytest.raises(AttributeError):
        log.append({"kind": "x"})  # type: ignore[attr-defined]


def test_assigning_a_log_replaces_it_for_this_state_only():
    s = base()
    c = s.clone()
    c.log = []
    c.event("fresh", "0", "new log")
    assert kinds(c) == ["fresh"] and kinds(s) == ["start"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 50)), max_size=40))
def test_any_mix_of_clones_and_appends_matches_private_logs(ops):
    """Invariant: however clones and appends interleave, every state's log equals the log it
    would have if every clone had copied the whole list."""
    states, model = [base()], [["start"]]
    for i, (clone, pick) in enumerate(ops):
        j = pick % len(states)
        if clone:
            states.append(states[j].clone())
            model.append(model[j][:])
        else:
            states[j].event(f"e{i}", "0", "step")
            model[j].append(f"e{i}")
        assert all(kinds(s) == m for s, m in zip(states, model, strict=True))


def test_undo_save_and_replay_see_the_same_log():
    game = Game.new("431", 7)
    rng = random.Random(7)
    undone = 0
    for _ in range(60):
        kept = list(game.log)
        twin = game.clone()
        game.apply(rng.choice(game.legal_actions()))
        assert list(twin.log) == kept and game.log[: len(kept)] == kept
        try:
            game.undo()
        except IllegalAction:
            continue
        undone += 1
        assert list(game.log) == kept
        game.apply(rng.choice(game.legal_actions()))
        twin.apply(rng.choice(twin.legal_actions()))
        assert list(game.log[: len(kept)]) == kept == list(twin.log[: len(kept)])
    assert undone > 0
    assert Game.replay("431", 7, game.history).log == game.log
    assert Game.from_json(game.to_json()).log == game.log
