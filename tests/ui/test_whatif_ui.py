"""The "What if?" button of a lesson in a real browser (issue 32): the lab opens below the
lesson, its progress bar counts games as they finish, the charts (outcomes, the fan, what
decided the games) and the sentence appear, and Cancel stops the run keeping what finished.
Every wait is on the page, with a bound."""

from __future__ import annotations

import pytest
from IPython.display import display

from hellenes_nb.lessons.runner import Lesson
from hellenes_nb.whatif import cache, lab
from hellenes_nb.widgets.lesson import LessonWidget

pytestmark = pytest.mark.browser

SETTLE = 60_000  # ms: bounded wait for the frontend and the games (CI shares 2 cores)


def test_what_if_button_progress_charts_and_cancel(solara_test, page_session, monkeypatch,
                                                   screenshot_dir, console_errors):
    monkeypatch.setattr(lab.os, "cpu_count", lambda: 1)  # one worker on a shared machine
    monkeypatch.setattr(cache, "load", lambda *a, **k: None)  # a fresh run, nothing kept
    monkeypatch.setattr(cache, "store", lambda *a, **k: None)
    page = page_session
    page.set_viewport_size({"width": 1366, "height": 900})
    w = LessonWidget(Lesson("pericles-plague-431-429"), speed="instant")
    w.goto(2)  # the decision: inside the walls, or out to fight
    display(w)
    page.get_by_role("button", name="What if?").click()
    page.locator(".hl-whatif").wait_for(timeout=SETTLE)
    page.locator(".hl-whatif-progress").wait_for(timeout=SETTLE)
    page.locator(".hl-whatif .widget-label", has_text="3 games").or_(
        page.locator(".hl-whatif .widget-label", has_text="4 games")).first.wait_for(
        timeout=SETTLE)
    page.locator(".hl-whatif-sentence", has_text="Had Athens chosen").wait_for(timeout=SETTLE)
    page.locator(".hl-whatif .bqplot rect.bar").first.wait_for(timeout=SETTLE)
    # what decided the games: how each choice's games ended, stacked, with its legend
    decided = page.locator(".hl-whatif-decided")
    decided.locator("rect.bar").first.wait_for(timeout=SETTLE)
    page.locator(".hl-whatif-key", has_text="won").or_(
        page.locator(".hl-whatif-key", has_text="not over")).first.wait_for(timeout=SETTLE)
    assert page.locator(".hl-whatif", has_text="What decided the games").count() == 1
    assert decided.locator("text", has_text="How the games ended").count() == 1
    drawn = decided.locator("rect.bar").evaluate_all(
        "rs => rs.filter(r => r.getBBox().height > 0).length")
    assert drawn >= 3  # at least one bar a choice has height
    page.get_by_role("button", name="Cancel").click()
    page.locator(".hl-whatif", has_text="cancelled: the games finished are shown").wait_for(
        timeout=SETTLE)
    lab_widget = w.whatif_box.children[0]
    assert not lab_widget.running and not lab_widget.result.complete
    assert len(lab_widget.result.rows) >= 3
    page.locator(".hl-whatif").screenshot(path=screenshot_dir / "whatif-1366x900.png")
    assert not [e for e in console_errors if "bqplot" in e.lower() or "negative" in e]
