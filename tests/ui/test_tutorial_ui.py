"""The tutorial in a real browser (Solara's widget manager in headless Chromium).

A learner solves three tasks by clicking (an area of the map, a card button, a march by
selecting a block and a lit destination) and makes one move the engine refuses, whose reason
is shown. Every wait is on the page (a locator) with a bound; the progress goes to a file of
the test's own. A screenshot goes to artifacts/screenshots/ for a person to look at.
"""

from __future__ import annotations

import pytest
from IPython.display import display
from support.browser import VIEWPORT, open_tutorial_game, wait_changed

from hellenes_nb.widgets.tutorial import TutorialWidget

pytestmark = pytest.mark.browser

SETTLE = 30_000  # ms: bounded wait for the frontend (generous: CI shares 2 cores)


def _click_place(page, w: TutorialWidget, area: str) -> None:
    """Click the map where ``area``'s city (or name) is drawn."""
    x, y = w.map.places[area]["symbol"] or w.map.places[area]["label"]
    pt = page.evaluate(
        """([x, y]) => { const svg = document.querySelector('.hmap-svg');
        const p = svg.createSVGPoint(); p.x = x; p.y = y;
        const q = p.matrixTransform(svg.getScreenCTM()); return [q.x, q.y]; }""", [x, y])
    page.mouse.click(pt[0], pt[1])


def _status(page, status: str) -> None:
    page.locator(f'.ht-panel[data-status="{status}"]').wait_for(timeout=SETTLE)


def _choose(page, task_id: str, title: str) -> None:
    page.locator("select.ht-task").select_option(task_id)
    page.locator(".ht-title", has_text=title).wait_for(timeout=SETTLE)
    page.locator(".hmap-svg").wait_for(timeout=SETTLE)


def _first_task(page, tmp_path) -> TutorialWidget:
    """A tutorial at 1366x900 showing its first task, "Find a port", on the zoomed map."""
    page.set_viewport_size(VIEWPORT)
    w = TutorialWidget(progress=tmp_path / "progress.json")
    display(w)
    page.locator(".ht-title", has_text="Find a port").wait_for(timeout=SETTLE)
    page.locator('.hmap[data-zoom="3.00"]').wait_for(timeout=SETTLE)
    return w


def test_solve_three_tasks_by_clicking_and_see_a_refusal(solara_test, page_session, tmp_path,
                                                          screenshot_dir, console_errors):
    page = page_session
    w = _first_task(page, tmp_path)

    # 1. a question answered by clicking an area of the map
    _click_place(page, w, "attica")
    _status(page, "solved")
    page.locator(".ht-stars").wait_for(timeout=SETTLE)
    assert w.progress.stars("click-a-port") == 3

    # 2. a march: select a block in the map's panel, then a lit destination
    page.locator("select.ht-chapter").select_option("movement")
    page.locator(".ht-title", has_text="A group marches").wait_for(timeout=SETTLE)
    page.locator('.hmap[data-zoom="3.00"]').wait_for(timeout=SETTLE)
    _click_place(page, w, "attica")
    page.locator('.hmap-unit[data-unit="A1"]').click()
    # the refusal: a click on an area the block cannot reach
    _click_place(page, w, "laconia")
    refusal = page.locator(".ht-refusal")
    refusal.wait_for(timeout=SETTLE)
    assert "Not possible" in refusal.inner_text() and "§5.0" in refusal.inner_text()
    assert w.panel.status == "playing"
    page.screenshot(path=screenshot_dir / "tutorial-refusal.png")
    for unit in ("A1", "A2"):
        _click_place(page, w, "attica")
        page.locator(f'.hmap-unit[data-unit="{unit}"]').click()
        page.locator('.hmap-go[data-go="plataea"]').click()
        # the move is played: the map now shows Plataea selected, with the block in it
        page.locator(f'.hmap-unit[data-unit="{unit}"]').wait_for(timeout=SETTLE)
        page.locator(".hmap-panel strong", has_text="Plataea").wait_for(timeout=SETTLE)
    _status(page, "solved")
    page.locator(".ht-refusal").wait_for(state="detached", timeout=SETTLE)

    # 3. a decision taken with a button: commit the 1-coin card and move first
    page.locator("select.ht-chapter").select_option("cards-and-actions")
    page.locator(".ht-title", has_text="Take the initiative").wait_for(timeout=SETTLE)
    page.locator(".ht-choice", has_text="Play card 14 Demosthenes (1 action) for actions").click()
    _status(page, "solved")
    page.screenshot(path=screenshot_dir / "tutorial-solved.png")
    assert set(w.progress.solved) == {"click-a-port", "march-to-boeotia", "move-first"}
    assert console_errors == []


def test_the_game_picker_opens_the_earth_water_tutorial_and_a_task_is_solved_by_buttons(
        solara_test, page_session, tmp_path, screenshot_dir, console_errors):
    """Issue 27 item 4: the Earth & Water tutorial on its own board, picked in the page."""
    page = page_session
    w = open_tutorial_game(page, tmp_path / "progress.json", "earth-water", "Along a road")
    # the pickers look like controls a teacher can see (a border; bare text before)
    for picker in ("game", "chapter", "task"):
        style = page.locator(f"select.ht-{picker}").evaluate(
            "e => { const s = getComputedStyle(e); return [s.borderTopStyle, s.borderTopWidth]; }")
        assert style == ["solid", "1px"], (picker, style)
    korinthos = '.ew-view svg g.stack[data-city="korinthos"]'
    page.locator(korinthos).wait_for(state="attached", timeout=SETTLE)
    before = page.locator(korinthos).inner_html()
    page.screenshot(path=screenshot_dir / "tutorial-earth-water-1366x900.png")
    page.locator(".ht-choice", has_text="Play #10 Evangelion to move instead").click()
    page.locator(".ht-choice", has_text="Move 2 armies from Sparta to Korinthos").click()
    _status(page, "solved")
    # the board followed the game: the two armies now stand in Korinthos
    wait_changed(page, korinthos, before)
    page.screenshot(path=screenshot_dir / "tutorial-earth-water-solved-1366x900.png")
    assert w.progress.stars("ew-roads") == 3
    # and back to Hellenes, on the map
    page.locator("select.ht-game").select_option("hellenes")
    page.locator(".ht-title", has_text="Find a port").wait_for(timeout=SETTLE)
    page.locator(".hmap-svg").wait_for(timeout=SETTLE)
    assert console_errors == []


def test_a_wrong_click_keeps_find_a_port_open_at_1366(solara_test, page_session, tmp_path,
                                                      console_errors):
    """Issue 28 item 1: Arcadia clicked first says why it is wrong, Hint and Show me stay
    usable, no phase shows in the map's header, and Attica then solves with fewer stars."""
    page = page_session
    w = _first_task(page, tmp_path)
    assert "phase" not in page.locator(".hmap-title").inner_text().lower()
    _click_place(page, w, "arcadia")
    page.locator(".ht-message", has_text="Not that one").wait_for(timeout=SETTLE)
    assert page.locator(".ht-panel").get_attribute("data-status") == "playing"
    assert page.locator("button.ht-hint").is_enabled()
    assert page.locator("button.ht-show").is_enabled()
    page.locator("button.ht-hint").click()
    page.locator(".ht-hint-text").wait_for(timeout=SETTLE)
    _click_place(page, w, "attica")
    _status(page, "solved")
    assert page.locator(".ht-stars").get_attribute("aria-label") == "2 of 3 stars"
    assert console_errors == []
