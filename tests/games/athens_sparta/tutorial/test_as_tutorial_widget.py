"""The tutorial widget lists Athens & Sparta (issue 30 item 4): its chapter opens on the game's
own hex board (B's ASBoard) and a task is solved by the panel's buttons."""

from __future__ import annotations

import json

import pytest

from hellenes_nb.widgets.tutorial import TutorialWidget


@pytest.mark.rule("4.51")
def test_the_widget_plays_the_march_by_its_buttons(tmp_path):
    widget = TutorialWidget("as-march", progress=tmp_path / "progress.json")
    assert "athens-sparta" in [g["id"] for g in widget.panel.games]
    assert type(widget.own_board).__name__ == "ASBoard" and widget.map is None
    labels = [c["label"] for c in widget.panel.choices]
    widget.act(labels.index("spa-h1 marches to 0706"))
    assert widget.panel.status == "solved" and widget.panel.stars == 3
    saved = json.loads((tmp_path / "progress.json").read_text())
    assert saved["tasks"]["as-march"] == {"stars": 3}


@pytest.mark.rule("4.3")
def test_an_attack_at_abydos_leaves_the_task_unsolved_in_a_battle(tmp_path):
    widget = TutorialWidget("as-strait-abydos", progress=tmp_path / "progress.json")
    labels = [c["label"] for c in widget.panel.choices]
    widget.act(next(i for i, x in enumerate(labels) if x.startswith("spa-h1 moves to 1402")))
    assert widget.panel.status == "playing"  # not failed: the battle is on
    assert [c["label"] for c in widget.panel.choices] == ["spa-h1 fires", "spa-h1 retreats"]
