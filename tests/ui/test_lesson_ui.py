"""The lesson widget in a real browser (Solara's widget manager in headless Chromium).

A teacher's path through the Pylos lesson: step to the first battle with the Next button, choose
at the decision point, resolve the assault live on the battle board with the lesson's dice, reveal
the class question's answer, then take command of a live game; and through the Amphipolis
lesson: a choice against history, then the sortie before Amphipolis run to the Athenian panic.
The console must stay clean, and screenshots go to artifacts/screenshots/ for a person to look at.
"""

from __future__ import annotations

import pytest
from IPython.display import display

from hellenes_nb.widgets.lesson import LessonWidget

pytestmark = pytest.mark.browser

SETTLE = 30_000  # ms: bounded wait for the frontend (generous: CI shares 2 cores)
VIEWPORT = {"width": 1400, "height": 1000}


def _wait_python(page, predicate, what: str) -> None:
    for _ in range(300):
        if predicate():
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"timed out waiting for {what}")


def _open(page, name: str) -> LessonWidget:
    """Show lesson ``name`` in the page and wait for its text and map."""
    w = LessonWidget(name, speed="fast")
    display(w)
    page.set_viewport_size(VIEWPORT)
    page.locator(".hl-lesson").wait_for(timeout=SETTLE)
    page.locator(".hmap-svg").wait_for(timeout=SETTLE)
    return w


def _next_to(page, w: LessonWidget, last: int) -> None:
    """Click Next until the lesson shows step ``last``."""
    for n in range(w.progress.value + 1, last + 1):
        page.locator(".hl-next").click()
        _wait_python(page, lambda n=n: w.progress.value == n, f"step {n}")


def _first_attack_shows_the_lessons_dice(page, board, record) -> None:
    """Click Next attack once: the attack rolls the lesson's first dice and the page shows them."""
    page.locator("button[data-action='step']").click()
    _wait_python(page, lambda: len(board.history) == 1, "the first attack")
    first = board.history.row(0, named=True)["dice"]
    assert first == record.dice()[:len(first)]
    landed = page.locator(".hb-die-wrap:not(.rolling)")
    _wait_python(page, lambda: landed.count() == len(first), "the dice to land")
    faces = page.locator(".hb-die").evaluate_all("els => els.map(e => Number(e.dataset.face))")
    assert faces == first


def test_step_to_the_assault_fight_it_live_and_take_command(solara_test, page_session,
                                                            screenshot_dir, console_errors):
    page = page_session
    w = _open(page, "pylos-425")
    page.locator("summary", has_text="Thucydides 4.2.1-4").wait_for(timeout=SETTLE)
    page.wait_for_timeout(400)
    page.screenshot(path=screenshot_dir / "lesson-step1.png", full_page=True)

    _next_to(page, w, 5)
    page.locator(".hl-lesson h3", has_text="fortify or fight").wait_for(timeout=SETTLE)

    page.locator(".hl-option", has_text="Pull the hoplites").click()
    page.locator(".hl-chosen", has_text="That is what happened").wait_for(timeout=SETTLE)

    page.locator(".hl-next").click()
    _wait_python(page, lambda: w.battle is not None, "step 6, the assault")
    record = w.lesson.run.battle
    board = w.battle
    assert board is not None and board.forced == record.dice()
    page.locator(".hb-block").first.wait_for(timeout=SETTLE)

    _first_attack_shows_the_lessons_dice(page, board, record)

    page.locator("button[data-action='battle']").click()
    for _ in range(20):  # the board stops at each retreat question; fight on as Sparta did
        if board.battle.over:
            break
        fight = page.locator("button[data-choice='fight']")
        if fight.count():
            fight.click()
            page.wait_for_timeout(200)
            if not board.battle.over and not board.battle.prompt:
                page.locator("button[data-action='battle']").click()
        page.wait_for_timeout(300)
    page.locator(".hb-outcome").wait_for(timeout=SETTLE)
    outcome = board.battle.outcome
    assert (outcome.winner, outcome.how) == ("athens", "retreat")
    rolled = [f for row in board.history.iter_rows(named=True) for f in row["dice"]]
    assert rolled == record.dice()[:len(rolled)]
    page.wait_for_timeout(400)
    page.screenshot(path=screenshot_dir / "lesson-assault.png", full_page=True)

    page.locator(".hl-reveal").click()
    page.locator(".hl-lesson h4", has_text="Answer").wait_for(timeout=SETTLE)
    assert "double defense" in page.locator(".hl-lesson").inner_text()

    page.locator(".hl-command-bot").click()
    page.locator(".hn-dash").wait_for(timeout=SETTLE)
    _wait_python(page, lambda: w.command is not None, "the dashboard")
    assert w.command.game.state.prestige == w.lesson.state.prestige == 1
    assert page.locator(".hmap-svg").count() == 2
    page.locator(".hn-choice").first.wait_for(timeout=SETTLE)
    page.wait_for_timeout(500)
    page.screenshot(path=screenshot_dir / "lesson-take-command.png", full_page=True)
    assert console_errors == []


def test_amphipolis_choice_and_the_sortie_before_amphipolis(solara_test, page_session,
                                                            screenshot_dir, console_errors):
    """The Amphipolis lesson (§8.13 capitulation, §8.3 sortie, §6.34 panic): a class refuses
    Brasidas' terms against history, steps on through the storming of Torone to the battle
    before Amphipolis, and watches it run with the lesson's dice to the Athenian panic."""
    page = page_session
    w = _open(page, "amphipolis-424-422")
    _next_to(page, w, 6)
    page.locator(".hl-lesson h3", has_text="terms for Amphipolis").wait_for(timeout=SETTLE)
    page.locator(".hl-option", has_text="Refuse and defend").click()
    page.locator(".hl-chosen", has_text="History went another way").wait_for(timeout=SETTLE)
    assert "Accept Brasidas' terms" in page.locator(".hl-chosen").inner_text()

    _next_to(page, w, 11)
    _wait_python(page, lambda: w.battle is not None, "the storming of Torone")
    assert w.lesson.run.battle.place == "sithonia"
    page.locator(".hb-block").first.wait_for(timeout=SETTLE)

    _next_to(page, w, 13)
    page.locator(".hl-lesson h3", has_text="The battle before Amphipolis").wait_for(
        timeout=SETTLE)
    _wait_python(page, lambda: w.battle is not None and w.lesson.run.battle.place == "amphipolis",
                 "the sortie before Amphipolis")
    board, record = w.battle, w.lesson.run.battle
    assert board.forced == record.dice()
    page.locator(".hb-block").first.wait_for(timeout=SETTLE)
    page.locator("button[data-action='battle']").click()
    page.locator(".hb-outcome").wait_for(timeout=SETTLE)
    outcome = board.battle.outcome
    assert (outcome.winner, outcome.how) == ("sparta", "panic")
    rolled = [f for row in board.history.iter_rows(named=True) for f in row["dice"]]
    assert rolled == record.dice()[:len(rolled)]
    ix = w.lesson.state.ix
    assert {ix.place_ids[w.lesson.state.loc[ix.unit(u)]] for u in ("A1", "A7")} == {"edonia"}
    page.wait_for_timeout(400)
    page.screenshot(path=screenshot_dir / "lesson-amphipolis-sortie.png", full_page=True)

    page.locator(".hl-next").click()
    page.locator(".hl-lesson h3", has_text="The Peace of Nicias").wait_for(timeout=SETTLE)
    assert console_errors == []
