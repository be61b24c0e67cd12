"""The Athens & Sparta tutorial in a real browser (issue 30 item 4), at 1366x900: the game
picker opens the chapter on the game's own hex board (B's ASBoard), and the march to Thebes
(§4.51) is solved by its button; the board follows (the hoplite's block stands in Thebes'
hex). Every wait is on the page with a bound; the screenshots go to the tests' screenshot
folder (not committed)."""

from __future__ import annotations

import pytest
from IPython.display import display

from hellenes_nb.widgets.tutorial import TutorialWidget

pytestmark = pytest.mark.browser

SETTLE = 30_000  # ms: bounded wait for the frontend (CI shares 2 cores)
VIEWPORT = {"width": 1366, "height": 900}


@pytest.mark.rule("4.51")
def test_the_athens_sparta_tutorial_plays_the_march_to_thebes_by_its_button(
        solara_test, page_session, tmp_path, screenshot_dir, console_errors):
    page = page_session
    page.set_viewport_size(VIEWPORT)
    w = TutorialWidget(progress=tmp_path / "progress.json")
    display(w)
    page.locator(".ht-title", has_text="Find a port").wait_for(timeout=SETTLE)
    page.locator("select.ht-game").select_option("athens-sparta")
    page.locator(".ht-title", has_text="the Storm card goes first").wait_for(timeout=SETTLE)
    page.locator(".as-board svg").first.wait_for(timeout=SETTLE)
    page.locator("select.ht-task").select_option("as-march")
    page.locator(".ht-title", has_text="A march to Thebes").wait_for(timeout=SETTLE)
    thebes = '.as-board g.stack[data-hex="0706"] [data-block="spa-h1"]'
    assert page.locator(thebes).count() == 0
    page.screenshot(path=screenshot_dir / "tutorial-athens-sparta-1366x900.png")
    page.locator(".ht-choice", has_text="spa-h1 marches to 0706").click()
    page.locator('.ht-panel[data-status="solved"]').wait_for(timeout=SETTLE)
    page.locator(thebes).wait_for(state="attached", timeout=SETTLE)  # the board followed
    page.screenshot(path=screenshot_dir / "tutorial-athens-sparta-solved-1366x900.png")
    assert w.progress.stars("as-march") == 3
    assert console_errors == []
