"""300: Earth & Water on the shared dashboard in a real browser (issue 27 item 2: these tests
drove the old standalone EWBoard before): the board draws the eleven cities, a click on a choice
plays it, a click on a city narrows the choices, a battle is shown die by die, the replay, the
sealed Save link, the level picker and the classroom size. Screenshots land in
artifacts/screenshots/ for a person to look at."""

from __future__ import annotations

import base64
import json

import pytest
from IPython.display import display
from support.earth_water_positions import do, ew_game, play

from hellenes_nb.core.game import new_game
from hellenes_nb.widgets.dashboard import Dashboard

pytestmark = pytest.mark.browser

SETTLE = 30_000  # ms: bounded wait for the frontend (CI shares 2 cores)


@pytest.mark.rule("7.1")
def test_ew_battle_view_die_by_die(solara_test, page_session, screenshot_dir):
    game = ew_game(ga={"athenai": 1, "thebai": 1}, pa={"larissa": 2}, persian=(14,),
                   greek=(13,), dice=(4, 6, 6))
    play(game, "persia", 14, "move")
    do(game, type="land_move", to="thebai", armies=2)
    dash = Dashboard(game=game, human="greece", bot="random")
    display(dash)
    page = page_session
    page.locator(".hn-choice", has_text="Fight without a battle card").click(timeout=SETTLE)
    line = page.locator(".hn-ip-line", has_text="Persia rolled 6 and 6 (a Persian die counts "
                        "at most 4 here, §7.1: so 4 and 4)")
    line.first.wait_for(timeout=SETTLE)  # the Persian dice counted up to 4 (§7.1)
    assert "highest die 4 against 4" in line.first.inner_text()
    page.screenshot(path=str(screenshot_dir / "ew_battle.png"), full_page=True)


def test_ew_replay_steps_back_in_the_page(solara_test, page_session, screenshot_dir):
    dash = Dashboard("earth-water", seed=5, human="greece", bot="heuristic")
    while len(dash.game.history) < 30:
        dash.choose(len(dash.choices) - 1)
    replay = dash.open_replay()
    display(replay)
    page = page_session
    n = len(dash.game.history)
    page.locator(".hn-replay .hn-rp-board svg").wait_for(timeout=SETTLE)
    assert page.locator(".hn-rp-board g[data-city]").count() >= 11
    page.locator(f".hn-rp:has-text('Move {n} of {n}')").wait_for(timeout=SETTLE)
    page.locator(".hn-replay button:has-text('Previous')").click()
    page.locator(f".hn-rp:has-text('Move {n - 1} of {n}')").wait_for(timeout=SETTLE)
    assert replay.position == n - 1
    page.screenshot(path=str(screenshot_dir / "ew_replay.png"), full_page=True)


def test_ew_save_link_holds_the_sealed_file(solara_test, page_session):
    dash = Dashboard(game=new_game("earth-water", 4_062_731_958_117), human="greece",
                     bot="random")
    dash.seed_secret = True  # as if dealt from a random seed
    display(dash)
    page = page_session
    page.locator(".hn-toolbar button:has-text('Save')").click(timeout=SETTLE)
    link = page.locator(".hn-download")
    link.wait_for(timeout=SETTLE)
    href = link.get_attribute("href")
    text = base64.b64decode(href.split(",", 1)[1]).decode()
    assert json.loads(text)["format"] == "hellenes-nb sealed game"
    assert str(dash.game.seed) not in text and '"seed"' not in text
    assert json.dumps(dash.game.state.hands[1]) not in text


def test_ew_level_picker_sets_the_computer(solara_test, page_session):
    """The opponent picker (docs/bots.md, "Levels"): picking "hard" in the page makes the
    computer the search."""
    dash = Dashboard("earth-water", seed=3, human="greece")
    display(dash)
    page = page_session
    picker = page.locator("select", has=page.locator("option", has_text="level: hard"))
    picker.wait_for(timeout=SETTLE)
    picker.select_option(label="level: hard")
    for _ in range(100):
        if dash.level == "hard":
            break
        page.wait_for_timeout(100)
    assert dash.level == "hard" and dash.bot.name == "search"


def test_ew_board_classroom_size(solara_test, page_session, screenshot_dir):
    """``size="classroom"``: the board drawn larger for a projector inside the dashboard; a
    screenshot at 1366×900 for a person to look at."""
    dash = Dashboard("earth-water", seed=3, human="greece", size="classroom")
    display(dash)
    page = page_session
    page.set_viewport_size({"width": 1366, "height": 900})
    page.locator(".hn-dash .ew-classroom .ew-map svg").wait_for(timeout=SETTLE)
    assert page.locator(".ew-classroom .ew-map svg [transform*='scale(1.4)']").count() >= 11
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
