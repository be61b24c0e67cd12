"""Lesson widget latency in a real browser: from a click to the updated widget (issue 15, item 10).

The cases, each clicked ``--clicks`` times in headless Chromium (Solara's widget manager, as the
browser tests use) at 1366x900:

- ``lesson next/back``: Next up the Pylos lesson to its end, then Back down to step 1, and again;
  the clicks land on plain steps, both decision points and the three battle steps;
- ``lesson battle arrival``: Next from the step before a battle to the battle step and Back
  (the battle board is loaded with the next battle, not rebuilt);
- ``lesson battle step``: "Next attack" on the lesson's battle board, "Replay the battle" when
  the battle is over.

A click is timed in the page, from ``element.click()`` to the first DOM mutation after which the
case's condition on the page holds (a MutationObserver, so the time is that of the DOM change,
not of a polling interval), and in Python (the click's handler, from its call to its return:
the Python share).

``cases()`` is what ``scripts/bench_ui.py`` imports: a list of :class:`Case` (name, ``setup``
that builds the widget to display, ``click`` that names the next element to click and the DOM
condition to wait for, ``python_ms`` the handler times so far). Run alone::

    PORT=18871 .venv/bin/python scripts/bench_ui_lesson.py [--clicks 30]

(the same as ``scripts/bench_ui.py --only lesson``).

This is a measurement, not a test: it prints median and 95th percentile in milliseconds.
"""

from __future__ import annotations

import functools
import json
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LESSON = "pylos-425"
WAIT_MS = 30_000


@dataclass(frozen=True)
class Click:
    """One click: the CSS ``selector`` of the element, and ``done``, the source of a JS function
    ``(before) => boolean`` that is true once the page shows the click's result; ``before`` is
    the value of the JS expression ``before`` just before the click."""

    selector: str
    done: str
    before: str = "null"


@dataclass
class Case:
    """A widget and a click on it, repeated (module docstring)."""

    name: str
    setup: Callable[[], Any]
    click: Callable[[Any], Click]
    python_ms: list[float]


def _timed(obj: Any, name: str, into: list[float]) -> None:
    """Record how long ``obj.name()`` takes each time it is called (the Python share)."""
    method = getattr(obj, name)

    @functools.wraps(method)
    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return method(*args, **kwargs)
        finally:
            into.append((time.perf_counter() - start) * 1000)

    setattr(obj, name, timed)


def _step_shown(w: Any, number: int) -> str:
    """The DOM condition for lesson step ``number``: its progress, its title and the map's
    highlights (the last update the click sends), and the battle board's title on a battle
    step."""
    lesson = w.lesson
    step = lesson.steps[number - 1]
    here = lesson.number
    lesson.goto(number)
    record = lesson.run.battle
    lesson.goto(here)
    board = ""
    if record is not None and record.snapshots:
        place = lesson.state.ix.place_name[lesson.state.ix.place(record.place)]
        board = f"The battle in {place}"
    want = {"progress": f"{number} / {len(lesson.steps)}", "title": step.title,
            "lights": len(set(step.focus.highlight)), "board": board}
    return f"""() => {{
      const want = {json.dumps(want)};
      const text = (sel) => (document.querySelector(sel)?.textContent || "").trim();
      const board = document.querySelector(".hl-battle");
      const shown = board && board.offsetParent !== null;
      return text(".hl-progress") === want.progress && text(".hl-text h3") === want.title
        && document.querySelectorAll(".hl-board .hmap-hl-focus").length === want.lights
        && (want.board ? shown && text(".hl-battle .hb-title") === want.board : !shown);
    }}"""


def _lesson(name: str = LESSON) -> Any:
    from hellenes_nb.widgets.lesson import LessonWidget

    return LessonWidget(name, speed="instant")


def next_back_case() -> Case:
    python: list[float] = []
    going = {"up": True}

    def setup() -> Any:
        w = _lesson()
        for name in ("next", "back"):
            _timed(w, name, python)
        return w

    def click(w: Any) -> Click:
        if w.lesson.at_end or w.lesson.number == 1:
            going["up"] = w.lesson.number == 1
        up = going["up"]
        return Click(".hl-next" if up else ".hl-back",
                     _step_shown(w, w.lesson.number + (1 if up else -1)))

    return Case("lesson next/back", setup, click, python)


def battle_arrival_case() -> Case:
    python: list[float] = []
    battle_step = 7  # the fight in the harbour; step 6 before it fights the assault

    def setup() -> Any:
        w = _lesson()
        w.goto(battle_step - 1)
        for name in ("next", "back"):
            _timed(w, name, python)
        return w

    def click(w: Any) -> Click:
        up = w.lesson.number != battle_step
        return Click(".hl-next" if up else ".hl-back",
                     _step_shown(w, battle_step if up else battle_step - 1))

    return Case("lesson battle arrival", setup, click, python)


def battle_step_case() -> Case:
    python: list[float] = []

    def setup() -> Any:
        w = _lesson()
        w.goto(6)
        for name in ("step", "choose"):
            _timed(w.battle, name, python)
        _timed(w, "_replay", python)
        return w

    def click(w: Any) -> Click:
        lines = "() => document.querySelectorAll('.hl-battle .hb-log li').length"
        b = w.battle.battle
        if b.over:
            return Click(".hl-replay", "(before) => !document.querySelector('.hl-battle "
                         ".hb-outcome') && document.querySelectorAll('.hl-battle .hb-log li')"
                         ".length < before", f"({lines})()")
        if b.prompt is not None:  # fight on or retreat, as the lesson did (§6.4)
            choice = w.battle.lesson_choice()
            return Click(f".hl-battle button[data-choice='{choice}']",
                         f"(before) => ({lines})() > before || !document.querySelector("
                         "'.hl-battle button[data-choice]')", f"({lines})()")
        return Click(".hl-battle button[data-action='step']",
                     f"(before) => ({lines})() > before", f"({lines})()")

    return Case("lesson battle step", setup, click, python)


def cases() -> list[Case]:
    """The lesson cases of the UI latency bench (scripts/bench_ui.py imports this)."""
    return [next_back_case(), battle_arrival_case(), battle_step_case()]


# -- timing a case (scripts/bench_ui.py gives the page's click-and-wait script) ----------
def run_case(page: Any, case: Case, clicks: int, click_js: str) -> list[float]:
    """Display the case's widget in ``page`` and time ``clicks`` clicks (ms, click to DOM) with
    ``click_js``, the page script that clicks and waits for the DOM change (bench_ui.py)."""
    from IPython.display import display

    w = case.setup()
    display(w)
    page.locator(".hl-lesson .hmap-svg").wait_for(timeout=WAIT_MS)
    first = case.click(w)  # the page shows the starting step before the clock starts
    page.wait_for_function(f"() => ({_step_shown(w, w.lesson.number)})()", timeout=WAIT_MS)
    if w.battle is not None:
        page.locator(".hl-battle .hb-title").wait_for(timeout=WAIT_MS)
    times = []
    click = first
    for _ in range(clicks):
        times.append(page.evaluate(click_js, [click.selector, click.done, click.before, WAIT_MS]))
        click = case.click(w)
    return times


def main() -> int:
    """Run the lesson cases alone, through scripts/bench_ui.py (its options)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import bench_ui

    if not any(a.startswith("--only") for a in sys.argv[1:]):
        sys.argv += ["--only", "lesson"]
    return bench_ui.main()


if __name__ == "__main__":
    sys.exit(main())
