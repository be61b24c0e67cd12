"""Room for the map and the classroom size in a real browser (issue 15, items 5 and 7).

At 1366×900 the dashboard's map gets the whole width when the side panels go under it, the
panels fold away by their headings, and full screen fills the screen with the game; the
classroom size makes the map's names, the dashboard's writing and the battle board larger
and the borders thicker. Every wait is on the page.
"""

from __future__ import annotations

import pytest
from IPython.display import display
from support.widget_helpers import to_battle

from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot
from hellenes_nb.games.hellenes.widgets.battle import BattleWidget
from hellenes_nb.games.hellenes.widgets.map import MapWidget
from hellenes_nb.widgets.dashboard import Dashboard

pytestmark = pytest.mark.browser

SETTLE = 30_000  # ms: bounded wait for the frontend (generous: CI shares 2 cores)
LAPTOP = {"width": 1366, "height": 900}

NAME_HEIGHT = """() => { const t = [...document.querySelectorAll('.hmap-svg .layer-names text')]
  .find(e => e.textContent === 'Athens'); return t.getBoundingClientRect().height; }"""
BORDER = """() => getComputedStyle(document.querySelector(
  '.hmap-svg .layer-land-borders path')).strokeWidth"""


def _width(page, selector: str) -> float:
    return page.locator(selector).first.bounding_box()["width"]


def test_the_dashboard_map_takes_the_room_at_1366(solara_test, page_session, screenshot_dir,
                                                  console_errors):
    page = page_session
    page.set_viewport_size(LAPTOP)
    dash = Dashboard("431", seed=7)
    display(dash)
    page.locator(".hn-dash .hmap-svg").wait_for(timeout=SETTLE)
    page.locator(".hn-settled .hn-choice").first.wait_for(timeout=SETTLE)
    beside = _width(page, ".hn-dash .hmap-svg")
    page.locator(".hn-tool[data-tool='panels']").click()
    page.locator(".hn-dash.hn-panels-below").wait_for(timeout=SETTLE)
    page.wait_for_function("w => document.querySelector('.hn-dash .hmap-svg')"
                           ".getBoundingClientRect().width > w + 200", arg=beside,
                           timeout=SETTLE)
    below = _width(page, ".hn-dash .hmap-svg")
    assert below > 0.85 * LAPTOP["width"] - 60, (beside, below)
    assert dash.screen_tools.panels == "below"
    page.screenshot(path=screenshot_dir / "dashboard-1366-map-full-width.png", full_page=True)
    # a panel folds away by its heading, and back
    fold = page.locator(".hn-fold", has_text="Your hand")
    fold.click()
    page.locator(".hn-card.hn-collapsed .hn-fold[aria-expanded='false']").wait_for(
        timeout=SETTLE)
    assert not page.locator(".hn-cardtile").first.is_visible()
    fold.click()
    page.locator(".hn-cardtile").first.wait_for(state="visible", timeout=SETTLE)
    # full screen: the dashboard fills the screen
    page.locator(".hn-tool[data-tool='fullscreen']").click()
    page.locator(".hn-dash.hn-full").wait_for(timeout=SETTLE)
    assert page.evaluate("() => document.fullscreenElement.classList.contains('hn-dash')")
    page.keyboard.press("Escape")
    page.evaluate("() => document.fullscreenElement && document.exitFullscreen()")
    page.wait_for_function("() => !document.querySelector('.hn-dash.hn-full')",
                           timeout=SETTLE)
    assert console_errors == []


def test_classroom_size_on_the_map(solara_test, page_session, screenshot_dir, console_errors):
    page = page_session
    page.set_viewport_size(LAPTOP)
    w = MapWidget(viewer="all")
    display(w)
    page.locator(".hmap[data-size='normal'] .hmap-svg").wait_for(timeout=SETTLE)
    normal, border = page.evaluate(NAME_HEIGHT), page.evaluate(BORDER)
    w.size = "classroom"
    page.locator(".hmap.hmap-classroom[data-size='classroom']").wait_for(timeout=SETTLE)
    big, thick = page.evaluate(NAME_HEIGHT), page.evaluate(BORDER)
    assert big > 1.3 * normal, (normal, big)
    assert float(thick.rstrip("px")) > 1.5 * float(border.rstrip("px")), (border, thick)
    page.locator(".hmap").screenshot(path=screenshot_dir / "map-classroom.png")
    assert console_errors == []


def test_classroom_size_on_the_dashboard_and_battle_board(solara_test, page_session,
                                                          screenshot_dir, console_errors):
    page = page_session
    page.set_viewport_size(LAPTOP)
    dash = Dashboard("431", seed=1)
    to_battle(dash, HeuristicBot(101))
    display(dash)
    page.locator(".hn-dash-battle .hb[data-size='normal']").wait_for(timeout=SETTLE)
    small = page.evaluate("() => parseFloat(getComputedStyle("
                          "document.querySelector('.hn-dash-battle .hb')).fontSize)")
    page.locator(".hn-tool[data-tool='size']").click()
    page.locator(".hn-dash.hn-classroom").wait_for(timeout=SETTLE)
    page.locator(".hn-dash-battle .hb.hb-classroom").wait_for(timeout=SETTLE)
    page.locator(".hn-dash .hmap.hmap-classroom").wait_for(timeout=SETTLE)
    large = page.evaluate("() => parseFloat(getComputedStyle("
                          "document.querySelector('.hn-dash-battle .hb')).fontSize)")
    assert large >= 1.3 * small
    assert dash.map.size == "classroom"
    page.screenshot(path=screenshot_dir / "dashboard-classroom.png", full_page=True)
    assert console_errors == []


def test_a_teaching_battle_board_in_classroom_size(solara_test, page_session, console_errors):
    board = BattleWidget.from_forces("B2:3,A1:2", "C2:4", size="classroom")
    display(board)
    page_session.locator(".hb.hb-classroom .hb-block").first.wait_for(timeout=SETTLE)
    assert page_session.locator(".hb-block").first.bounding_box()["width"] >= 140
    assert console_errors == []
