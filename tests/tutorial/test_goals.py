"""Goal predicates: a goal reached any legal way passes, a near miss fails and says what is
missing (hellenes_nb/tutorial/goals.py)."""

from __future__ import annotations

import pytest

from hellenes_nb.tutorial.catalog import find_task
from hellenes_nb.tutorial.run import TaskRun


def _run(task_id: str) -> TaskRun:
    return TaskRun(find_task(task_id)[1])


@pytest.mark.rule("3.3")
def test_3_3_initiative_goal_passes_with_the_lower_card():
    run = _run("move-first")
    assert run.missing()
    run.act({"type": "play_card", "side": "athens", "card": 14, "use": "actions"})
    assert run.status == "solved" and run.missing() == []


@pytest.mark.rule("3.3")
def test_3_3_initiative_goal_near_miss_fails():
    run = _run("move-first")
    run.act({"type": "play_card", "side": "athens", "card": 17, "use": "actions"})
    assert run.status == "failed"
    assert "Athens should win the initiative" in run.message


@pytest.mark.rule("3.11")
def test_3_11_actions_goal_counts_the_leader():
    run = _run("leader-bonus")
    run.act({"type": "play_card", "side": "athens", "card": 16, "use": "actions"})
    assert run.status == "solved"


@pytest.mark.rule("3.11")
def test_3_11_actions_goal_near_miss_with_an_event():
    run = _run("leader-bonus")
    run.act({"type": "play_card", "side": "athens", "card": 43, "use": "actions"})
    assert run.status != "solved"
    assert any("3 actions" in m for m in run.missing())


@pytest.mark.rule("4.22")
def test_4_22_event_goal_reads_the_log_side_by_name():
    run = _run("recruit")
    run.play_solution()
    assert run.status == "solved"
