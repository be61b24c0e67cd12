"""The lesson "Xerxes' invasion, 480-479 BC" on the 300: Earth & Water engine: it plays to the
end on ten seeds with every check holding, and a broken lesson is reported by step."""

from __future__ import annotations

import re

from hellenes_nb.cli import main
from hellenes_nb.games.earth_water.lesson import (
    check_lesson,
    lesson_game,
    read_lesson,
    run_step,
)
from hellenes_nb.lessons.runner import lessons_dir

XERXES = lessons_dir() / "earth-water" / "xerxes-480-479.yaml"


def test_the_lesson_plays_on_ten_seeds(capsys):
    assert check_lesson(XERXES, range(10)) == []
    assert main(["lesson", "check", str(XERXES), "--seeds", "10"]) == 0
    assert "lesson check passed: 1 lesson file(s)" in capsys.readouterr().out


def test_every_step_cites_herodotus_by_book_and_chapter():
    lesson = read_lesson(XERXES)
    titles = [s.title for s in lesson.steps]
    assert titles == ["The bridge over the Hellespont", "The wooden walls", "Thermopylae",
                      "Artemisium", "Athens burns", "Salamis", "Plataea"]
    for step in lesson.steps:
        assert step.sources and all(re.fullmatch(r"Herodotus [789]\.\d+(-\d+)?", s)
                                    for s in step.sources)
        assert step.question


def test_the_battles_end_as_herodotus_tells():
    lesson = read_lesson(XERXES)
    game = lesson_game(lesson, seed=3)
    events = [run_step(game, step) for step in lesson.steps]
    thermopylae = [e for e in events[2] if e["kind"] == "battle_round"]
    assert [r["lost"] for r in thermopylae] == [[False, True], [True, False]]
    assert any(e["kind"] == "artemisia" for e in events[5])
    assert any(e["kind"] == "pausanias" for e in events[6])


def test_a_broken_step_is_named(tmp_path):
    broken = tmp_path / "xerxes-broken.yaml"
    broken.write_text(XERXES.read_text().replace("from: larissa, to: delphi, armies: 3",
                                                 "from: larissa, to: delphi, armies: 9"))
    problems = check_lesson(broken, range(2))
    assert problems[0].startswith("seed 0, step 3 'Thermopylae': 0 legal actions match")
    bad = tmp_path / "xerxes-bad.yaml"
    bad.write_text(XERXES.read_text().replace("campaign: 3", "campaign: 9"))
    assert "campaign: should be from 1 to 5" in check_lesson(bad)[0]


def test_the_lesson_is_listed_checked_and_shown_from_its_game_folder(capsys):
    """lessons/earth-water/ holds this game's lessons, apart from the Hellenes lessons in
    lessons/ (whose tools read that folder's *.yaml as Hellenes lessons)."""
    assert main(["lesson", "list"]) == 0
    assert "xerxes-480-479: Xerxes' invasion" in capsys.readouterr().out
    assert main(["lesson", "show", "xerxes-480-479"]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("# Xerxes' invasion, 480-479 BC (300: Earth & Water)")
    assert "## 3 / 7: Thermopylae" in shown and "Herodotus 7." in shown
