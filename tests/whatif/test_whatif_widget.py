"""The What-if widget and the LessonWidget's "What if?" button (issue 32), driven from
Python: the run goes in a background thread, results come as games finish, the charts hold
the summary's numbers, Cancel stops within seconds and keeps what finished."""

from __future__ import annotations

import time

import pytest

from hellenes_nb.lessons.runner import Lesson
from hellenes_nb.widgets.lesson import LessonWidget
from hellenes_nb.widgets.whatif import WhatIfWidget


@pytest.mark.parametrize("name", ["sicilian-expedition-415-413", "xerxes-480-479"])
def test_the_lesson_button_opens_the_lab_for_that_step(name):
    lesson = Lesson(name)
    step = next(i + 1 for i, s in enumerate(lesson.steps) if s.decision is not None)
    w = LessonWidget(lesson, speed="instant")
    w.goto(step)
    assert w.whatif_button in w.decision_box.children
    assert w.decision_box.layout.display != "none"
    lab = w.what_if(games=1, workers=1, use_cache=False, horizon="end" if "sicil" in name
                    else "campaign")
    assert w.whatif_box.children == (lab,) and lab.lab.start.step == step
    lab.wait(120)
    n = len(lab.lab.start.alternatives)
    assert lab.progress.value == n and lab.result.complete
    side = lab.lab.start.side
    rates = [e["outcomes"].get(side, {"rate": 0.0})["rate"] for e in lab.result.summary]
    assert list(lab.bars.y) == rates
    assert lab.sentence.value.startswith("<p>Had ")


def test_cancel_stops_within_seconds_and_keeps_the_finished_games():
    w = WhatIfWidget("pericles-plague-431-429", games=200, workers=1, use_cache=False)
    w.start()
    t0 = time.monotonic()
    while w.progress.value < 2 and time.monotonic() - t0 < 60:
        time.sleep(0.05)
    w.cancel()
    t1 = time.monotonic()
    w.wait(30)
    assert not w.running and time.monotonic() - t1 < 5
    assert not w.result.complete and 2 <= len(w.result.rows) < 600
    assert "cancelled" in w.status.value
    assert w.progress.value == len(w.result.rows)
