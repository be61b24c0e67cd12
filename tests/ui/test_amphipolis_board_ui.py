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


#: the smallest counter text (strength, id, leader) a class reads on a projector, in CSS px
READABLE_PX = 11
#: every counter text's rendered size: its font size in user units times the on-screen scale
#: of its coordinate system (transforms of the counter, the stack and the board included)
_SIZES_JS = """els => els.map(t => {
    const size = parseFloat(getComputedStyle(t).fontSize);
    const m = t.getScreenCTM();
    const box = t.getBoundingClientRect();
    return {px: size * Math.hypot(m.a, m.b), text: t.textContent, h: box.height};
})"""


@pytest.mark.parametrize("scenario", ["amphipolis-10.1", "amphipolis-10.2", "amphipolis-10.3",
                                      "amphipolis-10.4"])
def test_counter_text_is_readable_on_the_dashboard_at_1366x900(
        scenario, solara_test, page_session, screenshot_dir, console_errors):
    """Issue 29 item 3 (classroom size): on the dashboard at 1366x900, every word and figure on
    a counter (strength, unit type, leader's name, a stack's count) renders at 11 px or more."""
    from hellenes_nb.widgets.dashboard import Dashboard

    page = page_session
    page.set_viewport_size(VIEWPORT)
    dash = Dashboard(scenario, seed=7)
    display(dash)
    texts = page.locator(".amph-board g.unit text, .amph-board g.leader text, "
                         ".amph-board g.stack text")
    texts.first.wait_for(state="attached", timeout=SETTLE)
    sizes = texts.evaluate_all(_SIZES_JS)
    page.screenshot(path=screenshot_dir / f"amphipolis-dashboard-{scenario[-4:]}-1366x900.png")
    assert sizes
    small = [s for s in sizes if s["px"] < READABLE_PX]
    assert not small, (f"{len(small)} of {len(sizes)} counter texts under {READABLE_PX} px, "
                       f"smallest {min(s['px'] for s in sizes):.1f} px")
    assert dash is not None and console_errors == []
