"""The Amphipolis lesson in the one LessonWidget (issue 29 item 5b): the game's own board
follows the steps, the status line gives the turn and the victory points, a decision branches
on the engine, and the timeline widget lists the lesson under the game's name."""

from __future__ import annotations

import pytest

from hellenes_nb.games.amphipolis.widgets.board import AmphipolisBoard
from hellenes_nb.widgets.lesson import LessonWidget
from hellenes_nb.widgets.timeline import TimelineWidget

NAME = "nicias-mende-scione-423"


@pytest.fixture(scope="module")
def widget():
    return LessonWidget(NAME)


def test_the_lesson_shows_on_the_games_own_board(widget):
    widget.goto(3)
    assert isinstance(widget.board, AmphipolisBoard) and widget.map is None
    assert widget.board.viewer == "all" and widget.board.svg
    assert "Thucydides 4.130.2-5" in widget.narrative.value
    assert "Sparta retreats from Mendè to Skionè" in widget.narrative.value  # the engine's log
    assert "Turn 5: summer 423 BC" in widget.status.value


def test_a_decision_waits_for_the_class_then_branches(widget):
    widget.goto(1)  # the board stands where Nicias must choose
    assert widget.decision_box.layout.display is None
    assert [b.description for b in widget.decision_buttons.children][1].startswith("2. Scione")
    widget.decision_buttons.children[1].click()  # Scione first
    assert "History went another way" in widget.decision_result.value
    assert "Nicias went for Mende" in widget.decision_result.value
    assert widget.board.game is widget.session.game  # the board shows the branch
    assert widget.board.game.state.garrison["O2"] == 1  # Skionè's garrison still Spartan
    widget.next()
    assert widget.lesson.number == 2


def test_the_timeline_widget_lists_the_lesson_under_amphipolis():
    timeline = TimelineWidget()
    found = [x for x in timeline.lessons if x["id"] == NAME]
    assert found and found[0]["game"] == "Amphipolis" and found[0]["first"] == 423
