"""*Athens & Sparta* with Syracuse in a real browser at 1366x900 (docs/athens-sparta.md,
"Sicily and Syracuse"): the scenario with the Syracuse points asks the player, on the
dashboard's panel, which card to set aside at Sicily, in words; and the board draws the
blocks standing in the Sicily box (the player's own face up, the enemy's face down)."""

from __future__ import annotations

import pytest
from IPython.display import display
from playwright.sync_api import expect

from hellenes_nb.widgets.dashboard import Dashboard

pytestmark = pytest.mark.browser

SETTLE = 30_000  # ms: bounded wait for the frontend (CI shares 2 cores)


def test_the_sicily_card_is_asked_in_words_and_the_box_shows_its_blocks(
        solara_test, page_session, console_errors):
    dash = Dashboard("athens-sparta-syracuse", seed=4, human="athens")
    display(dash)
    page = page_session
    page.set_viewport_size({"width": 1366, "height": 900})
    page.locator(".hn-dash .as-board svg").wait_for(timeout=SETTLE)
    while dash.game.prompt.kind == "mulligan":
        dash.choose(next(a for a in dash.choices if a["type"] == "keep_hand"))
    aside = page.locator(".hn-choices.hn-settled .hn-choice", has_text="aside at Sicily")
    aside.first.wait_for(timeout=SETTLE)
    assert aside.count() == 6  # one choice a card of the hand
    page.screenshot(path="/tmp/sr_dashboard_sicily_card.png")
    aside.first.click()
    # the aside choices' own labels name MPs: wait until they are gone (the click reached
    # Python and the panel was drawn again), then for the card pick that follows
    expect(aside).to_have_count(0, timeout=SETTLE)
    page.locator(".hn-choices.hn-settled .hn-choice").filter(
        has_text="MP").first.wait_for(timeout=SETTLE)
    assert dash.game.state.sicily.get("athens")
    # Athens sails Corcyra's hoplites to Syracuse: it joins Sparta, its blocks in the box
    for _ in range(40):
        if dash.game.prompt.kind == "ops" and dash.game.prompt.side == "athens":
            break
        mine = dash.choices
        dash.choose(next((a for a in mine if a["type"].startswith("end")), mine[0]))
    dash.choose({"type": "sea", "side": "athens", "block": "corcyra-h", "to": "syracuse"})
    assert dash.game.state.board.control["syracuse"] == "sparta"
    box = ".as-board g.stack[data-hex=syracuse]"
    page.locator(f"{box} g.block").nth(3).wait_for(timeout=SETTLE)
    assert page.locator(f"{box} g.block.face-up[data-side=athens]").count() == 1
    assert page.locator(f"{box} g.block.face-down[data-side=sparta]").count() == 3
    page.screenshot(path="/tmp/sr_dashboard_sicily_box.png")
