"""The battle board in a real browser (Chromium via pytest-ipywidgets' ``solara_test``).

Stepping must draw the dice faces and update the blocks (the DOM shows the new cv and routed
state), a retreat button must reach Python (§6.4), the console must stay clean, and a screenshot
is saved for a person to look at.
"""

from __future__ import annotations

import pytest
from IPython.display import display

from hellenes_nb.games.hellenes.widgets.battle import BattleWidget

pytestmark = pytest.mark.browser


def _example(speed: str = "fast") -> BattleWidget:
    w = BattleWidget.from_forces(
        attacker=[{"name": "Boeotian horse", "rating": "A1", "cv": 2, "cavalry": True},
                  {"name": "Spartiates", "rating": "B2", "cv": 4}],
        defender=[{"name": "Athenian hoplites", "rating": "C2", "cv": 4},
                  {"name": "Cretan archers", "rating": "A1", "cv": 2}],
        attacker_side="sparta", seed=3, title="Combat Round Example (§6.2)")
    w.speed = speed
    return w


def test_stepping_draws_dice_and_updates_blocks(solara_test, page_session, console_errors,
                                                screenshot_dir):
    w = _example()
    display(w.panel())
    page = page_session
    page.locator(".hb-block[data-key='A2']").wait_for()
    page.locator("button[data-choice='fight']").click()
    page.wait_for_function("() => !document.querySelector('button[data-choice]')")
    # one line so far, counted in words ("1 line", not "1 lines")
    assert page.locator(".hb-logbox summary").inner_text() == "Battle narrative (1 line)"
    w.force_dice([1, 6])          # the archers: one hit on the Spartiates, one rout
    page.locator("button[data-action='step']").click()
    page.locator(".hb-die-wrap.hit").wait_for()
    page.locator(".hb-die-wrap.rout").wait_for()
    assert w.battle.fighter("S2").cv == 3
    assert w.battle.fighter("S1").routed
    page.locator(".hb-block[data-key='S2'][data-cv='3']").wait_for()
    page.locator(".hb-block[data-key='S1'][data-routed='true']").wait_for()
    faces = page.locator(".hb-die").evaluate_all("els => els.map(e => e.dataset.face)")
    assert faces == ["1", "6"]
    labels = page.locator(".hb-die-word").all_inner_texts()
    assert labels == ["HIT", "ROUT"]
    page.locator(".hb-log li").last.wait_for()
    assert page.locator(".hb-logbox summary").inner_text() == \
        f"Battle narrative ({len(w.narration)} lines)"
    page.locator("svg .bar").first.wait_for()
    page.screenshot(path=str(screenshot_dir / "battle-widget.png"), full_page=True)
    assert console_errors == []


def test_retreat_button_reaches_python(solara_test, page_session, console_errors):
    w = _example(speed="instant")
    display(w)
    page = page_session
    button = page.locator("button[data-choice='retreat']")
    button.wait_for()
    assert "Athens" in button.get_attribute("aria-label")
    button.click()
    page.wait_for_function("() => document.querySelector('.hb-log').innerText.includes('retreats')")
    assert w.battle.phase == "harry"          # the Spartan horse harries the retiring Athenians
    page.locator("button[data-action='step']").click()
    page.locator(".hb-outcome").wait_for()
    assert w.battle.over
    assert w.battle.outcome.how == "retire"
    assert [row["mode"] for row in w.history.iter_rows(named=True)] == ["harry"]
    assert "retreats" in page.locator(".hb-log").inner_text()
    assert console_errors == []


def test_whole_battle_runs_to_the_end(solara_test, page_session, console_errors):
    w = _example(speed="instant")
    display(w)
    page = page_session
    page.locator("button[data-action='battle']").click()
    page.locator(".hb-outcome").wait_for(timeout=20_000)
    assert w.battle.over
    assert page.locator(".hb-outcome").inner_text() == w.outcome["text"]
    assert console_errors == []


DARK = """:root { --jp-layout-color1: #111418; --jp-layout-color2: #1f242b;
  --jp-ui-font-color1: #e8e6e3; --jp-ui-font-color2: #a9a59e; --jp-border-color1: #3b4149; }
body { background: #111418; }"""


def test_assault_half_step_in_the_dark_theme(solara_test, page_session, console_errors,
                                             screenshot_dir):
    """A siege assault (§8.1) under JupyterLab's dark colours: the half step shows (§8.11)."""
    w = BattleWidget.from_forces(
        attacker=[{"name": "Athenian archers", "rating": "A1", "cv": 1},
                  {"name": "Athenian hoplites", "rating": "B2", "cv": 3}],
        defender=[{"name": "Potidaean hoplites", "rating": "C2", "cv": 2}, {"garrison": True}],
        kind="assault", seed=5, title="Siege assault (§8.1)")
    w.speed = "instant"
    w.force_dice([3, 3, 3, 1])
    for _ in range(3):
        while w.prompt.get("kind") == "retreat":
            w.choose("fight")
        w.step()
    display(w)
    page = page_session
    page.add_style_tag(content=DARK)
    page.locator(".hb-block[data-key='S1'] .hb-tag.half").wait_for()
    assert "A2" in page.locator(".hb-block[data-key='S1'] .hb-rating").inner_text()
    page.screenshot(path=str(screenshot_dir / "battle-widget-assault-dark.png"), full_page=True)
    assert console_errors == []


@pytest.mark.rule("11.0")
def test_appeal_to_ares_rerolls_in_the_browser(solara_test, page_session, console_errors,
                                               screenshot_dir):
    """After a miss the Athenian player clicks "Appeal to Ares": the tray shows the new dice,
    the Sacrifice badge goes and the narrative cites §11.0."""
    w = BattleWidget.from_forces(
        attacker=[{"name": "Athenian hoplites", "rating": "B2", "cv": 3}],
        defender=[{"name": "Corinthian hoplites", "rating": "C2", "cv": 3}],
        attacker_side="athens", seed=2, title="An appeal to Ares (§11.0)",
        sacrifices={"athens": ["ares"], "sparta": []})
    w.speed = "fast"
    w.choose("fight")
    w.force_dice([4, 4, 4, 1, 1, 6])
    display(w)
    page = page_session
    page.locator(".hb-badge.sacrifice[data-side='athens']").wait_for()
    page.locator("button[data-action='step']").click()
    appeal = page.locator("button[data-appeal='ares']")
    appeal.wait_for()
    assert appeal.inner_text() == "Appeal to Ares (re-roll this attack)"
    assert page.locator("button[data-action='accept']").inner_text() == "Accept the dice"
    assert page.locator("button[data-action='step']").is_disabled()
    page.wait_for_function("() => [...document.querySelectorAll('.hb-die')]"
                           ".map(e => e.dataset.face).join() === '4,4,4'")
    page.screenshot(path=str(screenshot_dir / "battle-widget-ares-offer.png"), full_page=True)
    appeal.click()
    page.locator(".hb-badge.reroll").wait_for()
    # the faces show while the dice still roll (their words blank): wait for them to land
    page.wait_for_function("() => [...document.querySelectorAll('.hb-die')]"
                           ".map(e => e.dataset.face).join() === '1,1,6' && "
                           "!document.querySelector('.hb-die-wrap.rolling')")
    assert page.locator(".hb-die-word").all_inner_texts() == ["HIT", "HIT", "ROUT"]
    page.locator(".hb-block[data-key='S1'][data-cv='1'][data-routed='true']").wait_for()
    assert page.locator("button[data-appeal]").count() == 0
    assert page.locator(".hb-badge.sacrifice").count() == 0
    assert "appeals to Ares" in page.locator(".hb-log").inner_text()
    struck = page.locator(".hb-line.replaced")                  # the first roll, struck through
    struck.first.wait_for()
    assert "rolled 4, 4 and 4," in struck.first.inner_text()
    assert struck.first.get_attribute("title") == "rolled again after an appeal (§11.0)"
    last = page.locator(".hb-line.attack:not(.replaced)").last.inner_text()
    assert "rolled 1, 1 and 6," in last
    assert w.history["dice"].to_list() == [[1, 1, 6]] and w.sacrifices["athens"] == []
    page.screenshot(path=str(screenshot_dir / "battle-widget-ares.png"), full_page=True)
    assert console_errors == []


def test_sampled_odds_show_their_error(solara_test, page_session, console_errors):
    """A battle too big for exact odds is sampled: the odds line says so and states the
    95 % margin (docs/odds.md, "Limits")."""
    w = BattleWidget.from_forces(",".join(["B2:4"] * 30), ",".join(["C2:4"] * 30), seed=3)
    assert w.odds["method"] == "monte-carlo" and w.odds["margin"] > 0
    display(w)
    title = page_session.locator(".hb-odds-title")
    title.wait_for()
    words = title.inner_text()
    assert f"sampled from {w.odds['samples']} battles" in words
    assert f"±{100 * w.odds['margin']:.1f}% at 95% confidence" in words
    assert console_errors == []


def test_the_odds_line_shows_the_compile_note_then_the_odds(solara_test, page_session,
                                                             console_errors):
    """numba compiling the fast odds, once (battle.py ``odds_note``; the Python side is
    tests/games/hellenes/widgets/test_battle_odds_compile_note.py): the page shows the note,
    then the odds."""
    w = _example(speed="instant")
    display(w)
    page = page_session
    page.locator(".hb-odds").first.wait_for()
    w._odds_note("Preparing the fast battle odds once (up to a minute)…")
    note = page.locator(".hb-odds-note")
    note.wait_for()
    assert "Preparing the fast battle odds once" in note.inner_text()
    w._odds_note("")
    note.wait_for(state="detached")
    page.locator(".hb-odds-text").first.wait_for()
    assert console_errors == []
