"""Issue 28 item 4 in the page, at 1366×900: the words a class reads on the dashboard. A prompt
shows at most two rule sections (the rest on hover), the computer is named by its level as the
level menu names it, the log says a season's date once, and the save link's file name says the
game, the scenario, the moment and the year (the Python side: tests/widgets/
test_dashboard_words.py)."""

from __future__ import annotations

import re

import pytest
from IPython.display import display
from support.widget_helpers import to_battle

from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot
from hellenes_nb.widgets.dashboard import Dashboard

pytestmark = pytest.mark.browser

SETTLE = 30_000  # ms: bounded wait for the frontend (CI shares 2 cores)
LAPTOP = {"width": 1366, "height": 900}


def _show(page, dash: Dashboard) -> None:
    page.set_viewport_size(LAPTOP)
    display(dash)
    page.locator(".hn-dash .hn-prompt").first.wait_for(timeout=SETTLE)


def test_the_page_names_the_level_says_the_date_once_and_names_the_save(
        solara_test, page_session, console_errors):
    page = page_session
    dash = Dashboard("431", seed=7, human="athens", bot="heuristic")
    _show(page, dash)
    head = page.locator(".hn-dash .hn-head").first.inner_text()
    assert "against the computer (level: normal)" in head and "heuristic" not in head
    lines = page.locator(".hn-dash .hn-log-line").all_inner_texts()
    opening = next(t for t in lines if "New Year 431 BC" in t)
    assert opening.count("431") == 1, opening
    page.locator(".hn-dash button:has-text('Save')").first.click()
    link = page.locator(".hn-download").first
    link.wait_for(timeout=SETTLE)
    assert link.get_attribute("download") == "hellenes-431-new-year-431BC.json"
    assert console_errors == []


def test_6_32_a_battle_prompt_shows_two_rule_sections_and_the_rest_on_hover(
        solara_test, page_session, console_errors):
    page = page_session
    dash = Dashboard("431", seed=1)
    to_battle(dash, HeuristicBot(101))
    _show(page, dash)
    prompt = page.locator(".hn-dash .hn-prompt").first
    seen = prompt.inner_text()
    title = prompt.locator(".hn-rule").get_attribute("title")  # every section, on hover
    assert all(f"§{r}" in title for r in dash.game.prompt.rules), title
    cited = title.count("§")
    assert cited > 2, "this battle prompt cites more than two sections"
    assert len(re.findall(r"§\d", seen)) == 2 and f"+{cited - 2} more" in seen, seen
    assert console_errors == []
