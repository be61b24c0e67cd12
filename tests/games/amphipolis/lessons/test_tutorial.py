"""The Amphipolis tutorial chapter (issue 29 item 5): it passes `hellenes tutorial check
--complete` for the game, plays the rulebook's examples with the book's dice (the initiative
roll, the operation from Toronè to Mendè, a 1/4 result, diplomacy on Toronè with Clearidas,
the assault on Toronè with Brasidas, the blockade of Sanè), judges goals on the game state and
refuses a wrong position in plain words."""

from __future__ import annotations

import pytest

from hellenes_nb.cli import main
from hellenes_nb.tutorial.catalog import find_task, tutorial_dir
from hellenes_nb.tutorial.check import check_paths
from hellenes_nb.tutorial.run import TaskRun
from hellenes_nb.tutorial.sections import order

AMPH = tutorial_dir() / "amphipolis"


def _run(task_id: str) -> TaskRun:
    return TaskRun(find_task(task_id, AMPH)[1])


def test_the_amphipolis_chapter_is_complete(capsys):
    assert main(["tutorial", "check", "--complete", str(AMPH)]) == 0
    out = capsys.readouterr().out
    assert "amphipolis (17 tasks): coverage: 35 of 35 rule sections taught" in out
    assert "worked examples: 7 of 7" in out
    done = check_paths([AMPH])
    assert done.problems == [] and {c.game for c in done.chapters} == {"amphipolis"}


def test_sections_numbered_with_two_dots_sort_in_the_rulebooks_order():
    # the Amphipolis rulebook numbers 4.3.1: the coverage's sort key read each character
    assert sorted(["4.3.2", "4.3", "10.2", "4.3.1", "4.2"], key=order) == \
        ["4.2", "4.3", "4.3.1", "4.3.2", "10.2"]


@pytest.mark.rule("3.2.2")
def test_the_operation_example_is_played_with_the_games_pick_actions():
    # the engine's own action is called "pick": a solution item naming a unit is an action,
    # not the answer to a question
    run = _run("amph-operation")
    run.play_solution()
    assert run.status == "solved"
    assert run.game.state.pa[0] == 0  # one PA: Nicias was in Toronè


@pytest.mark.parametrize("task, words", [
    pytest.param("amph-diplomacy-torone", "die 5, 6 against allegiance 6",
                 marks=pytest.mark.rule("4.3.1")),
    pytest.param("amph-assault-torone", "2 against odds of 2 to 1",
                 marks=pytest.mark.rule("4.3.2")),
    pytest.param("amph-blockade-sane", "6, 6 needed against allegiance 5",
                 marks=pytest.mark.rule("4.3.3")),
])
def test_the_siege_examples_succeed_with_the_books_dice(task, words):
    # Clearidas needs a 5 at Toronè; Brasidas a 3 or less; the blockade of Sanè a 6
    run = _run(task)
    run.play_solution()
    assert run.status == "solved"
    assert any(words in e["text"] for e in run.game.log)


@pytest.mark.rule("4.3.1")
def test_a_4_fails_clearidas_and_the_task_says_why():
    task = find_task("amph-diplomacy-torone", AMPH)[1]
    run = TaskRun(task.model_copy(update={"dice": (4,)}))
    run.play_solution()
    assert run.status == "failed"
    assert "Toronè should be held by sparta (now athens)" in run.message


@pytest.mark.rule("4.2.1")
def test_a_quarter_of_two_units_still_reduces_one():
    run = _run("amph-combat-quarter")
    run.play_solution()
    assert run.status == "solved"
    reduced = [e for e in run.game.log if e.get("kind") == "reduced"]
    assert len(reduced) == 2  # one of each side's, the minimum


def test_a_position_naming_an_unknown_unit_is_refused_in_words(capsys, tmp_path):
    text = (AMPH / "01-operational-map.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("pel-h7-1: O4", "pel-h9-1: O4", 1), encoding="utf-8")
    assert main(["tutorial", "check", str(bad)]) == 1
    captured = capsys.readouterr()
    out = captured.out + captured.err
    assert "'pel-h9-1' is not a unit of the game" in out
    assert "Traceback" not in out


@pytest.mark.rule("3.1.4")
def test_the_movement_example_from_t15_to_t17_costs_4_pm():
    run = _run("amph-movement-cost")
    labels = []
    for item in run.step.solution[:-1]:
        run.play_item(item)
    labels = [a["label"] for a in run.game.legal_actions()]
    assert "move to Meadows under the long wall (T17), 4 PM" in labels
    run.play_item(run.step.solution[-1])
    assert run.status == "solved"


@pytest.mark.rule("4.3.4")
def test_the_citadel_task_is_judged_on_the_citadel_not_on_the_attempt():
    task = find_task("amph-citadel", AMPH)[1]
    run = TaskRun(task.model_copy(update={"dice": (1,)}))  # 1 + 3 falls short of VA 5
    run.play_solution()
    assert run.status != "solved"
    assert "the citadel of Amphipolis should be held by sparta" in run.missing()
    solved = _run("amph-citadel")
    solved.play_solution()
    assert solved.status == "solved"
