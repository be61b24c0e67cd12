"""The tutorial widget driven from Python as its buttons and the map's clicks drive it."""

from __future__ import annotations

import json

import pytest

from hellenes_nb.widgets.tutorial import TutorialWidget


@pytest.fixture()
def widget(tmp_path):
    return TutorialWidget(progress=tmp_path / "progress.json")


def test_pick_by_clicking_an_area_solves_and_records_stars(widget, tmp_path):
    assert widget.panel.task == "click-a-port"
    widget.map.selected_area = "attica"  # as a click on Athens does
    assert widget.panel.status == "solved"
    assert widget.panel.stars == 3
    saved = json.loads((tmp_path / "progress.json").read_text())
    assert saved["tasks"]["click-a-port"] == {"stars": 3}


@pytest.mark.rule("5.0")
def test_a_click_the_engine_refuses_shows_its_reason_and_changes_nothing(widget):
    widget.choose_task("march-to-boeotia")
    game = widget.run.game
    before = list(game.state.loc)
    widget.map.select_unit("A1")
    widget.map.selected_area = "laconia"
    assert "Not possible" in widget.panel.refusal and "§5.0" in widget.panel.refusal
    assert list(game.state.loc) == before
    widget.map.select_unit("A1")
    widget.map.play("plataea")
    assert widget.panel.refusal == ""
    widget.map.select_unit("A2")
    widget.map.play("plataea")
    assert widget.panel.status == "solved"


def test_hint_show_me_and_the_panel_requests(widget):
    widget.panel.handle_request({"request": "open", "task": "build-a-step"})
    assert widget.panel.title == "Build up at home"
    widget.panel.handle_request({"request": "hint"})
    assert widget.panel.hint_text
    widget.panel.handle_request({"request": "show_me"})
    assert widget.panel.status == "solved" and widget.panel.stars == 0
    widget.panel.handle_request({"request": "act", "index": 99})
    assert "no longer offered" in widget.panel.refusal


def test_battle_task_stages_with_the_battle_widget(widget):
    widget.choose_task("combat-round")
    assert widget.battle is not None
    widget.pick("A2")
    assert widget.panel.status == "stage_done"
    widget.next()
    widget.battle.step()  # the battle widget's own "Next attack" button
    assert widget.panel.status == "stage_done"


def test_a_broken_progress_file_starts_afresh_with_a_notice(tmp_path):
    bad = tmp_path / "progress.json"
    bad.write_text("{not json", encoding="utf-8")
    w = TutorialWidget(progress=bad)
    assert "could not be read" in w.panel.notice


def _stars_in(path) -> dict[str, int]:
    return {t: e["stars"] for t, e in json.loads(path.read_text())["tasks"].items()}


def _solve_click_a_port(w):
    w.choose_task("click-a-port")
    w.map.selected_area = "attica"  # as a click on Athens does
    assert w.panel.status == "solved"


def _solve_build_a_step(w):
    w.choose_task("build-a-step")
    w.show_me()  # solved, 0 stars
    assert w.panel.status == "solved" and w.panel.stars == 0


def test_two_tutorials_open_at_once_keep_both_stars(tmp_path):
    """Issue 26 item 7: two cells (or notebooks) on one progress file; each solves its own
    task; neither write loses the other's stars, and the second shows both in its picker."""
    path = tmp_path / "progress.json"
    first, second = TutorialWidget(progress=path), TutorialWidget(progress=path)
    _solve_click_a_port(first)
    _solve_build_a_step(second)
    assert _stars_in(path) == {"click-a-port": 3, "build-a-step": 0}
    picker = {t["id"]: t["stars"] for c in second.panel.chapters for t in c["tasks"]}
    assert picker["click-a-port"] == 3 and picker["build-a-step"] == 0
    assert second.panel.total == 3


def test_progress_that_cannot_be_kept_still_shows_the_stars(tmp_path):
    """Issue 26 item 8: a folder at the progress path; the solving click shows 3 stars and
    says the progress cannot be kept, instead of raising OSError."""
    path = tmp_path / "progress.json"
    path.mkdir()
    w = TutorialWidget(progress=path)
    _solve_click_a_port(w)
    assert w.panel.stars == 3 and w.panel.total == 3
    assert "cannot be kept" in w.panel.notice and str(path) in w.panel.notice
    picker = {t["id"]: t["stars"] for c in w.panel.chapters for t in c["tasks"]}
    assert picker["click-a-port"] == 3


def test_show_me_records_no_stars_in_the_progress_file(tmp_path):
    """"Show me" solves with 0 stars; the file got 3, recorded while the shown board was
    loaded and before the run knew it was shown."""
    path = tmp_path / "progress.json"
    _solve_build_a_step(TutorialWidget(progress=path))
    assert _stars_in(path) == {"build-a-step": 0}


# -- every game's tutorial (issue 27 item 4) ---------------------------------------------------
def test_the_game_picker_lists_every_game_with_a_tutorial(widget):
    assert [g["id"] for g in widget.panel.games] == ["hellenes", "amphipolis", "athens-sparta",
                                                     "earth-water"]
    assert widget.panel.game == "hellenes"


@pytest.mark.rule("6.4")
def test_picking_earth_water_shows_its_board_and_its_tasks_solved_by_buttons(widget, tmp_path):
    widget.panel.handle_request({"request": "game", "game": "earth-water"})
    assert widget.panel.game == "earth-water" and widget.panel.task == "ew-roads"
    assert type(widget.own_board).__name__ == "EWBoardView" and widget.map is None
    assert widget.board.children == (widget.own_board,)
    assert [c["id"] for c in widget.panel.chapters][0] == "ew-board-and-preparation"
    drawn = widget.own_board.renders
    labels = [c["label"] for c in widget.panel.choices]
    widget.act(labels.index("Play #10 Evangelion to move instead (§6.3)"))
    labels = [c["label"] for c in widget.panel.choices]
    widget.act(labels.index("Move 2 armies from Sparta to Korinthos (§6.4)"))
    assert widget.own_board.renders > drawn  # the board follows the game
    assert widget.panel.status == "solved" and widget.panel.stars == 3
    saved = json.loads((tmp_path / "progress.json").read_text())
    assert saved["tasks"]["ew-roads"] == {"stars": 3}


def test_a_task_of_another_game_opens_that_games_tutorial(widget):
    widget.choose_task("ew-supply")
    assert widget.panel.game == "earth-water" and widget.panel.chapter == \
        "ew-battles-supply-scoring"
    widget.choose_task("click-a-port")
    assert widget.panel.game == "hellenes" and widget.map is not None


def test_an_unknown_game_from_the_page_is_refused_in_words(widget):
    widget.panel.handle_request({"request": "game", "game": "chess"})
    assert ("no game 'chess' has a tutorial; the games with one: hellenes, amphipolis, "
            "athens-sparta, earth-water") in widget.panel.refusal
    assert widget.panel.game == "hellenes" and widget.panel.task == "click-a-port"


@pytest.mark.rule("1.3")
def test_1_3_a_wrong_click_leaves_the_question_open_and_the_right_one_is_taken(widget):
    """Issue 28 item 1: after a wrong area the task stays open, Hint works, Attica solves."""
    widget.map.selected_area = "arcadia"  # as a click on Arcadia does: not a port
    assert widget.panel.status == "playing"
    assert "Arcadia" in widget.panel.message and "Try again" in widget.panel.message
    assert widget.hint()
    widget.map.selected_area = "attica"
    assert widget.panel.status == "solved" and widget.panel.stars == 2


def test_a_map_reading_task_shows_no_phase_in_the_map_header(widget):
    """Issue 28 item 1: "Find a port" is a question, not a turn: the map shows no prompt
    (the game's "action phase" meant nothing there); a task played in a phase keeps it."""
    assert widget.map.board["prompt"] == ""
    widget.choose_task("march-to-boeotia")
    assert widget.map.board["prompt"]
