"""Helpers for the real-browser tests (tests/ui): bounded waits, never fixed sleeps."""

from __future__ import annotations

#: ms: the longest a browser test waits for the frontend (generous: CI shares 2 cores)
SETTLE = 30_000

#: the screen size the teaching widgets are looked at
VIEWPORT = {"width": 1366, "height": 900}


def open_tutorial_game(page, progress, game: str, first_title: str):
    """A TutorialWidget at 1366x900 (progress kept in ``progress``), switched from the home
    game's first task to ``game``'s tutorial, whose first task ``first_title`` is shown."""
    from IPython.display import display

    from hellenes_nb.widgets.tutorial import TutorialWidget

    page.set_viewport_size(VIEWPORT)
    w = TutorialWidget(progress=progress)
    display(w)
    page.locator(".ht-title", has_text="Find a port").wait_for(timeout=SETTLE)
    page.locator("select.ht-game").select_option(game)
    page.locator(".ht-title", has_text=first_title).wait_for(timeout=SETTLE)
    return w


def open_lesson(page, name: str, board: str, source: str):
    """A LessonWidget of lesson ``name`` at 1366x900, once the game's board (CSS ``board``)
    and the first step's ``source`` are on the page."""
    from IPython.display import display

    from hellenes_nb.widgets.lesson import LessonWidget

    page.set_viewport_size(VIEWPORT)
    w = LessonWidget(name)
    display(w)
    page.locator(f".hl-lesson {board} svg").first.wait_for(timeout=SETTLE)
    page.locator(".hl-lesson summary", has_text=source).wait_for(timeout=SETTLE)
    return w


def wait_changed(page, selector: str, before: str) -> None:
    """Wait (bounded) until the element ``selector`` holds other HTML than ``before``: the
    board followed the game."""
    page.wait_for_function("([sel, old]) => document.querySelector(sel).innerHTML !== old",
                           arg=[selector, before], timeout=SETTLE)
