"""The tutorial widget lists Amphipolis (issue 29 item 5): its chapter opens on the game's own
board and a task is solved by the panel's buttons, the stars kept in the progress file."""

from __future__ import annotations

import json

import pytest

from hellenes_nb.widgets.tutorial import TutorialWidget


@pytest.mark.rule("9")
def test_the_widget_plays_the_initiative_example_by_its_buttons(tmp_path):
    widget = TutorialWidget(game="amphipolis", progress=tmp_path / "progress.json")
    assert "amphipolis" in [g["id"] for g in widget.panel.games]
    assert widget.panel.task == "amph-initiative"
    assert type(widget.own_board).__name__ == "AmphipolisBoard" and widget.map is None
    labels = [c["label"] for c in widget.panel.choices]
    widget.act(labels.index("use the Advantage: +2 PA"))
    assert widget.panel.status == "solved" and widget.panel.stars == 3
    saved = json.loads((tmp_path / "progress.json").read_text())
    assert saved["tasks"]["amph-initiative"] == {"stars": 3}


def test_a_wrong_choice_fails_the_task_in_words(tmp_path):
    widget = TutorialWidget("amph-initiative", progress=tmp_path / "progress.json")
    labels = [c["label"] for c in widget.panel.choices]
    widget.act(labels.index("keep the Advantage"))
    assert widget.panel.status == "failed"
    assert "Sparta should have 7 PA (now 5)" in widget.panel.message
