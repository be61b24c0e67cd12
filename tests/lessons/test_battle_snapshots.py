"""The engine tells a lesson each step of the battle it fights (rules/battle/watch.py), and the
lesson keeps them in the step's battle record: what the lesson's battle board shows instead of
fighting the battle again (issue 27 item 7). Watching changes nothing in the game."""

from __future__ import annotations

import contextlib

import pytest

from hellenes_nb.games.hellenes import lessonscript
from hellenes_nb.games.hellenes.rules.battle import watch
from hellenes_nb.lessons import Lesson

#: battle steps: an assault, a sea battle and a landing at Pylos, and the field at Delium
STEPS = [("pylos-425", 6), ("pylos-425", 7), ("pylos-425", 11), ("delium-424", 3)]


def _attacks(snapshot: dict) -> list[list[int]]:
    return [e["dice"] for e in snapshot["log"] if e["kind"] == "attack"]


@pytest.mark.rule("6.2")
@pytest.mark.parametrize(("name", "step"), STEPS)
def test_6_2_the_record_holds_the_battle_step_by_step(name, step, world):
    lesson = Lesson(name, world=world)
    lesson.goto(step)
    record = lesson.run.battle
    snaps = record.snapshots
    assert snaps, "the engine told the lesson of its battle"
    assert _attacks(snaps[0]) == [] and snaps[0]["outcome"] is None, "first: as revealed"
    for before, after in zip(snaps, snaps[1:], strict=False):
        assert len(after["log"]) > len(before["log"]) or after["prompt"] != before["prompt"]
        assert after["log"][:len(before["log"])] == before["log"], "one battle, going on"
        assert len(_attacks(after)) - len(_attacks(before)) <= 1, "at most one attack a step"
    last = snaps[-1]
    assert last["outcome"] is not None and last["outcome"]["winner"] == record.winner
    assert [f for dice in _attacks(last) for f in dice] == record.dice()
    assert not watch.WATCHERS, "the lesson stops watching when the step is played"


@pytest.mark.rule("6.2")
def test_6_2_watching_a_battle_changes_nothing_in_the_game(world, monkeypatch):
    """The same steps played with and without the watcher leave the same game and log."""
    watched = Lesson("pylos-425", world=world)
    watched.goto(7)
    monkeypatch.setattr(lessonscript, "watching", lambda _w: contextlib.nullcontext())
    unwatched = Lesson("pylos-425", world=world)
    unwatched.goto(7)
    assert unwatched.run.battle.snapshots == []
    assert watched.state.to_dict() == unwatched.state.to_dict()
    assert [e["text"] for e in watched.game.log_for("all", 0)] == \
        [e["text"] for e in unwatched.game.log_for("all", 0)]


def test_a_step_that_fails_stops_watching(world):
    lesson = Lesson("pylos-425", world=world)
    lesson.goto(5)
    step = lesson.spec.steps[5].model_copy(update={"actions": ({"type": "nonsense"},),
                                                   "items": ("nonsense",)})
    with pytest.raises(lessonscript.ScriptError):
        lessonscript.play_step(lesson.game.clone(), step)
    assert not watch.WATCHERS
