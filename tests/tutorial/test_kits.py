"""One tutorial engine for every game (issue 27 item 4): a chapter names its game, the engine
asks that game's tutorial kit (core/catalog.py, TutorialKit) to build, judge and check its
tasks, and names no game itself."""

from __future__ import annotations

import dataclasses

import pytest
from support.toygame import Toy
from tutorial.test_check import GOOD_TASK

from hellenes_nb.core.catalog import (
    GamePlugin,
    register_game,
    tutorial_games,
    tutorial_kit,
    unregister_game,
)
from hellenes_nb.tutorial.catalog import find_task
from hellenes_nb.tutorial.check import check_paths
from hellenes_nb.tutorial.run import TaskRun


def _chapter(tmp_path, game: str | None) -> str:
    path = tmp_path / "01-kit.yaml"
    path.write_text("format: hellenes-tutorial 1\nchapter: 1\nid: kit\ntitle: Kit\n"
                    + (f"game: {game}\n" if game is not None else "")
                    + "tasks:\n" + GOOD_TASK, encoding="utf-8")
    return str(path)


def test_the_home_game_has_a_tutorial_kit_and_an_unknown_game_is_named():
    home = tutorial_kit()
    assert tutorial_kit("hellenes") is home
    assert [name for name, _ in tutorial_games()][0] == "hellenes"
    with pytest.raises(ValueError, match="'nosuch' has no tutorial; the games with one: "
                                         "hellenes"):
        tutorial_kit("nosuch")


def test_a_chapter_of_a_game_without_a_tutorial_is_refused_in_words(tmp_path):
    problems = [str(p) for p in check_paths([_chapter(tmp_path, "nosuch")]).problems]
    assert len(problems) == 1
    assert "game" in problems[0] and "'nosuch' has no tutorial" in problems[0]


def test_a_chapter_without_a_game_is_the_home_games_and_passes(tmp_path):
    assert [str(p) for p in check_paths([_chapter(tmp_path, None)]).problems] == []


def test_the_engine_judges_a_task_by_its_games_kit(tmp_path):
    """A registered game whose kit judges every goal met at once: the checker, through that
    kit, finds the goal met before the learner moves (the Hellenes kit would not)."""
    lazy = dataclasses.replace(tutorial_kit(), unmet=lambda goal, scene: [])
    plugin = register_game(GamePlugin(Toy(), tutorial=lazy))
    try:
        problems = [str(p) for p in check_paths([_chapter(tmp_path, "toy")]).problems]
    finally:
        unregister_game(plugin)
    assert len(problems) == 1 and "already met before the learner moves" in problems[0]


def test_a_run_takes_the_kit_of_its_task_and_plays_through_it():
    _chapter_spec, task = find_task("click-a-port")
    run = TaskRun(task)
    assert run.kit is tutorial_kit()
    run.pick("attica")
    assert run.status == "solved"
