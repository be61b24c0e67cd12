"""The lesson widget in a real browser (Solara's widget manager in headless Chromium).

A teacher's path through the Pylos lesson: step to the first battle with the Next button, choose
at the decision point, resolve the assault live on the battle board with the lesson's dice, reveal
the class question's answer, then take command of a live game; and through the Amphipolis
lesson: a choice against history, then the sortie before Amphipolis run to the Athenian panic.
Then the classroom polish of issue 15: the layout at 1366 px and on a narrow screen, labels
never cut, the battle board kept from one battle step to the next, each widget at its own step,
the status line in words, and notebook 00's map inside a 934 px output.

Every wait is on the page (a locator or a condition on the DOM), never on Python state or a fixed
sleep. Screenshots go to artifacts/screenshots/ for a person to look at.
"""

from __future__ import annotations

import ipywidgets as W
import pytest
from IPython.display import display
from playwright.sync_api import expect

from hellenes_nb.games.hellenes.render.svg import render_map_svg
from hellenes_nb.widgets.lesson import LessonWidget
from hellenes_nb.widgets.lesson_tables import fitted

pytestmark = pytest.mark.browser

SETTLE = 30_000  # ms: bounded wait for the frontend (generous: CI shares 2 cores)
VIEWPORT = {"width": 1400, "height": 1000}
#: JupyterLab at 1366x900 with the file browser open gives a notebook output about this wide
LAB_OUTPUT = 934


def _open(page, w: LessonWidget, viewport=VIEWPORT, width: int | None = None) -> LessonWidget:
    """Show ``w`` in the page (``width``: the output's width in px) and wait for its map."""
    page.set_viewport_size(viewport)
    display(w)
    if width:
        page.add_style_tag(content=f".hl-lesson {{ width: {width}px; max-width: {width}px; }}")
    page.locator(".hl-lesson .hmap-svg").first.wait_for(timeout=SETTLE)
    return w


def _shows_step(page, n: int, of: int, root: str = ".hl-lesson") -> None:
    expect(page.locator(f"{root} .hl-progress").first).to_have_text(f"{n} / {of}",
                                                                    timeout=SETTLE)


def _next_to(page, last: int, of: int) -> None:
    """Click Next until the lesson shows step ``last``."""
    now = int(page.locator(".hl-progress").first.inner_text().split("/")[0])
    for n in range(now + 1, last + 1):
        page.locator(".hl-next").first.click()
        _shows_step(page, n, of)


def _box(page, selector: str) -> dict:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not on the page"
    return box


def _battle_shown(page, title: str) -> None:
    """The battle board is shown (the step's last update), with the battle called ``title``."""
    expect(page.locator(".hl-battle")).to_be_visible(timeout=SETTLE)
    expect(page.locator(".hl-battle .hb-title")).to_have_text(title, timeout=SETTLE)


def _fight_to_the_end(page, board) -> None:
    """Run the battle with "Whole battle", answering each retreat question as the lesson did."""
    page.locator(".hl-battle button[data-action='battle']").click()
    pending = page.locator(".hl-battle .hb-outcome, .hl-battle button[data-choice]")
    for _ in range(20):
        pending.first.wait_for(timeout=SETTLE)
        if page.locator(".hl-battle .hb-outcome").count():
            return
        choice = page.locator(".hl-battle button[data-choice]").first
        page.locator(f".hl-battle button[data-choice='{board.lesson_choice()}']").click()
        expect(choice).to_have_count(0, timeout=SETTLE)
        if not page.locator(".hl-battle .hb-outcome").count():
            page.locator(".hl-battle button[data-action='battle']").click()
    raise AssertionError("the battle did not end")


def test_step_to_the_assault_fight_it_live_and_take_command(solara_test, page_session,
                                                            screenshot_dir, console_errors):
    page = page_session
    w = _open(page, LessonWidget("pylos-425", speed="fast"))
    page.locator("summary", has_text="Thucydides 4.2.1-4").wait_for(timeout=SETTLE)
    page.screenshot(path=screenshot_dir / "lesson-step1.png", full_page=True)

    _next_to(page, 5, 12)
    page.locator(".hl-lesson h3", has_text="fortify or fight").wait_for(timeout=SETTLE)

    page.locator(".hl-option", has_text="Pull the hoplites").click()
    page.locator(".hl-chosen", has_text="That is what happened").wait_for(timeout=SETTLE)

    page.locator(".hl-next").click()
    _shows_step(page, 6, 12)
    _battle_shown(page, "The battle in Pylos")
    record = w.lesson.run.battle
    board = w.battle
    assert board is not None and board.forced == record.dice()

    page.locator(".hl-battle button[data-action='step']").click()
    expect(page.locator(".hl-battle .hb-die-wrap:not(.rolling)").first).to_be_visible(
        timeout=SETTLE)
    first = board.history.row(0, named=True)["dice"]
    assert first == record.dice()[:len(first)]
    expect(page.locator(".hl-battle .hb-die-wrap:not(.rolling)")).to_have_count(
        len(first), timeout=SETTLE)
    faces = page.locator(".hb-die").evaluate_all("els => els.map(e => Number(e.dataset.face))")
    assert faces == first

    _fight_to_the_end(page, board)
    outcome = board.battle.outcome
    assert (outcome.winner, outcome.how) == ("athens", "retreat")
    rolled = [f for row in board.history.iter_rows(named=True) for f in row["dice"]]
    assert rolled == record.dice()[:len(rolled)]
    page.screenshot(path=screenshot_dir / "lesson-assault.png", full_page=True)

    page.locator(".hl-reveal").click()
    page.locator(".hl-lesson h4", has_text="Answer").wait_for(timeout=SETTLE)
    assert "double defense" in page.locator(".hl-lesson").inner_text()

    page.locator(".hl-command-bot").click()
    page.locator(".hn-dash .hn-choice").first.wait_for(timeout=SETTLE)
    assert w.command is not None
    assert w.command.game.state.prestige == w.lesson.state.prestige == 1
    assert page.locator(".hmap-svg").count() == 2
    page.screenshot(path=screenshot_dir / "lesson-take-command.png", full_page=True)
    assert console_errors == []


def test_amphipolis_choice_and_the_sortie_before_amphipolis(solara_test, page_session,
                                                            screenshot_dir, console_errors):
    """The Amphipolis lesson (§8.13 capitulation, §8.3 sortie, §6.34 panic): a class refuses
    Brasidas' terms against history, steps on through the storming of Torone to the battle
    before Amphipolis, and watches it run with the lesson's dice to the Athenian panic."""
    page = page_session
    w = _open(page, LessonWidget("amphipolis-424-422", speed="fast"))
    _next_to(page, 6, 14)
    page.locator(".hl-lesson h3", has_text="terms for Amphipolis").wait_for(timeout=SETTLE)
    page.locator(".hl-option", has_text="Refuse and defend").click()
    page.locator(".hl-chosen", has_text="History went another way").wait_for(timeout=SETTLE)
    assert "Accept Brasidas' terms" in page.locator(".hl-chosen").inner_text()

    _next_to(page, 11, 14)
    _battle_shown(page, "The battle in Sithonia")
    assert w.lesson.run.battle.place == "sithonia"

    _next_to(page, 13, 14)
    page.locator(".hl-lesson h3", has_text="The battle before Amphipolis").wait_for(
        timeout=SETTLE)
    _battle_shown(page, "The battle in Amphipolis")
    board, record = w.battle, w.lesson.run.battle
    assert board.forced == record.dice()
    page.locator(".hl-battle button[data-action='battle']").click()
    page.locator(".hl-battle .hb-outcome").wait_for(timeout=SETTLE)
    outcome = board.battle.outcome
    assert (outcome.winner, outcome.how) == ("sparta", "panic")
    rolled = [f for row in board.history.iter_rows(named=True) for f in row["dice"]]
    assert rolled == record.dice()[:len(rolled)]
    ix = w.lesson.state.ix
    assert {ix.place_ids[w.lesson.state.loc[ix.unit(u)]] for u in ("A1", "A7")} == {"edonia"}
    page.screenshot(path=screenshot_dir / "lesson-amphipolis-sortie.png", full_page=True)

    page.locator(".hl-next").click()
    page.locator(".hl-lesson h3", has_text="The Peace of Nicias").wait_for(timeout=SETTLE)
    assert console_errors == []


# -- issue 15: the layout (item 4) ------------------------------------------------------------
def test_at_1366_the_map_stays_in_view_beside_a_decision(solara_test, page_session,
                                                         screenshot_dir, console_errors):
    """In a 934 px output (JupyterLab at 1366x900, file browser open) the text sits right of the
    map and scrolls on its own: reading the decision at the foot of a long step leaves the map
    in view. Option labels show whole."""
    page = page_session
    w = LessonWidget("pylos-425", speed="instant")
    w.goto(5)
    _open(page, w, {"width": 1366, "height": 900}, LAB_OUTPUT)
    _shows_step(page, 5, 12)
    board, text = _box(page, ".hl-board"), _box(page, ".hl-text")
    assert text["x"] >= board["x"] + board["width"] - 1, "the text is beside the map"
    assert board["width"] >= 0.5 * LAB_OUTPUT, "the map has the larger share"
    page.locator(".hl-option").last.scroll_into_view_if_needed()
    expect(page.locator(".hl-option").last).to_be_in_viewport()
    view = page.viewport_size
    map_box = _box(page, ".hl-board .hmap-svg")
    shown = min(map_box["y"] + map_box["height"], view["height"]) - max(map_box["y"], 0)
    assert shown >= 0.6 * map_box["height"], "the map stays in view while the options are read"
    _assert_labels_whole(page, ".hl-option")
    page.screenshot(path=screenshot_dir / "lesson-1366-decision.png")
    assert console_errors == []


def test_on_a_narrow_screen_the_text_flows_below_the_map(solara_test, page_session,
                                                         console_errors):
    page = page_session
    w = LessonWidget("pylos-425", speed="instant")
    w.goto(5)
    _open(page, w, {"width": 640, "height": 900})
    _shows_step(page, 5, 12)
    board, text = _box(page, ".hl-board"), _box(page, ".hl-text")
    assert text["y"] >= board["y"] + board["height"] - 1, "the text is below the map"
    assert text["width"] >= 0.9 * board["width"]
    _assert_labels_whole(page, ".hl-option")
    page.locator(".hl-next").click()
    _shows_step(page, 6, 12)
    _battle_shown(page, "The battle in Pylos")
    _assert_labels_whole(page, ".hl-replay")
    assert console_errors == []


def _assert_labels_whole(page, selector: str) -> None:
    """Every button matched shows its whole label: nothing overflows or is clipped."""
    cut = page.locator(selector).evaluate_all("""els => els.filter(e => {
        const r = e.getBoundingClientRect(), p = e.parentElement.getBoundingClientRect();
        return e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1
          || r.right > p.right + 1; }).map(e => e.textContent)""")
    assert page.locator(selector).count() and not cut, f"labels cut off: {cut}"


# -- issue 15: each widget at its own step (item 4), only what changed (item 10) ----------------
def test_a_second_widget_does_not_move_the_first(solara_test, page_session, console_errors):
    """Notebook cells after the class's widget build their own (Run All leaves it at step 1)."""
    page = page_session
    page.set_viewport_size(VIEWPORT)
    first, second = LessonWidget("pylos-425", speed="instant"), LessonWidget("pylos-425")
    first.add_class("hl-first")
    second.add_class("hl-second")
    display(W.VBox([first, second]))
    page.locator(".hl-second .hmap-svg").wait_for(timeout=SETTLE)
    second.goto(6)
    _shows_step(page, 6, 12, ".hl-second")
    _shows_step(page, 1, 12, ".hl-first")
    assert first.lesson.number == 1
    assert console_errors == []


def test_the_battle_board_is_kept_from_one_battle_step_to_the_next(solara_test, page_session,
                                                                   console_errors):
    """Step 6 (the assault) to step 7 (the harbour): the page keeps the board it drew and
    receives the next battle; a step without a battle hides it."""
    page = page_session
    w = LessonWidget("pylos-425", speed="instant")
    w.goto(6)
    _open(page, w)
    _battle_shown(page, "The battle in Pylos")
    page.locator(".hl-battle .hb-title").evaluate(
        "el => { el.closest('.hl-battle > *').dataset.kept = 'yes'; }")
    page.locator(".hl-next").click()
    _shows_step(page, 7, 12)
    title = page.locator(".hl-battle [data-kept='yes'] .hb-title")
    expect(title).not_to_have_text("The battle in Pylos", timeout=SETTLE)
    assert title.inner_text() == f"The battle in {_place(w)}"
    page.locator(".hl-next").click()
    _shows_step(page, 8, 12)
    expect(page.locator(".hl-battle")).to_be_hidden(timeout=SETTLE)
    assert console_errors == []


def test_the_board_plays_the_lessons_battle_and_another_answer_points_to_take_command(
        solara_test, page_session, console_errors):
    """Issue 27 item 7: the board shows the battle the engine fought. Next attack shows the
    engine's dice one attack at a time up to the first retreat question (§6.4); the other answer
    is refused on the board in words naming Take command, and the lesson's answer goes on."""
    page = page_session
    w = LessonWidget("pylos-425", speed="instant")
    w.goto(6)
    _open(page, w)
    _battle_shown(page, "The battle in Pylos")
    board, record = w.battle, w.lesson.run.battle
    # the board replays the lesson's battle: its button says so, not "Fight again" (new dice)
    expect(page.locator(".hl-battle button[data-action='restart']")).to_have_text(
        "Replay", timeout=SETTLE)
    choices = page.locator(".hl-battle button[data-choice]")
    lines = "document.querySelectorAll('.hl-battle .hb-log li').length"
    for _ in range(10):
        if choices.count():
            break
        before = page.evaluate(f"() => {lines}")
        page.locator(".hl-battle button[data-action='step']").click()
        # the attack has reached the page: its log grew, or the retreat question came
        page.wait_for_function(
            f"(n) => {lines} > n || document.querySelector('.hl-battle button[data-choice]')",
            arg=before, timeout=SETTLE)
        page.wait_for_function("() => !document.querySelector('.hl-battle .hb-die-wrap.rolling')")
    expect(choices.first).to_be_visible(timeout=SETTLE)
    rolled = [f for row in board.history.iter_rows(named=True) for f in row["dice"]]
    assert rolled == record.dice()[:len(rolled)] and rolled
    answer = board.lesson_choice()
    other = next(c for c in board.battle.prompt.choices if c != answer)
    page.locator(f".hl-battle button[data-choice='{other}']").click()
    expect(page.locator(".hl-battle .hb-error")).to_contain_text("Take command", timeout=SETTLE)
    page.locator(f".hl-battle button[data-choice='{answer}']").click()
    expect(choices).to_have_count(0, timeout=SETTLE)
    expect(page.locator(".hl-battle .hb-error")).to_have_count(0, timeout=SETTLE)
    assert console_errors == []


def _place(w: LessonWidget) -> str:
    ix = w.lesson.state.ix
    return ix.place_name[ix.place(w.lesson.run.battle.place)]


# -- issue 15: words a class understands (item 3) --------------------------------------------
def test_the_status_line_says_when_and_who_leads_in_words(solara_test, page_session,
                                                          console_errors):
    """Step 11 fights on Sphacteria in the fall of 425; the game has moved on to winter."""
    page = page_session
    w = LessonWidget("pylos-425", speed="instant")
    w.goto(10)
    _open(page, w)
    page.locator(".hl-next").click()
    _shows_step(page, 11, 12)
    _fight_to_the_end(page, w.battle)  # who leads shows once the battle is stepped through
    status = page.locator(".hl-status").first
    expect(status).to_contain_text("Prestige point", timeout=SETTLE)
    text = status.inner_text()
    assert text.startswith("Fall 425 BC.") and "Prestige point" in text and "§14.1" in text
    assert "HighSummer" not in page.locator(".hl-lesson").inner_text()
    assert console_errors == []


# -- issue 28 item 6: Pylos at 1366 x 900 ---------------------------------------------------------
def test_pylos_assault_keeps_its_result_back_until_stepped_and_go_to_shows_whole_titles(
        solara_test, page_session, screenshot_dir, console_errors):
    """At step 6 neither the status line nor the odds box tells the assault's result before
    the class has stepped it; the odds show on request; every Go to title fits its list."""
    page = page_session
    w = LessonWidget("pylos-425", speed="fast")
    w.goto(6)
    _open(page, w, {"width": 1366, "height": 900}, LAB_OUTPUT)
    _battle_shown(page, "The battle in Pylos")
    status = page.locator(".hl-status").first
    expect(status).to_contain_text("stepped through it", timeout=SETTLE)
    assert "Prestige point" not in status.inner_text()
    assert all(not o.is_visible() for o in page.locator(".hl-battle .hb-odds").all())
    page.screenshot(path=screenshot_dir / "lesson-pylos-assault-unstepped.png")
    page.locator(".hl-odds-toggle").click()
    expect(page.locator(".hl-battle .hb-odds").first).to_be_visible(timeout=SETTLE)
    _fight_to_the_end(page, w.battle)
    expect(status).to_contain_text("Athens leads by 1 Prestige point", timeout=SETTLE)
    cut = page.evaluate("""() => {
        const sel = document.querySelector('.hl-jump select');
        const probe = document.createElement('span');
        probe.style.font = getComputedStyle(sel).font;
        probe.style.whiteSpace = 'pre';
        document.body.append(probe);
        const out = [];
        for (const o of sel.options) {
            probe.textContent = o.text;
            if (probe.getBoundingClientRect().width + 24 > sel.clientWidth) out.push(o.text);
        }
        probe.remove();
        return out; }""")
    assert cut == []
    assert console_errors == []


# -- issue 15: notebook 00's map in a 934 px output (item 6) ----------------------------------
def test_start_here_map_fits_a_934px_output_with_its_legend(solara_test, page_session,
                                                            screenshot_dir, console_errors):
    page = page_session
    page.set_viewport_size({"width": 1366, "height": 900})
    out = W.HTML(fitted(render_map_svg(scenario="431")).data,
                 layout=W.Layout(width=f"{LAB_OUTPUT}px"))
    out.add_class("hl-output")
    display(out)
    svg = page.locator(".hl-output svg").first
    svg.wait_for(timeout=SETTLE)
    frame = _box(page, ".hl-output")
    drawn = svg.bounding_box()
    assert drawn["width"] <= LAB_OUTPUT + 1 and drawn["x"] >= frame["x"] - 1
    legend = svg.locator("[class*=legend], #legend").first
    box = legend.bounding_box()
    assert box is not None and box["x"] + box["width"] <= frame["x"] + LAB_OUTPUT + 1
    corfu = svg.locator("[data-area='corcyra']").first  # the Ionian coast, at the map's west
    assert corfu.bounding_box()["x"] >= frame["x"] - 1
    svg.screenshot(path=screenshot_dir / "start-here-map-934.png")
    assert console_errors == []
