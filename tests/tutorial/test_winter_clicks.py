"""A click on the map in winter takes the free wintering move, not a paid group move
(§9.211, §9.212): the tutorial's winter tasks are played by clicking, as any game is."""

from __future__ import annotations

import pytest

from hellenes_nb.widgets.tutorial import TutorialWidget


@pytest.fixture()
def widget(tmp_path):
    return TutorialWidget("quartering-example", progress=tmp_path / "progress.json")


@pytest.mark.rule("9.211")
def test_9_211_clicking_a_quartering_city_costs_no_action(widget):
    widget.pick("troad")
    widget.next()
    game = widget.run.game
    left = game.state.actions_left
    widget.map.select_unit("A12")
    widget.map.play("troad")
    assert game.state.actions_left == left
    assert [e["kind"] for e in game.log if e.get("kind") == "activate"] == []
    assert widget.panel.status == "solved" and widget.panel.stars == 3


@pytest.mark.rule("9.212")
def test_9_212_clicking_home_is_a_free_homing_move(widget):
    widget.choose_task("homing-example")
    game = widget.run.game
    left = game.state.actions_left
    widget.map.select_unit("A12")
    widget.map.play("attica")
    assert game.state.actions_left == left
    assert widget.panel.status == "stage_done"
