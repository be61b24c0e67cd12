"""The first Athens & Sparta lesson (issue 30 item 4): first-olympiad-431 in the one lesson
format, checked by `hellenes lesson check` with other seeds, played to its end by the one
runner, its decision point branching on the engine, linked to and from the Hellenes Potidaea
lesson, on the timeline, and shown by the LessonWidget on the game's own board."""

from __future__ import annotations

import pytest

from hellenes_nb.cli import main
from hellenes_nb.games.athens_sparta.lessonkit import LESSONS
from hellenes_nb.games.athens_sparta.timeline import TIMELINE
from hellenes_nb.lessons.check import lessons_dir
from hellenes_nb.lessons.runner import Lesson

NAME = "first-olympiad-431"
FILE = lessons_dir() / "athens-sparta" / f"{NAME}.yaml"
HELLENES = lessons_dir() / "potidaea-432-431.yaml"


def test_the_lesson_passes_the_check_with_other_seeds(capsys):
    assert main(["lesson", "check", str(FILE), "--seeds", "3"]) == 0
    assert "lesson check passed" in capsys.readouterr().out


def test_the_lesson_and_the_hellenes_potidaea_lesson_name_each_other():
    assert NAME in HELLENES.read_text(encoding="utf-8")
    assert "potidaea-432-431" in FILE.read_text(encoding="utf-8")
    assert LESSONS.read(FILE).game == "athens-sparta"


@pytest.mark.rule("6.0")
def test_the_lesson_plays_to_its_end_and_potidaea_holds():
    lesson = Lesson(NAME)
    lesson.goto(2)
    b = lesson.game.state.board
    assert b.blocks["spa-h1"].where == "0807" and b.blocks["spa-h2"].where == "0807"
    lesson.goto(len(lesson.steps))
    assert lesson.at_end
    b = lesson.game.state.board
    assert b.besieged["potidaea"] == "athens" and b.blocks["cor-h2"].where == "0702"
    assert b.blocks["ath-n1"].where == "0208"  # the fleet round the Peloponnese
    assert "Olympiad 84, Game Turn 3" in lesson.view()["status"]  # turn 2 is over


@pytest.mark.rule("5.41")
def test_the_walls_keep_the_army_and_the_field_loses_it():
    lesson = Lesson(NAME)
    lesson.goto(4)
    walls = lesson.choose("walls")
    assert walls["matches_history"]
    kept = walls["game"].state.board.blocks
    assert all(kept[k].where == "0907" for k in ("ath-h1", "ath-h2", "ath-p1", "ath-c1"))
    field = lesson.choose("field")
    assert not field["matches_history"] and field["historical"] == "walls"
    lost = field["game"].state.board.blocks
    assert all(lost[k].where == "pool" for k in ("ath-h1", "ath-h2", "ath-p1", "ath-c1"))
    assert lost["spa-h1"].where == "0907"


def test_a_step_naming_a_hex_the_block_cannot_reach_is_refused_in_words(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text(FILE.read_text(encoding="utf-8").replace(
        '{type: sea, side: athens, block: ath-n1, to: "0208"}',
        '{type: sea, side: athens, block: ath-n1, to: "0610"}', 1), encoding="utf-8")
    assert main(["lesson", "check", str(bad)]) == 1
    out = capsys.readouterr()
    words = out.out + out.err
    assert "step 3 'Athens sends its fleet round the Peloponnese'" in words
    assert "0 legal actions match" in words and "Traceback" not in words


def test_the_timeline_places_the_lesson_in_431():
    shown = TIMELINE.lesson(FILE)
    assert (shown["first"], shown["last"]) == (431, 431)
    assert shown["opens"] == f'LessonWidget("{NAME}")'
    from hellenes_nb.widgets.timeline import TimelineWidget

    found = [x for x in TimelineWidget().lessons if x["id"] == NAME]
    assert found and found[0]["game"] == "Athens & Sparta"


def test_the_lesson_widget_shows_it_on_the_hex_board():
    from hellenes_nb.games.athens_sparta.widgets.board import ASBoard
    from hellenes_nb.widgets.lesson import LessonWidget

    widget = LessonWidget(NAME)
    widget.goto(2)
    assert isinstance(widget.board, ASBoard) and widget.board.svg
    assert "Thucydides 2.10.3" in widget.narrative.value
    assert "Olympiad 84, Game Turn 1" in widget.status.value
    widget.goto(4)  # the board stands where Pericles must choose
    assert widget.decision_box.layout.display is None
    widget.decision_buttons.children[1].click()  # fight in the field
    assert "History went another way" in widget.decision_result.value
    assert widget.board.game.state.board.blocks["ath-h1"].where == "pool"


def test_lesson_show_prints_the_steps_and_what_the_engine_did(capsys):
    assert main(["lesson", "show", NAME]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# The first summer of the war, 431 BC (Athens & Sparta")
    assert "## 4 / 5: Archidamus in Attica" in out and "- field: Fight in the field" in out
    assert "sparta moves a block from 0610 to 0807" in out
