"""Each game's board plays in a real browser (docs/architecture.md, "Conformance suite"): the
board a game opens for two players at one screen (``Dashboard(scenario, mode="hotseat")``) is
shown in headless Chromium; the test reads the page, takes the screen for the side to decide
when a hand-over asks it to, clicks a button the page draws for one of the game's legal
choices (its words or its tooltip are the choice's label) and waits on the page for the board
to change; the game in Python has then taken the choice. Nothing here knows a game's page: a
new game's board joins by drawing its choices as buttons named by their labels."""

from __future__ import annotations

from pathlib import Path

import pytest
from conformance.conftest import NO_BOARD_YET
from IPython.display import display
from ui.conftest import CHROMIUM

from hellenes_nb.widgets.dashboard import Dashboard

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                 reason=f"headless Chromium not found at {CHROMIUM}")]

SETTLE = 30_000  # ms: the longest wait for the page (CI shares 2 cores)

#: marks the first visible button whose words or tooltip are one of ``labels``; its text
_MARK = """([labels, root]) => {
  for (const b of document.querySelectorAll(root + ' button')) {
    const words = b.innerText.trim();
    if (b.offsetParent !== null && !b.disabled
        && (labels.includes(words) || labels.includes(b.title))) {
      b.setAttribute('data-conformance', 'pick');
      return words || b.title;
    }
  }
  return null;
}"""
#: true once the page shows a button for one of ``labels`` or one naming a deciding side
_READY = """([labels, sides, root]) => [...document.querySelectorAll(root + ' button')].some(
  b => b.offsetParent !== null && !b.disabled
    && (labels.includes(b.innerText.trim()) || labels.includes(b.title)
        || sides.some(s => b.innerText.toLowerCase().includes(s))))"""
_TEXT = "(root) => [...document.querySelectorAll(root)].map(e => e.innerText).join('\\n')"
_CHANGED = ("([root, before]) => [...document.querySelectorAll(root)]"
            ".map(e => e.innerText).join('\\n') !== before")


def _click_and_wait(page, root: str, labels: list[str]) -> str | None:
    """Click the button named by one of ``labels`` and wait for the board's text to change;
    the words clicked, or None when the page shows no such button."""
    page.evaluate("() => document.querySelectorAll('[data-conformance]')"
                  ".forEach(e => e.removeAttribute('data-conformance'))")
    clicked = page.evaluate(_MARK, [labels, root])
    if clicked is None:
        return None
    before = page.evaluate(_TEXT, root)
    page.locator("[data-conformance=pick]").first.click()
    page.wait_for_function(_CHANGED, arg=[root, before], timeout=SETTLE)
    return clicked


def test_the_board_takes_a_legal_choice_clicked_on_the_page(ruleset, registered_names,
                                                           solara_test, page_session):
    if ruleset.name not in registered_names:
        pytest.skip(f"{ruleset.name} is a game of the core's tests, with no board")
    if ruleset.name in NO_BOARD_YET:
        pytest.skip(f"{ruleset.name} is not on the dashboard yet: {NO_BOARD_YET[ruleset.name]}")
    scenario = ruleset.scenarios[0]
    board = Dashboard(scenario, 3, mode="hotseat")
    display(board)
    page = page_session
    root = ".jupyter-widgets"
    page.locator(f"{root} button").first.wait_for(timeout=SETTLE)
    moves = len(board.game.history)
    for _ in range(3):  # a hand-over may stand before the choices
        game = board.game
        labels = [a["label"] for a in game.legal_actions() if a.get("label")]
        assert labels, f"{game!r} offers no choice with a label"
        deciding = {a["side"] for a in game.legal_actions()}
        # the page draws after Python: wait (bounded) until it shows a choice or a hand-over
        try:
            page.wait_for_function(_READY, arg=[labels, [r.lower() for r in deciding], root],
                                   timeout=SETTLE)
        except Exception:  # noqa: BLE001  (the assertion below says what the page lacks)
            pass
        if _click_and_wait(page, root, labels) is not None:
            break
        takes = [b for b in page.locator(f"{root} button").all() if b.is_visible()
                 and any(r.lower() in b.inner_text().lower() for r in deciding)]
        assert takes, (f"{ruleset.name}: the page shows neither a button for a legal choice "
                       f"({labels[:5]}) nor one for {sorted(deciding)} to take the screen")
        before = page.evaluate(_TEXT, root)
        takes[0].click()
        page.wait_for_function(_CHANGED, arg=[root, before], timeout=SETTLE)
    else:
        raise AssertionError(f"{ruleset.name}: no legal choice was clicked on the page")
    assert len(board.game.history) > moves, "the click reached the page but not the game"
