"""The 300: Earth & Water board in a real browser: it draws the eleven cities, a click on a
choice plays it, a click on a city narrows the choices, and a battle is shown die by die.
Screenshots land in artifacts/screenshots/ for a person to look at."""

from __future__ import annotations

import base64
import json

import pytest
from IPython.display import display
from support.earth_water_positions import do, ew_game, play

from hellenes_nb.widgets.ew_board import EWBoard

pytestmark = pytest.mark.browser

SETTLE = 30_000  # ms: bounded wait for the frontend (CI shares 2 cores)


def _click_and_wait_for_change(page, locator) -> None:
    """Click ``locator`` and wait until the board's text changes (the answer reached the
    page)."""
    before = page.locator(".ew-side").inner_text()
    locator.click()
    page.wait_for_function("(b) => document.querySelector('.ew-side').innerText !== b",
                           arg=before, timeout=SETTLE)


def test_ew_board_plays_by_clicks(solara_test, page_session, screenshot_dir):
    board = EWBoard(seed=3, player="persia", opponent="random")
    display(board)
    page = page_session
    page.locator(".ew-map svg").wait_for(timeout=SETTLE)
    assert page.locator(".ew-map g.port[data-city], .ew-map g.city[data-city]").count() == 11
    _click_and_wait_for_change(page, page.locator(".ew-choice").first)  # buy no cards
    assert board.game.history[0]["type"] == "buy_cards"
    page.locator('.ew-map g[data-city="ephesos"]').first.click()
    page.locator(".ew-filter").wait_for(timeout=SETTLE)
    assert board.selected == "ephesos"
    page.screenshot(path=str(screenshot_dir / "ew_board.png"), full_page=True)


@pytest.mark.rule("7.1")
def test_ew_battle_view_die_by_die(solara_test, page_session, screenshot_dir):
    game = ew_game(ga={"athenai": 1, "thebai": 1}, pa={"larissa": 2}, persian=(14,),
                   greek=(13,), dice=(4, 6, 6))
    play(game, "persia", 14, "move")
    do(game, type="land_move", to="thebai", armies=2)
    board = EWBoard(game, player="greece", opponent="random")
    display(board)
    page = page_session
    page.locator(".ew-choice").first.wait_for(timeout=SETTLE)
    page.locator(".ew-choice", has_text="Fight without a battle card").click()
    page.locator(".ew-round").first.wait_for(timeout=SETTLE)
    assert page.locator(".ew-round .ew-die.ew-persia").first.inner_text() == "6→4"
    page.wait_for_function(  # the rounds fade in one after another
        "() => [...document.querySelectorAll('.ew-round')]"
        ".every((r) => getComputedStyle(r).opacity === '1')", timeout=SETTLE)
    page.screenshot(path=str(screenshot_dir / "ew_battle.png"), full_page=True)


def test_ew_replay_steps_back_in_the_page(solara_test, page_session, screenshot_dir):
    board = EWBoard(seed=5, player="greece", opponent="heuristic")
    while len(board.game.history) < 30:
        board.choose(len(board.choices) - 1)
    replay = board.open_replay()
    display(replay)
    page = page_session
    n = len(board.game.history)
    page.locator(".hn-replay .hn-rp-board svg").wait_for(timeout=SETTLE)
    assert page.locator(".hn-rp-board g[data-city]").count() >= 11
    page.locator(f".hn-rp:has-text('Move {n} of {n}')").wait_for(timeout=SETTLE)
    page.locator(".hn-replay button:has-text('Previous')").click()
    page.locator(f".hn-rp:has-text('Move {n - 1} of {n}')").wait_for(timeout=SETTLE)
    assert replay.position == n - 1
    page.screenshot(path=str(screenshot_dir / "ew_replay.png"), full_page=True)


def test_ew_save_link_holds_the_sealed_file(solara_test, page_session):
    board = EWBoard(seed=4_062_731_958_117, player="greece", opponent="random",
                    seed_secret=True)
    display(board)
    page = page_session
    page.locator(".ew-save").click()
    link = page.locator(".ew-download")
    link.wait_for(timeout=SETTLE)
    href = link.get_attribute("href")
    text = base64.b64decode(href.split(",", 1)[1]).decode()
    assert json.loads(text)["format"] == "hellenes-nb sealed game"
    assert str(board.game.seed) not in text and '"seed"' not in text
    assert json.dumps(board.game.state.hands[1]) not in text


def test_ew_level_picker_sets_the_computer(solara_test, page_session):
    """The opponent picker (docs/bots.md, "Levels"): picking "hard" in the page makes the
    computer the search, and the page shows the level Python now holds."""
    board = EWBoard(seed=3, player="greece")
    display(board)
    page = page_session
    page.locator('.ew-level[data-level="normal"]').wait_for(timeout=SETTLE)
    page.locator(".ew-level-pick").select_option("hard")
    page.locator('.ew-level[data-level="hard"]').wait_for(timeout=SETTLE)
    assert board.level == "hard" and board.bot.name == "search"


def test_ew_board_classroom_size(solara_test, page_session, screenshot_dir):
    """``size="classroom"``: the page enlarges the side panel's text (the board itself is drawn
    larger in Python); a screenshot at 1366×900 for a person to look at."""
    board = EWBoard(seed=3, player="greece", size="classroom")
    display(board)
    page = page_session
    page.set_viewport_size({"width": 1366, "height": 900})
    page.locator(".ew-classroom .ew-map svg").wait_for(timeout=SETTLE)
    size = page.locator(".ew-side").evaluate("e => getComputedStyle(e).fontSize")
    assert size == "18px"
    # a dark theme's light text must not reach the prompt's light box (it did, unreadable)
    page.add_style_tag(content="body, .ew-board { color: #eeeeee !important; }")
    colour = page.locator(".ew-prompt").evaluate("e => getComputedStyle(e).color")
    assert colour == "rgb(43, 36, 24)"
    page.screenshot(path=str(screenshot_dir / "ew_board_classroom.png"), full_page=True)


def test_earth_and_water_on_the_shared_dashboard(solara_test, page_session, screenshot_dir):
    """``Dashboard("earth-water")`` in the page: the shared dashboard (header, decision
    panel, hand, log, toolbar) with the Earth & Water board inside; a city clicked on the
    board narrows the panel, a choice clicked on the panel is played."""
    from hellenes_nb.widgets.dashboard import Dashboard

    dash = Dashboard("earth-water", seed=3, mode="hotseat")
    display(dash)
    page = page_session
    page.set_viewport_size({"width": 1366, "height": 900})
    page.locator("button:has-text('I am Persia')").click(timeout=SETTLE)
    page.locator(".hn-dash .ew-map svg").wait_for(timeout=SETTLE)
    assert page.locator(".ew-map g.port[data-city], .ew-map g.city[data-city]").count() == 11
    assert "Campaign 1 of 5" in page.locator(".hn-head").inner_text()
    page.locator(".hn-choices.hn-moves-0.hn-settled .hn-choice").first.click(timeout=SETTLE)
    page.locator(".hn-choices.hn-moves-1.hn-settled").wait_for(timeout=SETTLE)
    assert dash.game.history[0]["type"] == "buy_cards"
    page.locator('.ew-map g[data-city="abydos"]').first.click()
    page.locator(".ew-view-note .ew-clear").wait_for(timeout=SETTLE)
    assert dash.map.selected == "abydos"
    page.wait_for_function(
        "() => { const t = [...document.querySelectorAll('.hn-choices .hn-choice')]"
        ".map(b => b.innerText).filter(w => w !== 'Go');"
        " return t.length > 0 && t.every(w => w.includes('Abydos')); }", timeout=SETTLE)
    assert all("abydos" in a.values() for a in dash.choice_panel.actions)
    page.screenshot(path=screenshot_dir / "ew-dashboard-1366x900.png", full_page=True)
