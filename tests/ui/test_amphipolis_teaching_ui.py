"""Amphipolis' teaching parts in a real browser (issue 29 item 5), at 1366x900: the tutorial's
game picker opens the Amphipolis chapter on the game's own board, and a worked example
(Clearidas' diplomacy at Toronè, with the book's die) is solved by its button; the board
follows. A lesson ("Brasidas against Thucydides, 424") steps to the bridge on the game's board
and branches at Thucydides' decision. Every wait is on the page with a bound; screenshots go to
artifacts/screenshots/."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support.browser import SETTLE, open_lesson, open_tutorial_game, wait_changed

pytestmark = pytest.mark.browser



def test_the_amphipolis_tutorial_plays_clearidas_diplomacy_by_its_button(
        solara_test, page_session, tmp_path, screenshot_dir, console_errors):
    page = page_session
    w = open_tutorial_game(page, tmp_path / "progress.json", "amphipolis", "the initiative roll")
    page.locator("select.ht-task").select_option("amph-diplomacy-torone")
    page.locator(".ht-title", has_text="Clearidas' diplomacy").wait_for(timeout=SETTLE)
    torone = '.amph-board g.zone[data-zone="O4"]'
    page.locator(torone).wait_for(state="attached", timeout=SETTLE)
    before = page.locator(torone).inner_html()
    page.screenshot(path=screenshot_dir / "tutorial-amphipolis-1366x900.png")
    page.locator(".ht-choice", has_text="diplomacy at Toronè").click()
    page.locator('.ht-panel[data-status="solved"]').wait_for(timeout=SETTLE)
    # the board followed the game: Toronè's garrison turned Spartan
    wait_changed(page, torone, before)
    page.screenshot(path=screenshot_dir / "tutorial-amphipolis-solved-1366x900.png")
    assert w.progress.stars("amph-diplomacy-torone") == 3
    assert console_errors == []


def test_the_brasidas_lesson_steps_to_the_bridge_and_branches_at_thasos(
        solara_test, page_session, screenshot_dir, console_errors):
    page = page_session
    w = open_lesson(page, "brasidas-thucydides-424", ".amph-board", "Thucydides 4.103.1-3")
    bridge = '.hl-lesson .amph-board svg'
    before = page.locator(bridge).first.inner_html()
    page.locator(".hl-next").click()
    expect(page.locator(".hl-progress").first).to_have_text("2 / 5", timeout=SETTLE)
    page.locator(".hl-lesson h3", has_text="The bridge in the snow").wait_for(timeout=SETTLE)
    page.locator(".hl-events li", has_text="Combat in Between the city and the bridge").wait_for(
        timeout=SETTLE)
    # the board followed the step: Brasidas' army stands across the bridge
    wait_changed(page, bridge, before)
    page.screenshot(path=screenshot_dir / "lesson-amphipolis-bridge-1366x900.png")
    page.locator(".hl-next").click()
    page.locator(".hl-lesson h3", has_text="Eucles sends for Thucydides").wait_for(timeout=SETTLE)
    page.locator(".hl-option", has_text="Wait at Thasos").click()
    page.locator(".hl-chosen", has_text="History went another way").wait_for(timeout=SETTLE)
    assert w.lesson.view()["decision"]["chosen"] == "wait"
    assert console_errors == []


@pytest.mark.rule("5.2")
def test_the_sappers_task_brings_the_walls_down_on_the_main_map(
        solara_test, page_session, tmp_path, screenshot_dir, console_errors):
    """A new main-map task (§5.2) in the browser: Sparta's walls stand drawn solid; the
    learner's click on the S11 button solves the task and the board redraws them destroyed."""
    page = page_session
    w = open_tutorial_game(page, tmp_path / "progress.json", "amphipolis", "the initiative roll")
    page.locator("select.ht-chapter").select_option("amph-main-map")
    page.locator("select.ht-task option[value='amph-walls-sap']").wait_for(
        state="attached", timeout=SETTLE)
    page.locator("select.ht-task").select_option("amph-walls-sap")
    page.locator(".ht-title", has_text="Athenian sappers").wait_for(timeout=SETTLE)
    wall = '.amph-board g.wall[data-wall="buildable"] line[stroke="{}"]'
    page.locator(wall.format("#222")).first.wait_for(state="attached", timeout=SETTLE)
    page.screenshot(path=screenshot_dir / "tutorial-amphipolis-sappers-1366x900.png")
    page.locator(".ht-choice", has_text="S11").click()
    page.locator('.ht-panel[data-status="solved"]').wait_for(timeout=SETTLE)
    page.locator(wall.format("#999")).first.wait_for(state="attached", timeout=SETTLE)
    page.screenshot(path=screenshot_dir / "tutorial-amphipolis-sappers-solved-1366x900.png")
    assert w.progress.stars("amph-walls-sap") == 3
    assert console_errors == []


def test_the_cleon_lesson_plays_from_the_set_up_to_the_hill(
        solara_test, page_session, screenshot_dir, console_errors):
    """The Cleon lesson in the browser: its first step shows Cleon's army landed at Eion from
    the set-up of 10.3; three steps on, his counters stand on the hill (T8) before the city."""
    page = page_session
    w = open_lesson(page, "cleon-defeat-422", ".amph-board", "Thucydides 5.2.1")
    eion = page.locator('.hl-lesson .amph-board g.pieces.main[data-zone="T5"] g.unit')
    eion.first.wait_for(state="attached", timeout=SETTLE)
    page.screenshot(path=screenshot_dir / "lesson-amphipolis-cleon-landing-1366x900.png")
    for n in (2, 3, 4):
        page.locator(".hl-next").click()
        expect(page.locator(".hl-progress").first).to_have_text(f"{n} / 6", timeout=SETTLE)
    page.locator(".hl-lesson h3", has_text="Cleon goes up to look").wait_for(timeout=SETTLE)
    hill = '.hl-lesson .amph-board g.pieces.main[data-zone="T8"] g.unit[data-side="athens"]'
    page.locator(hill).first.wait_for(state="attached", timeout=SETTLE)
    page.screenshot(path=screenshot_dir / "lesson-amphipolis-cleon-hill-1366x900.png")
    # every Athenian counter on the hill is seen, none under the city's stack next to it
    on_top = page.locator(hill).evaluate_all("""els => els.map(e => {
        const b = e.getBoundingClientRect();
        const top = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
        return top && top.closest('g.pieces') ? top.closest('g.pieces').dataset.zone : null;
    })""")
    assert on_top and set(on_top) == {"T8"}, on_top
    assert w.lesson.game.state.turn == 9
    assert console_errors == []
