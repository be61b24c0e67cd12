"""A lesson battle is fought once (issue 27 item 7): the lesson widget's battle board shows the
battle the engine fought when the lesson played the step, attack by attack, and builds no
second battle. Its dice, hits, routs and final strengths are the engine's own."""

from __future__ import annotations

import pytest

from hellenes_nb.games.hellenes import battlelab
from hellenes_nb.games.hellenes.battlelab import BattleError
from hellenes_nb.games.hellenes.rules.battle import combat
from hellenes_nb.games.hellenes.widgets import battle as battle_board
from hellenes_nb.games.hellenes.world import load_world
from hellenes_nb.lessons import Lesson
from hellenes_nb.widgets.lesson import LessonWidget

_WORLD = load_world()

#: every battle of the Pylos and Delium lessons (an assault, a sea battle, a landing, a field
#: battle) and the two sea battles of Phormio's lesson
BATTLES = {"pylos-425": (6, 7, 11), "delium-424": (3,), "phormio-naupactus-429": (3, 6)}


def _no_second_battle(monkeypatch) -> None:
    """From here on, setting a battle up again, or fighting one, raises."""

    def refuse(*_a, **_k):
        raise AssertionError("a second battle was built or fought")

    monkeypatch.setattr(battlelab.BattleLab, "__init__", refuse)
    monkeypatch.setattr(battle_board, "BattleLab", refuse)
    monkeypatch.setattr(combat.Battle, "step", refuse)
    monkeypatch.setattr(combat.Battle, "choose", refuse)
    monkeypatch.setattr(combat.Battle, "run", refuse)


@pytest.mark.rule("6.2")
@pytest.mark.parametrize("name", sorted(BATTLES))
def test_6_2_the_board_shows_the_battle_the_engine_fought(name, monkeypatch):
    lesson = Lesson(name, world=_WORLD)
    seen = {}
    for n in BATTLES[name]:  # the lesson plays its steps (and their battles) here, once
        lesson.goto(n)
        seen[n] = (lesson.run.battle, lesson.game.state.clone())
    lesson.goto(1)
    widget = LessonWidget(lesson, speed="instant")  # (builds its board at the first battle)
    _no_second_battle(monkeypatch)
    for n, (record, state) in seen.items():
        widget.goto(n)
        board = widget.battle
        assert board is not None and not board.history.height, "it opens before any attack"
        shown = []  # each attack as the board shows it, one "Next attack" at a time
        while not board.battle.over:
            if board.battle.prompt is not None:
                board.choose(board.lesson_choice())
                continue
            before = board.history.height
            board.step()  # one attack, or on to a retreat question (§6.4)
            if board.history.height == before:
                assert board.battle.prompt is not None or board.battle.over
                continue
            assert board.history.height == before + 1, "one attack at a time"
            last = board.last_attack
            shown.append((last["by"], [d["face"] for d in last["dice"]], last["hits"],
                          last["routs"]))
        assert [a[1] for a in shown] == [list(d) for d in _dice_by_attack(record)]
        faces = [f for a in shown for f in a[1]]
        assert faces == record.dice() and board.forced == []
        ix = state.ix
        logged = [(e["block"], list(e["dice"]), e["hits"], e["routs"])
                  for e in widget.lesson.game.log_for("all", 0)
                  if e["kind"] == "battle_attack"
                  and e.get("place") == ix.place(record.place)][-len(shown):]
        assert shown == logged, "who attacked, with which dice, hitting and routing how often"
        out = board.battle.outcome
        assert (out.winner, out.how, out.prestige) == (record.winner, record.how,
                                                       record.prestige)
        for f in board.battle.fighters:  # the strengths the step left on the map
            if not f.key.startswith("garrison:"):
                u = ix.unit(f.key)
                assert f.cv == state.cv[u] or (f.cv == 0 and state.loc[u] < 0), f.key


def _dice_by_attack(record) -> list[tuple[int, ...]]:
    return [tuple(e["dice"]) for e in record.events if e["kind"] == "battle_attack"]


@pytest.mark.rule("6.4")
def test_6_4_another_answer_to_a_retreat_question_points_to_take_command():
    w = LessonWidget(Lesson("pylos-425", world=_WORLD), speed="instant")
    w.goto(6)
    board = w.battle
    while board.battle.prompt is None:
        board.step()
    at, blocks = board.history.height, board.blocks
    answer = board.lesson_choice()
    other = next(c for c in board.battle.prompt.choices if c != answer)
    w.attempt(lambda: board.choose(other))
    assert "Take command" in w.error.value and "§6.4" in w.error.value
    assert (board.history.height, board.blocks) == (at, blocks), "the board is where it was"
    with pytest.raises(BattleError, match="not an answer"):
        board.choose("surrender")
    board.choose(answer)
    assert board.battle.prompt is None


def test_whole_round_whole_battle_and_replay_walk_the_record():
    w = LessonWidget(Lesson("pylos-425", world=_WORLD), speed="instant")
    w.goto(6)
    board, record = w.battle, w.lesson.run.battle
    board.run_round()
    assert board.battle.round == 2 and board.forced == record.dice()[len(_played(board)):]
    board.run_battle()
    assert board.battle.over and _played(board) == record.dice()
    with pytest.raises(BattleError, match="over"):
        board.step()
    board.replay()
    assert not _played(board) and board.forced == record.dice() and not board.battle.over
    for refused in (board.appeal_ares, board.accept_dice, lambda: board.force_dice([6])):
        with pytest.raises(BattleError):
            refused()


def _played(board) -> list[int]:
    return [f for row in board.history.iter_rows(named=True) for f in row["dice"]]


def test_the_board_reads_the_battle_from_the_lessons_view():
    """The widget takes the step's battle from ``Lesson.view()`` (issue 27 item 7), not from
    the lesson's run."""

    class Told(Lesson):
        def view(self):
            v = super().view()
            if v["battle"]:
                v["battle"] = {**v["battle"], "title": "Told by the view",
                               "note_html": "<p>noted by the view</p>"}
            return v

    w = LessonWidget(Told("delium-424", world=_WORLD), speed="instant")
    w.goto(3)
    assert w.battle.title == "Told by the view"
    assert w.battle_note.value == "<p>noted by the view</p>"
