"""*Athens & Sparta* on the shared dashboard in a real browser (docs/athens-sparta.md, "Playing in
a notebook"): at 1366x900 against the computer, the player picks a card on the panel, clicks
Athens on the board (its blocks' destinations light up), moves a block with the panel's list
and Go, and sees Sparta's blocks face down only, none of their ids on the page. A screenshot
goes to artifacts/screenshots/ for a person to look at."""

from __future__ import annotations

import re

import pytest
from IPython.display import display

from hellenes_nb.widgets.dashboard import Dashboard

pytestmark = pytest.mark.browser

SETTLE = 30_000  # ms: bounded wait for the frontend (CI shares 2 cores)


def test_pick_a_card_move_a_block_and_see_the_enemy_face_down(solara_test, page_session,
                                                              screenshot_dir, console_errors):
    dash = Dashboard("athens-sparta", seed=3, human="athens")
    display(dash)
    page = page_session
    page.set_viewport_size({"width": 1366, "height": 900})
    page.locator(".hn-dash .as-board svg").wait_for(timeout=SETTLE)
    assert "Olympiad 84, Game Turn 1 of 6" in page.locator(".hn-head").inner_text()
    # the card pick: the panel words each card by its MPs
    four = page.locator(".hn-choices.hn-settled .hn-choice", has_text=re.compile(r"^\d MP"))
    four.first.wait_for(timeout=SETTLE)
    cards = [a for a in dash.choices if a["type"] == "card"]
    page.locator(".hn-choices.hn-settled .hn-choice").filter(
        has_text=re.compile(r"^\d MP")).last.click()
    page.locator(".hn-group", has_text="Moves").first.wait_for(timeout=SETTLE)
    assert dash.game.history[-1]["type"] == "card" and dash.game.history[-1]["card"] in {
        a["card"] for a in cards}
    assert dash.game.prompt.side == "athens" and dash.game.prompt.kind == "ops"
    # the enemy stands face down: as many as the view has, and no Spartan id on the page
    view = dash.game.view("athens")
    on_map = sum(1 for b in view["blocks"] if b["side"] == "sparta" and b["where"][0].isdigit())
    assert page.locator(".as-board g.block.face-down[data-side=sparta]").count() == on_map > 5
    assert page.locator(".as-board g.block.face-up[data-side=sparta]").count() == 0
    html = page.content()
    for block, where in dash.game.state.board.blocks.items():
        if where.side == "sparta":
            assert f'"{block}"' not in html and f">{block}<" not in html
    # a click on Athens lights where its blocks may go
    page.locator('.as-board path.hex[data-hex="0907"]').click(force=True)
    page.locator(".as-board [data-lit]").nth(2).wait_for(timeout=SETTLE)
    assert "Lit: where your blocks in Athens (0907) may go now." in page.locator(
        ".as-note").inner_text()
    # a move from the block's list, then Go
    before = len(dash.game.history)
    row = page.locator(".hn-pick", has=page.locator(
        "select[aria-label^='Athens I (hoplite']"))
    row.locator("select").select_option(index=0)
    row.locator(".hn-go").click()
    page.locator(f".hn-choices.hn-moves-{before + 1}.hn-settled").wait_for(timeout=SETTLE)
    moved = dash.game.history[before]
    assert moved["side"] == "athens" and moved["block"] == "ath-h1"
    page.screenshot(path=str(screenshot_dir / "as_dashboard.png"))
    assert console_errors == []
