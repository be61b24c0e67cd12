"""Notebook 00's tables in a real browser at 1366x900 (issue 28 item 7): Jupyter's own style
right-aligns every table cell of an output; a class's table keeps its words aligned left and
only its numbers right."""

from __future__ import annotations

import pytest
from IPython.display import display
from support.browser import SETTLE

from hellenes_nb.games.hellenes.world import load_world
from hellenes_nb.widgets.lesson_tables import table

pytestmark = pytest.mark.browser


def test_the_cards_table_aligns_words_left_and_numbers_right(solara_test, page_session,
                                                             console_errors):
    page = page_session
    page.set_viewport_size({"width": 1366, "height": 900})
    cards = load_world().frames()["cards"]
    display(table(cards.filter(cards["border"] == "gold").select(
        "number", "title", "actions", "side", "text"), caption="The gold-bordered cards"))
    page.locator(".hl-table td").first.wait_for(timeout=SETTLE)
    # the page is styled as Jupyter styles an output (its rule right-aligns every cell)
    page.add_style_tag(content=":not(.jp-RenderedMarkdown).jp-RenderedHTMLCommon td, "
                               ":not(.jp-RenderedMarkdown).jp-RenderedHTMLCommon th "
                               "{ text-align: right; }")
    page.evaluate("() => document.querySelector('.hl-table').parentElement"
                  ".classList.add('jp-RenderedHTMLCommon')")
    align = page.locator(".hl-table tbody tr").first.locator("td").evaluate_all(
        "els => els.map(e => getComputedStyle(e).textAlign)")
    assert align == ["right", "left", "right", "left", "left"]
    heads = page.locator(".hl-table th").evaluate_all(
        "els => els.map(e => getComputedStyle(e).textAlign)")
    assert set(heads) == {"left"}
    assert console_errors == []
