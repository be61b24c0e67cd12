"""Amphipolis' teaching parts in a real browser (issue 29 item 5), at 1366x900: the tutorial's
game picker opens the Amphipolis chapter on the game's own board, and a worked example
(Clearidas' diplomacy at Toronè, with the book's die) is solved by its button; the board
follows. Every wait is on the page with a bound; screenshots go to artifacts/screenshots/."""

from __future__ import annotations

import pytest
from IPython.display import display

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
