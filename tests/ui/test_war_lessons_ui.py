"""The lessons of the war (issue 20) in a real browser: each one stepped with the Next button to
its first battle, whose board shows the lesson's own dice and runs to the lesson's result.

Next follows history at each decision point, so the class reaches the battle Thucydides tells.
"""

from __future__ import annotations

import pytest

from .test_lesson_ui import (
    SETTLE,
    _first_attack_shows_the_lessons_dice,
    _next_to,
    _open,
    _wait_python,
)

pytestmark = pytest.mark.browser

#: each lesson of the war with the step of its first battle
FIRST_BATTLES = {
    "potidaea-432-431": 4,
    "pericles-plague-431-429": 3,
    "phormio-naupactus-429": 3,
    "siege-of-plataea-429-427": 2,
    "mytilene-428-427": 3,
}


@pytest.mark.parametrize("name", sorted(FIRST_BATTLES))
def test_step_each_war_lesson_to_its_first_battle(name, solara_test, page_session,
                                                  screenshot_dir, console_errors):
    page = page_session
    w = _open(page, name)
    step = FIRST_BATTLES[name]
    assert min(n for n, s in enumerate(w.lesson.spec.steps, 1) if s.battle) == step
    _next_to(page, w, step)
    _wait_python(page, lambda: w.battle is not None, f"the battle board at step {step}")
    record, board = w.lesson.run.battle, w.battle
    assert board.forced == record.dice()
    page.locator(".hb-block").first.wait_for(timeout=SETTLE)

    if board.battle.prompt:  # a defender who fires first is asked first: it stands, as in history
        page.locator("button[data-choice='fight']").click()
        _wait_python(page, lambda: not board.battle.prompt, "the answer to the retreat question")
    _first_attack_shows_the_lessons_dice(page, board, record)

    board.run_battle()  # answers each retreat question as the lesson's battle entry does
    page.locator(".hb-outcome").wait_for(timeout=SETTLE)
    assert board.outcome["winner"] == record.winner
    page.wait_for_timeout(300)
    page.screenshot(path=screenshot_dir / f"lesson-{name}-battle.png", full_page=True)
    assert console_errors == []
