"""The Amphipolis board of scenario 10.1 in a real browser at 1366x900 (issue 29 item 3): the
main map shows T11's pieces as counters, and a click on a main-map zone lights where an
operation from it may go. Every wait is on the page with a bound."""

from __future__ import annotations

import pytest
from IPython.display import display
from support.amphipolis_positions import athens_to_move
from support.browser import SETTLE, VIEWPORT

from hellenes_nb.core.session import GameSession
from hellenes_nb.games.amphipolis.widgets.board import AmphipolisBoard

pytestmark = pytest.mark.browser


def test_the_main_map_shows_t11_and_a_click_lights_targets(
        solara_test, page_session, screenshot_dir, console_errors):
    page = page_session
    page.set_viewport_size(VIEWPORT)
    game = athens_to_move("amphipolis-10.1")
    board = AmphipolisBoard(GameSession(game), viewer="athens")
    display(board)
    t11 = next(z for z in game.view("athens")["zones"] if z["id"] == "T11")
    counters = page.locator('.amph-board g.pieces.main[data-zone="T11"] g.unit')
    counters.first.wait_for(timeout=SETTLE)
    assert counters.count() == len(t11["athens"]["units"]) > 0
    assert counters.first.bounding_box()["width"] >= 12  # readable at 1366x900
    page.screenshot(path=screenshot_dir / "amphipolis-board-10.1-1366x900.png")
    # a click on T11 (Athenian peltasts) lights where they may go: Amphipolis (T12) among them
    page.locator('.amph-board g.zone.main[data-zone="T11"]').click()
    lit = '.amph-board g.zone.main[data-zone="T12"] [stroke="#f2a900"]'
    page.locator(lit).first.wait_for(state="attached", timeout=SETTLE)
    assert board.selected == "T11" and "T12" in board.lit()
    page.screenshot(path=screenshot_dir / "amphipolis-board-10.1-lit-1366x900.png")
    assert console_errors == []
