"""The tutorial's main-map tasks for the six sections that had none (issue 29 item 5): limits on
movement (§3.1.1), naval transport from Thasos (§3.1.2), amphibious moves (§3.1.3), stacking
(§3.3), building the walls (§5.1) and the sappers (§5.2). Each is solved by its solution, and
each teaches by what the game offers or refuses on the way."""

from __future__ import annotations

import pytest

from hellenes_nb.tutorial.catalog import find_task, tutorial_dir
from hellenes_nb.tutorial.run import TaskRun

AMPH = tutorial_dir() / "amphipolis"
TASKS = {"3.1.1": "amph-movement-limits", "3.1.2": "amph-naval-transport",
         "3.1.3": "amph-amphibious", "3.3": "amph-stacking", "5.1": "amph-walls-build",
         "5.2": "amph-walls-sap"}


def _run(task_id: str) -> TaskRun:
    return TaskRun(find_task(task_id, AMPH)[1])


def _to(run: TaskRun) -> set[str]:
    return {a.get("to") for a in run.game.legal_actions() if a["type"] == "march"}


@pytest.mark.parametrize("section", list(TASKS))
def test_each_new_main_map_task_is_solved_by_its_solution(section):
    run = _run(TASKS[section])
    assert section in run.task.rules
    run.play_solution()
    assert run.status == "solved", run.missing()


@pytest.mark.rule("3.1.1")
def test_3_1_1_a_leader_alone_is_offered_no_sea_move():
    run = _run("amph-movement-limits")
    run.play_item(run.step.solution[0])  # activate M2
    run.play_item(run.step.solution[1])  # Cleon alone
    assert _to(run) == set()
    run.play_item(run.step.solution[2])  # with the trireme
    assert {"M1", "M3"} <= _to(run)


@pytest.mark.rule("3.1.2")
def test_3_1_2_reinforcements_land_only_next_to_the_fleets_sea_zone():
    run = _run("amph-naval-transport")
    for item in run.step.solution[:-1]:
        run.play_item(item)
    landings = _to(run)
    assert "M1>T5" in landings and all(">" in t for t in landings)
    run.play_item(run.step.solution[-1])
    assert run.status == "solved"


@pytest.mark.rule("3.1.3")
def test_3_1_3_no_landing_without_a_trireme_already_at_sea():
    task = find_task("amph-amphibious", AMPH)[1]
    pos = task.position.model_copy(update={"units": {**task.position.units, "ath-t20": "thasos"}})
    run = TaskRun(task.model_copy(update={"position": pos}))
    for item in run.step.solution[:3]:
        run.play_item(item)
    assert "T22" not in _to(run) and "T15" not in _to(run)


@pytest.mark.rule("3.3")
def test_3_3_a_humid_zone_is_not_offered_past_five_units():
    run = _run("amph-stacking")
    for item in run.step.solution[:3]:
        run.play_item(item)
    assert "T17" in _to(run)  # two more: five in all
    run.act(next(a for a in run.game.legal_actions() if a.get("unit") == "spa-p6-1"))
    assert "T17" not in _to(run)  # three more would be six


@pytest.mark.rule("5.1")
def test_5_1_spending_the_advantage_on_the_die_forbids_the_walls():
    run = _run("amph-walls-build")
    for item in run.step.solution[:-1]:
        run.play_item(item)
    run.act(next(a for a in run.game.legal_actions() if a["type"] == "reroll"))
    assert run.game.state.walls == "none"
    assert run.status != "solved"


@pytest.mark.rule("5.2")
def test_5_2_the_sappers_destroy_the_walls():
    run = _run("amph-walls-sap")
    assert run.game.state.walls == "built"
    run.play_solution()
    assert run.game.state.walls == "destroyed" and run.status == "solved"
