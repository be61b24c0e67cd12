"""UI latency in a real browser: from a click to the updated widget (issue 15, item 10).

Each case is clicked ``--clicks`` times (30) in headless Chromium (Solara's widget manager, as
the browser tests use) at 1366x900, and the bench prints the median and the 95th percentile in
milliseconds, from the click to the DOM update and for the Python share (the click's handler
in the kernel, from its call to its return):

- ``map move``: on the dashboard (hot-seat, Athens at the screen in its action phase), a lit
  destination button of the map plays a group's move; the panels show the new position;
- ``dashboard choice``: a build button of the decision panel (§4.21); the panel shows the next
  position, still Athens' to decide (no hand-over, no computer);
- ``hot-seat hand-over``: "I am Sparta" on the hand-over screen; the map and Sparta's choices
  show;
- ``battle step``: "Next attack" on a teaching battle board (``BattleWidget.from_forces``), and
  "Start again" once the battle is over.

Between two timed clicks the position is put back untimed (undo, a reload of the save, a
restart) and the page is let settle. A click is timed in the page, from ``element.click()`` to
the first DOM mutation after which the case's condition holds (a MutationObserver).

When ``scripts/bench_ui_lesson.py`` exists (the lesson widget's cases: Next/Back, arriving at a
battle step, a lesson battle's attacks), its ``cases()`` run too, by its own runner. Run::

    PORT=18872 nice .venv/bin/python scripts/bench_ui.py [--clicks 30] [--only map,battle]

This is a measurement, not a test; the figures are recorded in docs/ui-latency.md.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import os
import statistics
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: set by main() through the environment: pytest imports this file afresh as its own module
OPTIONS: dict[str, Any] = {"clicks": int(os.environ.get("BENCH_UI_CLICKS", "30")),
                           "only": os.environ.get("BENCH_UI_ONLY", "")}
WAIT_MS = 30_000


@dataclass(frozen=True)
class Click:
    """One click: the CSS ``selector`` of the element, and ``done``, the source of a JS function
    ``(before) => boolean`` that holds once the page shows the click's result; ``before`` is the
    value of the JS expression ``before`` just before the click."""

    selector: str
    done: str
    before: str = "null"


@dataclass
class BoardCase:
    """A widget and a click on it, repeated: ``setup()`` builds the widget, ``start`` is the
    JS condition that holds once the page shows it, ``click(w)`` names the next click,
    ``reset(w)`` puts the position back after it (untimed) and returns the JS condition that
    holds once the page shows it again."""

    name: str
    setup: Callable[[], Any]
    start: Callable[[Any], str]
    click: Callable[[Any], Click]
    reset: Callable[[Any], str]
    python_ms: list[float] = field(default_factory=list)


#: set while no timed handler runs in the kernel: the position is put back only then (the
#: page may show a click's result before its handler has returned)
IDLE = threading.Event()
IDLE.set()


def _timed(obj: Any, name: str, into: list[float]) -> None:
    """Record how long ``obj.name()`` takes each time it is called (the Python share)."""
    method = getattr(obj, name)

    @functools.wraps(method)
    def timed(*args: Any, **kwargs: Any) -> Any:
        IDLE.clear()
        start = time.perf_counter()
        try:
            return method(*args, **kwargs)
        finally:
            into.append((time.perf_counter() - start) * 1000)
            IDLE.set()

    setattr(obj, name, timed)


def _settled(moves: int) -> str:
    """The dashboard's panel shows the final choices of the position after ``moves`` moves."""
    return f"() => !!document.querySelector('.hn-choices.hn-settled.hn-moves-{moves}')"


def _settled_after(moves: int) -> str:
    """The panel shows the final choices of a position after more than ``moves`` moves, and
    the map is drawn for the same position (its ``data-moves``)."""
    return f"""() => {{
      const panel = document.querySelector('.hn-choices.hn-settled');
      const map = document.querySelector('.hn-dash .hmap');
      const k = panel && [...panel.classList].find(c => c.startsWith('hn-moves-'));
      return !!k && Number(k.slice(9)) > {moves} && !!map && map.dataset.moves === k.slice(9);
    }}"""


def _athens_actions(dash: Any, *, wanted: Callable[[dict], bool]) -> None:
    """Play the hot-seat dashboard until Athens is at the screen in its action phase with a
    choice ``wanted`` offered (the first choice offered otherwise; Sparta plays the same)."""
    from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot

    players = {"athens": HeuristicBot(3), "sparta": HeuristicBot(4)}
    for _ in range(400):
        if dash.handover_to is not None:
            dash.ready()
        side = dash.viewer
        if side == "athens" and dash.game.prompt.kind == "actions" and any(
                wanted(a) for a in dash.choices):
            return
        dash.choose(players[side].choose(dash.game, side))
    raise RuntimeError("no Athenian action phase with that choice came up")


def _reloaded(dash: Any, saved: str) -> str:
    """Put the hot-seat dashboard back to the saved position, Athens at the screen; the JS
    condition of the page showing it."""
    dash.restore(saved)
    dash.ready()
    return _settled(len(dash.game.history))


def map_move_case() -> BoardCase:
    saved: dict[str, str] = {}

    def setup() -> Any:
        from hellenes_nb.widgets.dashboard import Dashboard

        dash = Dashboard("431", seed=5, mode="hotseat")
        _athens_actions(dash, wanted=lambda a: a["type"] == "move_group")
        saved["text"] = dash.save()
        case.python_ms.clear()
        _timed(dash.map, "handle_request", case.python_ms)
        return dash

    def click(dash: Any) -> Click:
        group = next(a for a in dash.choices if a["type"] == "move_group")
        dash.map.selected_area = group["area"]
        target = dash.map.destinations[0]
        return Click(f".hmap-go[data-go='{target}']", _settled_after(len(dash.game.history)))

    case = BoardCase("map move (dashboard)", setup, lambda d: _settled(len(d.game.history)),
                     click, lambda d: _reloaded(d, saved["text"]))
    return case


def choice_case() -> BoardCase:
    saved: dict[str, str] = {}

    def build(a: dict) -> bool:
        return a["type"] in ("build", "muster", "recruit")

    def setup() -> Any:
        from hellenes_nb.widgets.dashboard import Dashboard

        dash = Dashboard("431", seed=5, mode="hotseat")
        _athens_actions(dash, wanted=build)
        saved["text"] = dash.save()
        case.python_ms.clear()
        _timed(dash.choice_panel, "handle_request", case.python_ms)
        return dash

    def click(dash: Any) -> Click:
        panel = dash.choice_panel
        shown = [i for g in panel.groups for r in g["rows"] if not r["pick"]
                 for _label, _title, i in r["options"]]
        i = next((i for i in shown if build(panel.actions[i])), shown[0])
        return Click(f".hn-settled .hn-choice[data-i='{i}']",
                     _settled_after(len(dash.game.history)))

    case = BoardCase("dashboard choice", setup, lambda d: _settled(len(d.game.history)), click,
                     lambda d: _reloaded(d, saved["text"]))
    return case


#: the hand-over screen shows, and the board under it is hidden
COVERED = ("() => { const b = document.querySelector('.hn-dash .hn-ready'); "
           "const m = document.querySelector('.hn-dash .hmap-svg'); "
           "return !!b && b.offsetParent !== null && "
           "(!m || getComputedStyle(m).visibility === 'hidden'); }")


def handover_case() -> BoardCase:
    saved: dict[str, str] = {}

    def setup() -> Any:
        from hellenes_nb.widgets.dashboard import Dashboard

        dash = Dashboard("431", seed=5, mode="hotseat")
        dash.ready()
        dash.choose(next(a for a in dash.choices if a["type"] == "play_card"))
        assert dash.handover_to == "sparta"
        saved["text"] = dash.save()
        case.python_ms.clear()
        _timed(dash, "ready", case.python_ms)
        return dash

    def click(dash: Any) -> Click:
        n = len(dash.game.history)
        shown = f".hn-dash .hmap[data-moves=\"{n}\"] .hmap-svg"
        return Click(".hn-dash .hn-ready",
                     f"() => {{ const m = document.querySelector('{shown}'); return !!m && "
                     f"getComputedStyle(m).visibility === 'visible' && ({_settled(n)})(); }}")

    def reset(dash: Any) -> str:
        dash.restore(saved["text"])
        return COVERED

    case = BoardCase("hot-seat hand-over", setup, lambda _d: COVERED, click, reset)
    return case


STEP_SHOWN = "() => !!document.querySelector(\".hb button[data-action='step']\")"


def battle_step_case() -> BoardCase:
    lines = "() => document.querySelectorAll('.hb-log li').length"

    def setup() -> Any:
        from hellenes_nb.games.hellenes.widgets.battle import BattleWidget

        w = BattleWidget.from_forces("B2:4,B2:3,cav:A1:2,A1:2", "C2:4,C2:3,B1:3",
                                     speed="instant", seed=3)
        case.python_ms.clear()
        _timed(w, "handle_request", case.python_ms)
        return w

    def click(w: Any) -> Click:
        if w.battle.over:
            return Click(".hb button[data-action='restart']",
                         f"(before) => ({lines})() < before", f"({lines})()")
        if w.battle.prompt is not None:  # fight on, or the first of tied blocks (§6.32)
            choices = w.battle.prompt.choices
            pick = "fight" if "fight" in choices else choices[0]
            return Click(f".hb button[data-choice='{pick}']",
                         f"(before) => ({lines})() > before", f"({lines})()")
        return Click(".hb button[data-action='step']", f"(before) => ({lines})() > before",
                     f"({lines})()")

    def reset(_w: Any) -> str:
        return "() => true"

    case = BoardCase("battle step (board)", setup, lambda _w: STEP_SHOWN, click, reset)
    return case


def cases() -> list[BoardCase]:
    """The board cases of this bench (the lesson's come from bench_ui_lesson.py)."""
    return [map_move_case(), choice_case(), handover_case(), battle_step_case()]


def lesson_module() -> Any | None:
    """``scripts/bench_ui_lesson.py`` when it exists (written with the lesson widget)."""
    path = ROOT / "scripts" / "bench_ui_lesson.py"
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location("bench_ui_lesson", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


_CLICK = """([sel, done, before, wait]) => new Promise((resolve, reject) => {
  const ok = eval(done), was = eval(before);
  const target = document.querySelector(sel);
  if (!target) { reject(new Error("nothing to click: " + sel)); return; }
  const t0 = performance.now();
  const timer = setTimeout(() => { obs.disconnect(); reject(new Error("no update: " + sel)); },
                           wait);
  const obs = new MutationObserver(() => {
    if (ok(was)) { obs.disconnect(); clearTimeout(timer); resolve(performance.now() - t0); }
  });
  obs.observe(document.body, {subtree: true, childList: true, attributes: true,
                              characterData: true});
  target.click();
})"""


def run_case(page: Any, case: BoardCase, clicks: int) -> list[float]:
    """Display the case's widget in ``page`` and time ``clicks`` clicks (ms, click to DOM)."""
    from IPython.display import display

    w = case.setup()
    display(w)
    ready = case.start(w)
    times = []
    for _ in range(clicks):
        page.wait_for_function(ready, timeout=WAIT_MS)
        click = case.click(w)
        page.locator(click.selector).first.wait_for(timeout=WAIT_MS)
        times.append(page.evaluate(_CLICK, [click.selector, click.done, click.before, WAIT_MS]))
        if not IDLE.wait(WAIT_MS / 1000):
            raise RuntimeError(f"{case.name}: the click's handler never returned")
        ready = case.reset(w)
    return times


def summary(name: str, values: list[float]) -> str:
    if not values:
        return f"{name:44} (none)"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return (f"{name:44} n={len(values):3}  median {statistics.median(values):6.1f} ms  "
            f"p95 {p95:6.1f} ms")


def _chosen(all_cases: list[Any]) -> list[Any]:
    words = [w for w in OPTIONS["only"].split(",") if w]
    return [c for c in all_cases if not words or any(w in c.name for w in words)]


@pytest.mark.parametrize("case", _chosen(cases()), ids=lambda c: c.name)
def bench_board(solara_test, page_session, case: BoardCase) -> None:
    page_session.set_viewport_size({"width": 1366, "height": 900})
    times = run_case(page_session, case, OPTIONS["clicks"])
    print()
    print(summary(f"{case.name}: click to DOM", times))
    print(summary(f"{case.name}: Python share", case.python_ms[-len(times):]))


_LESSON = lesson_module()


@pytest.mark.skipif(_LESSON is None, reason="scripts/bench_ui_lesson.py is not here")
@pytest.mark.parametrize("case", _chosen(_LESSON.cases()) if _LESSON else [],
                         ids=lambda c: c.name)
def bench_lesson(solara_test, page_session, case: Any) -> None:
    page_session.set_viewport_size({"width": 1366, "height": 900})
    times = _LESSON.run_case(page_session, case, OPTIONS["clicks"], _CLICK)
    print()
    print(summary(f"{case.name}: click to DOM", times))
    print(summary(f"{case.name}: Python share", case.python_ms[-len(times):]))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """The browser tests' launch settings (tests/ui/conftest.py): Debian's Chromium."""
    from ui.conftest import CHROMIUM, CHROMIUM_ARGS

    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=OPTIONS["clicks"])
    parser.add_argument("--only", default="", help="comma-separated words of case names")
    args = parser.parse_args()
    os.environ.update(BENCH_UI_CLICKS=str(args.clicks), BENCH_UI_ONLY=args.only)
    sys.path.insert(0, str(ROOT / "tests"))
    return pytest.main([__file__, "-q", "-s", "-p", "no:cacheprovider", "--rootdir", str(ROOT),
                        "-o", "python_functions=bench_*", "-o", "python_files=bench_*.py",
                        "-W", "ignore::DeprecationWarning"])


if __name__ == "__main__":
    sys.exit(main())
