"""The Xerxes lesson (300: Earth & Water) in the one LessonWidget, driven from Python: the
narrative with its sources, the game's own board following the steps, Next/Back/Go to, the
decision points branching on the engine, the class questions and taking command (issue 27,
item 3). The browser test is tests/ui/test_lesson_ui.py."""

from __future__ import annotations

import pytest

from hellenes_nb.games.earth_water.widgets.board import EWBoardView
from hellenes_nb.lessons.check import open_lesson
from hellenes_nb.lessons.runner import Lesson, LessonError
from hellenes_nb.widgets.dashboard import Dashboard
from hellenes_nb.widgets.lesson import LessonWidget

NAME = "xerxes-480-479"


def _city(game, name):
    return next(c for c in game.view("all")["cities"] if c["id"] == name)


@pytest.fixture(scope="module")
def widget():
    return LessonWidget(NAME)


def test_a_packaged_lesson_opens_by_name_through_its_games_kit():
    lesson = open_lesson(NAME)
    assert isinstance(lesson, Lesson) and len(lesson.steps) == 7
    with pytest.raises(ValueError, match="no lesson called 'no-such'"):
        open_lesson("no-such")


def test_the_xerxes_lesson_shows_on_the_games_own_board(widget):
    widget.goto(1)
    assert isinstance(widget.board, EWBoardView) and widget.map is None
    assert widget.board.viewer == "all" and widget.board.svg  # the whole board, drawn
    assert widget.progress.max == 7 and "1 / 7" in widget.progress_text.value
    text = widget.narrative.value
    assert "Introduction" in text and "Herodotus 7.33-36" in text
    assert "§5.1" in widget.narrative.value  # the rules the step's text cites
    assert "Persia builds the pontoon bridge" in widget.narrative.value  # what the engine did
    assert "Campaign 3 of 5" in widget.status.value
    assert set(widget.board.requests) == {"select"}  # only looking (refused below)
    assert "bridge" in widget.board.game.view("all")["flags"]


def test_next_back_and_go_to_move_the_board_with_the_lesson(widget):
    widget.goto(1)
    widget.next()
    assert widget.jump.value == 2 and _city(widget.board.game, "athenai")["fleets"]["greece"] == 4
    widget.back()
    assert _city(widget.board.game, "athenai")["fleets"]["greece"] == 2
    widget.jump.value = 7  # the Go to list
    assert widget.lesson.number == 7 and "Summary" in widget.narrative.value
    assert widget.next_button.disabled


def test_a_decision_waits_for_the_class_then_branches_on_the_engine(widget):
    widget.goto(3)  # Thermopylae: the board stands where Greece must decide
    assert widget.decision_box.layout.display is None
    assert [b.description for b in widget.decision_buttons.children][1].startswith("2. Keep")
    assert _city(widget.board.game, "delphi")["armies"] == {"greece": 1, "persia": 3}
    widget.decision_buttons.children[1].click()  # keep the card
    assert "History went another way" in widget.decision_result.value
    assert "Persia leads by 1 (§4.5)" in widget.status.value
    assert widget.board.game is widget.session.game  # the board shows the branch
    assert _city(widget.board.game, "delphi")["armies"] == {"greece": 0, "persia": 3}
    assert "rolls" in widget.narrative.value  # the battle's dice, round by round
    widget.next()
    widget.back()  # the lesson itself went on as history did
    widget.goto(4)
    assert _city(widget.lesson.left(2), "delphi")["armies"] == {"greece": 0, "persia": 2}


def test_the_class_question_is_shown_without_a_reveal_button(widget):
    widget.goto(2)
    assert "What else could it do with its money" in widget.question_html.value
    assert widget.reveal_button.layout.display == "none"
    widget.attempt(widget.reveal)
    assert "for the class to discuss" in widget.error.value


def test_take_command_plays_on_from_the_step_on_a_live_board(widget):
    widget.goto(2)
    board = widget.take_command("bot", "persia")
    assert isinstance(board, Dashboard) and isinstance(board.map, EWBoardView)
    assert board.human == "persia" and board.mode == "bot"
    assert board.game.origin == {"kind": "lesson", "name": NAME, "step": 2}
    assert board.game is not widget.board.game and widget.lesson.number == 2
    widget.attempt(lambda: widget.take_command("bot", "athens"))
    assert "side must be &#x27;greece&#x27; or &#x27;persia&#x27;" in widget.error.value
    widget.next()
    assert widget.command is None  # another step closes the live game


def test_a_refused_step_is_said_in_words_with_the_lesson_unchanged(widget):
    widget.goto(1)
    widget.attempt(lambda: widget.goto(9))
    assert "steps run from 1 to 7" in widget.error.value and widget.lesson.number == 1
    with pytest.raises(LessonError, match="first step"):
        widget.lesson.back()


def test_the_page_cannot_play_on_the_lessons_board(widget):
    widget.goto(2)
    before = widget.board.game.view("all")
    for request in ({"request": "select", "city": "athenai"},):
        widget.board.handle_request(request)
        assert "cannot be played; use Take command" in widget.board.message
    assert widget.board.game.view("all") == before and widget.lesson.number == 2
    dash = widget.take_command("hotseat")
    dash.ready()  # the hand-over: the first side takes the screen
    dash.map.handle_request({"request": "select", "city": "athenai"})
    assert dash.map.selected == "athenai" and "Take command" not in dash.map.message
