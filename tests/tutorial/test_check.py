"""``hellenes tutorial check`` on good and broken chapter files: every problem names the file
and the task, in plain words, within seconds; the packaged tutorial passes and covers the
rulebook; the coverage table of docs/tutorial.md is the one the checker generates."""

from __future__ import annotations

from support.paths import ROOT

from hellenes_nb.cli import main
from hellenes_nb.core.catalog import tutorial_kit
from hellenes_nb.tutorial.check import check_paths
from hellenes_nb.tutorial.cli import END, START
from hellenes_nb.tutorial.sections import applied, coverage, coverage_markdown

GOOD_TASK = """\
  - id: march
    title: March
    rules: ["5.1"]
    side: athens
    board:
      units: [{unit: A1, area: attica, cv: 3}]
      start: {actions: 1}
    text: Move.
    goal: {at: {A1: plataea}}
"""


def _chapter(tmp_path, tasks: str, name: str = "01-test.yaml"):
    path = tmp_path / name
    path.write_text("format: hellenes-tutorial 1\nchapter: 1\nid: test\ntitle: Test\n"
                    "tasks:\n" + tasks, encoding="utf-8")
    return path


def _problems(path) -> list[str]:
    return [str(p) for p in check_paths([path]).problems]


def test_a_good_file_passes_and_its_goal_is_found_by_search(tmp_path):
    assert _problems(_chapter(tmp_path, GOOD_TASK)) == []


def test_unknown_area_unit_and_section_are_named_with_file_and_task(tmp_path):
    bad = GOOD_TASK.replace("plataea}", "atlantis}").replace('["5.1"]', '["5.99"]') \
        .replace("{at: {A1:", "{at: {A99: attica, A1:")
    found = _problems(_chapter(tmp_path, bad))
    text = "\n".join(found)
    assert all("01-test.yaml" in p and "task 1 'March'" in p for p in found)
    assert "'atlantis' is not an area id" in text
    assert "'A99' is not a unit" in text
    assert "§5.99 is not a section of the rulebook" in text


def test_a_goal_met_before_the_learner_moves_is_refused(tmp_path):
    found = _problems(_chapter(tmp_path, GOOD_TASK.replace("A1: plataea", "A1: attica")))
    assert len(found) == 1 and "already met before the learner moves" in found[0]


def test_an_unreachable_goal_is_refused(tmp_path):
    far = GOOD_TASK.replace("A1: plataea", "A1: syracuse")
    found = _problems(_chapter(tmp_path, far))
    assert len(found) == 1 and "search found none" in found[0] and "add a 'solution'" in found[0]


def test_a_solution_that_misses_the_goal_is_refused(tmp_path):
    wrong = GOOD_TASK + "    solution: [end_actions: athens]\n"
    found = _problems(_chapter(tmp_path, wrong))
    assert len(found) == 1 and "does not reach the goal" in found[0]


def test_a_map_goal_on_a_battle_board_and_unused_dice_are_refused(tmp_path):
    battle = """\
  - id: fight
    title: Fight
    rules: ["6.2"]
    side: athens
    battle:
      attacker: athens
      aggressor: [{rating: C2, cv: 1}]
      defender: [{rating: C2, cv: 1}]
    text: Win.
    goal: {at: {A1: attica}}
"""
    found = _problems(_chapter(tmp_path, battle))
    assert any("'at' reads the map; this task is a battle board" in p for p in found)
    unused = battle.replace("goal: {at: {A1: attica}}", "goal: {fired: [A1]}\n"
                            "    dice: [3, 3, 3, 3]\n    solution: [attack, attack]")
    found = _problems(_chapter(tmp_path, unused))
    assert any("forced dice left unused" in p for p in found), found


def test_shape_errors_name_the_place_and_a_missing_goal(tmp_path):
    broken = GOOD_TASK.replace("    goal: {at: {A1: plataea}}\n", "")
    found = _problems(_chapter(tmp_path, broken))
    text = "\n".join(found)
    assert "task 1 'March'" in text and "needs 'text' and a 'goal'" in text
    # the side is checked against the chapter's game (its kit's sides)
    found = _problems(_chapter(tmp_path, GOOD_TASK.replace("side: athens", "side: persia")))
    assert found and all("task 1 'March'" in p for p in found)
    assert any("side: 'persia' is not a side of this game (its sides: athens, sparta)" in p
               for p in found), found


def test_code_in_yaml_is_refused_not_run(tmp_path):
    path = _chapter(tmp_path, GOOD_TASK.replace("title: March",
                                                "title: !!python/object/apply:os.system [ls]"))
    found = _problems(path)
    assert found and all("01-test.yaml" in p for p in found)


def test_task_ids_are_unique_across_files(tmp_path):
    _chapter(tmp_path, GOOD_TASK, "01-a.yaml")
    _chapter(tmp_path, GOOD_TASK, "02-b.yaml")
    found = _problems(tmp_path)
    assert any("'march' is also used in" in p for p in found)


def test_cli_exit_codes_and_messages(tmp_path, capsys):
    good = _chapter(tmp_path, GOOD_TASK)
    assert main(["tutorial", "check", str(good)]) == 0
    assert "tutorial check passed: 1 task in" in capsys.readouterr().out
    bad = _chapter(tmp_path, GOOD_TASK.replace("A1: plataea", "A1: attica"), "02-x.yaml")
    assert main(["tutorial", "check", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "02-x.yaml" in err and "tutorial check failed" in err and "Traceback" not in err
    assert main(["tutorial", "check", str(tmp_path / "empty-folder-none")]) == 1


def test_the_packaged_tutorial_passes_and_covers_every_applied_section():
    done = check_paths([ROOT / "lessons" / "tutorial"])
    assert [str(p) for p in done.problems] == []
    assert len(done.tasks) >= 40
    table = coverage(done.taught)
    assert [s for s in applied() if not table[s]] == []
    assert {t.example for t in done.tasks} >= set(tutorial_kit().examples)


def test_docs_coverage_table_is_the_generated_one():
    done = check_paths([ROOT / "lessons" / "tutorial"])
    text = (ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")
    shown = text.split(START, 1)[1].split(END, 1)[0].strip()
    assert shown == coverage_markdown(coverage(done.taught)), \
        "run: hellenes tutorial coverage --update docs/tutorial.md"
