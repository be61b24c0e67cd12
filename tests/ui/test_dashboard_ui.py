"""The play dashboard in a real browser (Solara's widget manager in headless Chromium).

Each test displays a Dashboard, plays it by clicking like a person would and checks the game in
Python. Screenshots land in artifacts/screenshots/ for a person to look at.
"""

from __future__ import annotations

import pytest
from IPython.display import display
from support.echo import PythonEcho
from support.widget_helpers import to_battle

from hellenes_nb.bots import RandomBot
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot
from hellenes_nb.games.hellenes.widgets.battleview import EngineBattleView
from hellenes_nb.widgets.dashboard import (
    FINISH,
    ROW_BUTTONS,
    Dashboard,
    group_choices,
)

pytestmark = pytest.mark.browser

SETTLE = 30_000  # ms: bounded wait for the frontend (generous: CI shares 2 cores)
VIEWPORT = {"width": 1400, "height": 1000}


def _show(page, dash: Dashboard) -> None:
    display(dash)
    page.set_viewport_size(VIEWPORT)
    page.locator(".hn-dash").wait_for(timeout=SETTLE)


def test_dashboard_renders(solara_test, page_session, screenshot_dir, console_errors):
    dash = Dashboard("431", seed=7)
    _show(page_session, dash)
    page_session.locator(".hmap-svg").wait_for(timeout=SETTLE)
    page_session.locator(".hn-choice").first.wait_for(timeout=SETTLE)
    assert page_session.locator(".hn-cardtile").count() == len(dash.hand) + len(
        [c for c in dash.game.state.in_play if c[0] not in dash.game.state.leaders])
    assert "New Year 431 BC" in page_session.locator(".hn-head").inner_text()
    assert page_session.locator(".hn-log-line").count() == len(dash.game.view("athens")["log"])
    page_session.locator(".bqplot").first.wait_for(timeout=SETTLE)
    page_session.screenshot(path=screenshot_dir / "dashboard-start.png", full_page=True)
    assert console_errors == []


def _pick(dash: Dashboard) -> dict:
    """What a hurried player clicks: finish a phase if offered, else play a card for actions,
    else the first button on screen (rows with many options are drop-down lists)."""
    shown = [a for g in group_choices(dash.game, dash.choices) for r in g["rows"]
             if len(r["options"]) <= ROW_BUTTONS for _l, a in r["options"] + r["chips"]]
    for test in (lambda a: a["type"] in FINISH,
                 lambda a: a["type"] == "play_card" and a.get("use") == "actions",
                 lambda a: True):
        found = [a for a in shown if test(a)]
        if found:
            return found[0]
    raise AssertionError(f"no choice button on screen: {dash!r} {dash.choices}")


def _settled(page, after: int) -> int:
    """Wait until the page shows the final choices of a position after ``after`` moves (the
    dashboard marks its choice box ``hn-settled hn-moves-N``); return N."""
    page.wait_for_function(
        """n => [...document.querySelectorAll('.hn-settled')].some(e => [...e.classList]
             .some(c => c.startsWith('hn-moves-') && Number(c.slice(9)) > n))""",
        arg=after, timeout=SETTLE)
    return page.evaluate("""() => Math.max(...[...document.querySelectorAll('.hn-settled')]
        .flatMap(e => [...e.classList]).filter(c => c.startsWith('hn-moves-'))
        .map(c => Number(c.slice(9))))""")


def _click_like_a_hurried_player(page) -> None:
    """Finish a phase if offered, else play a card for actions, else the first button: all
    read from the page, never from Python."""
    settled = page.locator(".hn-settled")
    settled.locator(".hn-choice").first.wait_for(timeout=SETTLE)
    for pick in (".hn-finish", ".hn-choice[title*=' for actions']", ".hn-choice"):
        found = settled.locator(pick)
        if found.count():
            found.first.click(timeout=SETTLE)
            return


def test_clicking_choice_buttons_plays_turns(solara_test, page_session, screenshot_dir,
                                             console_errors):
    dash = Dashboard("431", seed=7, bot="random")
    _show(page_session, dash)
    start = len(dash.game.history)
    shown = _settled(page_session, -1)
    for _ in range(10):
        _click_like_a_hurried_player(page_session)
        # the click and the computer's answers run in the kernel: wait for the page to settle
        shown = _settled(page_session, shown)
        if page_session.locator(".hn-over").count():
            break
    g = dash.game
    assert len(g.history) >= start + 10
    assert {a["side"] for a in g.history} == {"athens", "sparta"}
    assert (g.state.season, g.state.year) != (0, 431), "play moved past the New Year"
    page_session.screenshot(path=screenshot_dir / "dashboard-playing.png", full_page=True)
    # undo by the toolbar button
    if not dash.undo_button.disabled:
        page_session.locator("button:has-text('Undo')").click()
        page_session.locator(".hn-msg:has-text('Took back'), .hn-msg:has-text('⚠')").wait_for(
            timeout=SETTLE)
    assert console_errors == []


def _nothing_shown(page) -> None:
    """The hand-over screen: no map, hand or block on screen, and none of either side's
    blocks or cards anywhere in the page (the board stays in the page, hidden and empty)."""
    assert not page.locator(".hmap-svg").first.is_visible()
    assert page.locator(".hmap-block, .hmap-stack, .hn-cardtile").count() == 0


def test_hotseat_hand_over_screen(solara_test, page_session, screenshot_dir, console_errors):
    dash = Dashboard("431", seed=4, mode="hotseat")
    _show(page_session, dash)
    echo = PythonEcho()
    cover = page_session.locator(".hn-cover")
    cover.wait_for(timeout=SETTLE)
    assert "Pass to Athens" in cover.inner_text()
    _nothing_shown(page_session)
    page_session.screenshot(path=screenshot_dir / "dashboard-handover.png", full_page=True)
    page_session.locator("button:has-text('I am Athens')").click()
    page_session.locator(".hmap-svg").wait_for(timeout=SETTLE)
    echo.wait(page_session, lambda: dash.viewer == "athens", "Athens to take the screen",
              dash.map)
    page_session.locator(".hn-choice:has-text('Play for its event'), .hn-chip").first.click()
    page_session.locator("button:has-text('I am Sparta')").wait_for(timeout=SETTLE)
    assert dash.handover_to == "sparta" and dash.map.viewer == "athens"
    page_session.locator(".hn-cover").wait_for(state="visible", timeout=SETTLE)
    page_session.locator(".hmap-block, .hmap-stack").first.wait_for(state="detached",
                                                                     timeout=SETTLE)
    _nothing_shown(page_session)
    page_session.locator("button:has-text('I am Sparta')").click()
    page_session.locator(".hmap-svg").wait_for(timeout=SETTLE)
    echo.wait(page_session, lambda: dash.map.viewer == "sparta", "Sparta's view", dash.map)
    assert console_errors == []


def test_battle_board_in_the_dashboard(solara_test, page_session, screenshot_dir,
                                       console_errors):
    dash = Dashboard("431", seed=1)
    to_battle(dash, HeuristicBot(101))
    view = dash.battle_box.children[0].children[0]
    assert isinstance(view, EngineBattleView)
    _show(page_session, dash)
    board = page_session.locator(".hn-dash-battle .hb-choices button").first
    board.wait_for(timeout=SETTLE)
    assert not page_session.locator(".hn-dash-battle .hb-controls").first.is_visible()
    page_session.locator(".hn-dash-battle").scroll_into_view_if_needed()
    page_session.locator(".hn-dash-battle .hb-block").first.wait_for(timeout=SETTLE)
    page_session.screenshot(path=screenshot_dir / "dashboard-battle.png", full_page=True)
    n = len(dash.game.history)
    board.click()  # the page's request reaches the game, which the panels then show
    _settled(page_session, n)
    assert dash.game.history[n]["type"] == "battle_choice"
    assert console_errors == []


def test_game_over_and_replay(solara_test, page_session, screenshot_dir, console_errors):
    dash = Dashboard("431", seed=7, bot="random")
    me = RandomBot(3)
    while not dash.game.over:
        dash.choose(me.choose(dash.game, "athens"))
    _show(page_session, dash)
    echo = PythonEcho()
    assert "GAME OVER" in page_session.locator(".hn-over").inner_text().upper()
    assert dash.map.viewer == "all"
    page_session.locator("button:has-text('Replay')").click()
    page_session.locator(".hn-replay .hmap-svg").wait_for(timeout=SETTLE)
    assert dash.replay is not None, "the page shows the replay Python made"
    n = len(dash.game.history)
    assert dash.replay.position == n
    page_session.locator(".hn-replay button:has-text('Previous')").click()
    page_session.locator(f".hn-rp:has-text('Move {n - 1} of')").wait_for(timeout=SETTLE)
    # the kernel thread has finished the click once the Next button it enables last is on
    echo.wait(page_session, lambda: dash.replay.position == n - 1
              and not dash.replay.next_button.disabled, "one move back", dash.replay.next_button)
    dash.replay.show(12)
    page_session.locator(".hn-rp:has-text('Move 12 of')").wait_for(timeout=SETTLE)
    page_session.locator(".hn-replay").scroll_into_view_if_needed()
    page_session.screenshot(path=screenshot_dir / "dashboard-replay.png", full_page=True)
    assert console_errors == []


@pytest.mark.rule("4.1")
def test_moving_on_the_map_updates_the_dashboard(solara_test, page_session, screenshot_dir,
                                                 console_errors):
    dash = Dashboard("431", seed=1, bot="random")
    me = HeuristicBot(7)
    while not any(a["type"] == "move_group" for a in dash.choices):
        dash.choose(me.choose(dash.game, "athens"))
    group = next(a for a in dash.choices if a["type"] == "move_group")
    _show(page_session, dash)
    page_session.locator(".hmap-svg").wait_for(timeout=SETTLE)
    dash.map.focus(group["area"], 3)
    dash.map.selected_area = group["area"]
    assert dash.map.destinations
    go = page_session.locator(".hmap-go").first
    go.wait_for(timeout=SETTLE)
    target = go.get_attribute("data-go")
    n = len(dash.game.history)
    page_session.screenshot(path=screenshot_dir / "dashboard-move.png", full_page=True)
    go.click()  # the page's play request: the move, then the panels drawn once
    moves = _settled(page_session, n)
    assert moves == len(dash.game.history)
    assert any(a["type"] == "move" and a["path"][-1] == target for a in dash.game.history[n:])
    page_session.locator(f".hn-who:has-text('{len(dash.game.history)} moves')").wait_for(
        timeout=SETTLE)
    page_session.locator(f".hmap[data-moves='{len(dash.game.history)}']").wait_for(
        timeout=SETTLE)
    assert console_errors == []
