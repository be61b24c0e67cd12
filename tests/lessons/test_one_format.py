"""One lesson file format and one runner for every game (issue 27 item 3): ``format: lesson 1``
with a ``game:`` line; the common fields are read once, each game adds its own through its
lesson kit, and the one :class:`Lesson` drives a Hellenes and an Earth & Water lesson alike."""

from __future__ import annotations

import inspect

import pytest

from hellenes_nb.cli import main
from hellenes_nb.lessons import Lesson, LessonFormatError, load_spec
from hellenes_nb.lessons.check import check_paths, find_lesson
from hellenes_nb.lessons.runner import lessons_dir

XERXES = lessons_dir() / "earth-water" / "xerxes-480-479.yaml"
PYLOS = lessons_dir() / "pylos-425.yaml"


def _problems(path) -> list[str]:
    return [str(p) for p in check_paths([path])[1]]


@pytest.mark.parametrize(("source", "old"), [(PYLOS, "hellenes-lesson 1"),
                                             (XERXES, "ew-lesson 1")])
def test_an_old_format_file_is_refused_naming_the_new_format(tmp_path, capsys, source, old):
    path = tmp_path / "old.yaml"
    path.write_text(source.read_text().replace("format: lesson 1", f"format: {old}", 1))
    with pytest.raises(LessonFormatError) as caught:
        load_spec(path)
    said = str(caught.value)
    assert f"'{old}' is the old format" in said and "'format: lesson 1'" in said
    assert "'game:' line" in said and "Traceback" not in said
    assert main(["lesson", "check", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}: format: '{old}' is the old format" in err and "Traceback" not in err


def test_a_file_without_a_game_line_is_refused_naming_the_games(tmp_path):
    path = tmp_path / "no-game.yaml"
    path.write_text(PYLOS.read_text().replace("game: hellenes\n", "", 1))
    problems = _problems(path)
    assert len(problems) == 1 and problems[0].startswith(f"{path}: game: the lesson names no "
                                                         "game: add a line 'game: <the game>'")
    assert "hellenes, amphipolis, athens-sparta, earth-water" in problems[0]
    with pytest.raises(LessonFormatError, match="names no game"):
        Lesson(path)


def test_a_step_field_of_another_game_is_refused(tmp_path):
    """``battle:`` is a Hellenes step field: an Earth & Water step has none."""
    path = tmp_path / "xerxes-battle.yaml"
    path.write_text(XERXES.read_text().replace(
        "    rules: [\"5.2\"]\n", "    rules: [\"5.2\"]\n    battle: {place: athenai}\n", 1))
    problems = _problems(path)
    assert problems == [f"{path}: step 2 'The wooden walls': unknown field 'battle' (allowed "
                        "here: decision, dice, do, expect, id, narrative, question, rules, "
                        "sources, title)"], problems
    pylos = tmp_path / "pylos-at.yaml"  # and Hellenes has no Earth & Water 'control' to expect
    pylos.write_text(PYLOS.read_text().replace("    expect:\n", "    expect:\n"
                                               "      control: {pylos: athens}\n", 1))
    assert any("expect: unknown field 'control'" in p for p in _problems(pylos)), \
        _problems(pylos)


@pytest.mark.parametrize(("source", "years", "span"), [
    (XERXES, "[500, 479]", "499 to 449 BC"),
    (XERXES, "[480, 431]", "499 to 449 BC"),
    (PYLOS, "[425, 400]", "432 to 404 BC"),
])
def test_years_outside_the_games_own_span_are_refused(tmp_path, source, years, span):
    path = tmp_path / "years.yaml"
    path.write_text(source.read_text().replace("years: [480, 479]", f"years: {years}")
                    .replace("years: [425, 425]", f"years: {years}"))
    problems = _problems(path)
    assert problems == [f"{path}: years: {years.replace(' ', ' ')} lie outside the game's "
                        f"years, {span}"], problems


def test_the_side_and_a_decisions_side_are_the_games_own(tmp_path):
    path = tmp_path / "xerxes-athens.yaml"
    path.write_text(XERXES.read_text().replace("side: greece\n", "side: athens\n", 1))
    assert _problems(path) == [f"{path}: side: 'athens' is not a side of the game (its sides: "
                               "greece, persia)"]
    path.write_text(XERXES.read_text().replace("      side: greece\n      at: 2\n",
                                               "      side: sparta\n      at: 2\n", 1))
    assert _problems(path) == [f"{path}: step 3 'Thermopylae': decision side 'sparta' is not a "
                               "side of the game (its sides: greece, persia)"]


def test_one_lesson_class_drives_both_games_through_the_same_calls():
    pylos, xerxes = Lesson("pylos-425"), Lesson("xerxes-480-479")
    assert type(pylos) is type(xerxes) is Lesson
    assert find_lesson("xerxes-480-479") == XERXES  # by name, in its game's folder
    assert pylos.game.ruleset.name == "hellenes" and xerxes.game.ruleset.name == "earth-water"
    assert pylos.sides == (("Command Athens", "athens"), ("Command Sparta", "sparta"))
    assert xerxes.sides == (("Command Greece", "greece"), ("Command Persia", "persia"))
    calls = ("next", "back", "goto", "choose", "reveal_answer", "take_command", "view")
    for name in calls:
        assert inspect.getattr_static(pylos, name) is inspect.getattr_static(xerxes, name)
    common = {"lesson", "step", "steps", "progress", "title", "narrative_html", "citations",
              "rules", "decision", "question", "events", "status_html", "events_html"}
    for lesson, at in ((pylos, 5), (xerxes, 3)):  # each one's first decision point
        lesson.goto(at - 1)
        lesson.next()
        lesson.back()
        lesson.goto(at)
        assert lesson.number == at and common <= set(lesson.view())
        d = lesson.step.decision
        other = next(o for o in d.options if not o.historical)
        made = lesson.choose(other.id)
        assert made["chosen"] == other.id and not made["matches_history"]
        assert lesson.view()["decision"]["chosen"] == other.id
        game = lesson.take_command("hotseat")
        assert game.origin["name"] == lesson.spec.id and game.origin["option"] == other.id
    assert xerxes.view()["citations"][0]["label"] == "Herodotus 7.201-212"
    assert pylos.view()["citations"][0]["label"].startswith("Thucydides 4.")
