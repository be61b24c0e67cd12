"""Amphipolis' teaching parts in a real browser (issue 29 item 5), at 1366x900: the tutorial's
game picker opens the Amphipolis chapter on the game's own board, and a worked example
(Clearidas' diplomacy at Toronè, with the book's die) is solved by its button; the board
follows. A lesson ("Brasidas against Thucydides, 424") steps to the bridge on the game's board
and branches at Thucydides' decision. Every wait is on the page with a bound; screenshots go to
artifacts/screenshots/."""

from __future__ import annotations

import pytest
from IPython.display import display
from playwright.sync_api import expect

from hellenes_nb.widgets.lesson import LessonWidget
from hellenes_nb.widgets.tutorial import TutorialWidget

pytestmark = pytest.mark.browser

SETTLE = 30_000  # ms: bounded wait for the frontend (CI shares 2 cores)
VIEWPORT = {"width": 1366, "height": 900}


def test_the_amphipolis_tutorial_plays_clearidas_diplomacy_by_its_button(
        solara_test, page_session, tmp_path, screenshot_dir, console_errors):
    page = page_session
    page.set_viewport_size(VIEWPORT)
    w = TutorialWidget(progress=tmp_path / "progress.json")
    display(w)
    page.locator(".ht-title", has_text="Find a port").wait_for(timeout=SETTLE)
    page.locator("select.ht-game").select_option("amphipolis")
    page.locator(".ht-title", has_text="the initiative roll").wait_for(timeout=SETTLE)
    page.locator("select.ht-task").select_option("amph-diplomacy-torone")
    page.locator(".ht-title", has_text="Clearidas' diplomacy").wait_for(timeout=SETTLE)
    torone = '.amph-board g.zone[data-zone="O4"]'
    page.locator(torone).wait_for(state="attached", timeout=SETTLE)
    before = page.locator(torone).inner_html()
    page.screenshot(path=screenshot_dir / "tutorial-amphipolis-1366x900.png")
    page.locator(".ht-choice", has_text="diplomacy at Toronè").click()
    page.locator('.ht-panel[data-status="solved"]').wait_for(timeout=SETTLE)
    # the board followed the game: Toronè's garrison turned Spartan
    page.wait_for_function("([sel, old]) => document.querySelector(sel).innerHTML !== old",
                           arg=[torone, before], timeout=SETTLE)
    page.screenshot(path=screenshot_dir / "tutorial-amphipolis-solved-1366x900.png")
    assert w.progress.stars("amph-diplomacy-torone") == 3
    assert console_errors == []


def test_the_brasidas_lesson_steps_to_the_bridge_and_branches_at_thasos(
        solara_test, page_session, screenshot_dir, console_errors):
    page = page_session
    page.set_viewport_size(VIEWPORT)
    w = LessonWidget("brasidas-thucydides-424")
    display(w)
    page.locator(".hl-lesson .amph-board svg").first.wait_for(timeout=SETTLE)
    page.locator(".hl-lesson summary", has_text="Thucydides 4.103.1-3").wait_for(timeout=SETTLE)
    bridge = '.hl-lesson .amph-board svg'
    before = page.locator(bridge).first.inner_html()
    page.locator(".hl-next").click()
    expect(page.locator(".hl-progress").first).to_have_text("2 / 5", timeout=SETTLE)
    page.locator(".hl-lesson h3", has_text="The bridge in the snow").wait_for(timeout=SETTLE)
    page.locator(".hl-events li", has_text="Combat in Between the city and the bridge").wait_for(
        timeout=SETTLE)
    # the board followed the step: Brasidas' army stands across the bridge
    page.wait_for_function("([sel, old]) => document.querySelector(sel).innerHTML !== old",
                           arg=[bridge, before], timeout=SETTLE)
    page.screenshot(path=screenshot_dir / "lesson-amphipolis-bridge-1366x900.png")
    page.locator(".hl-next").click()
    page.locator(".hl-lesson h3", has_text="Eucles sends for Thucydides").wait_for(timeout=SETTLE)
    page.locator(".hl-option", has_text="Wait at Thasos").click()
    page.locator(".hl-chosen", has_text="History went another way").wait_for(timeout=SETTLE)
    assert w.lesson.view()["decision"]["chosen"] == "wait"
    assert console_errors == []
