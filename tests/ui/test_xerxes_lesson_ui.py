"""The Xerxes lesson (300: Earth & Water) in the one LessonWidget, in a real browser (issue 27,
item 3): the game's own board beside the narrative, Next and Go to moving it, the decision at
Thermopylae answered by a click and the board showing the branch, the class question without a
hidden answer, and Take command opening the shared dashboard. Every wait is on the page;
screenshots at 1366x900 go to artifacts/screenshots/ for a person to look at."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from support.browser import open_lesson

pytestmark = pytest.mark.browser

SETTLE = 30_000  # ms: bounded wait for the frontend (generous: CI shares 2 cores)


def _shows_step(page, n: int) -> None:
    expect(page.locator(".hl-lesson .hl-progress").first).to_have_text(f"{n} / 7",
                                                                        timeout=SETTLE)


def test_the_xerxes_lesson_plays_in_the_lesson_widget(solara_test, page_session, screenshot_dir,
                                                      console_errors):
    page = page_session
    w = open_lesson(page, "xerxes-480-479", ".ew-map", "Herodotus 7.33-36")
    expect(page.locator(".hl-lesson .ew-choice")).to_have_count(0)  # for looking only
    page.screenshot(path=screenshot_dir / "xerxes-lesson-step1.png")

    page.locator(".hl-next").click()
    _shows_step(page, 2)
    page.locator(".hl-lesson h3", has_text="The wooden walls").wait_for(timeout=SETTLE)
    expect(page.locator(".hl-reveal")).to_be_hidden()  # a question for discussion

    page.locator(".hl-lesson select").first.select_option(label="3. Thermopylae")
    _shows_step(page, 3)
    page.locator(".hl-option", has_text="Keep the card").click()
    page.locator(".hl-chosen", has_text="History went another way").wait_for(timeout=SETTLE)
    page.locator(".hl-events li", has_text="Round 1 in Delphi").wait_for(timeout=SETTLE)
    assert w.lesson.view()["decision"]["chosen"] == "keep"
    expect(page.locator(".hl-events li", has_text="Round 1 in Delphi")).to_contain_text(
        "Greece rolls 2, Persia rolls 5, 3, 1 (counted up to 4)")  # the dice, in words
    expect(page.locator(".hl-board .ew-choice")).to_have_count(0)  # the board only shows
    page.screenshot(path=screenshot_dir / "xerxes-lesson-decision.png")

    page.locator(".hl-command-bot").click()
    expect(page.locator(".ew-map svg")).to_have_count(2, timeout=SETTLE)
    assert w.command is not None and w.command.human == "greece"  # the shared dashboard
    page.locator(".hl-lesson .hn-dash .ew-map svg").wait_for(timeout=SETTLE)
    page.locator(".hl-lesson .hl-note", has_text="A live game").wait_for(timeout=SETTLE)
    assert console_errors == []
