"""Benchmark the map widget in a real browser: first render, and Python change -> map redrawn.

Run: ``.venv/bin/python scripts/bench_map.py`` (needs Chromium; see tests/ui/conftest.py).

The script runs itself under pytest so that pytest-ipywidgets' ``solara_test`` can serve the
widget to headless Chromium. It measures, with wall clocks shared by the kernel and the page:

- first render: ``display(widget)`` until the map has drawn its board;
- update: setting ``widget.game`` to another game state (one game's positions, replayed) until
  the browser has redrawn the map (median over ``CHANGES`` changes; target 50 ms), zoomed out
  (stacks) and zoomed in (every block face);
- the naive baseline in the same run: re-rendering the whole static SVG in Python
  (``render_map_svg``) and sending it to an ``ipywidgets.HTML`` for every change.
"""

from __future__ import annotations

import os
import random
import shutil
import statistics
import sys
import time
from pathlib import Path

import pytest

CHANGES = 24
TARGET_MS = 50.0
CHROMIUM = os.environ.get("HELLENES_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM,
            "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--no-first-run"]}


def _positions(n: int, viewer: str) -> list:
    """``n`` positions of one 431 game (seeded random bot), each drawn differently for viewer."""
    import hellenes_nb
    from hellenes_nb.games.hellenes.widgets.map import board_from_view
    from hellenes_nb.games.hellenes.world import load_world

    world = load_world()
    game = hellenes_nb.new_game("431", seed=3)
    rng = random.Random(3)
    out, last = [], None
    while len(out) < n and not game.over:
        acts = game.legal_actions()
        game.apply(rng.choice([a for a in acts if a["type"] != "end_actions"] or acts))
        board = board_from_view(game.view(viewer), world)
        if board != last:
            out.append(game.clone())
            last = board
    if len(out) < n:
        raise RuntimeError(f"the bot game ended after {len(out)} positions; need {n}")
    return out


def _now_ms() -> float:
    return time.time() * 1000.0


def _wait_rev(page, above: int) -> tuple[int, float]:
    """Wait until the map has redrawn past revision ``above``; its revision and draw time."""
    page.wait_for_function(f"() => Number(document.querySelector('.hmap').dataset.rev) > {above}",
                           timeout=20_000, polling="raf")
    rev, at = page.evaluate("() => { const d = document.querySelector('.hmap').dataset;"
                            " return [Number(d.rev), Number(d.rendered)]; }")
    return rev, at


def _summary(name: str, values: list[float]) -> str:
    values = sorted(values)
    p90 = values[max(0, int(len(values) * 0.9) - 1)]
    return f"{name:<34} median {statistics.median(values):7.1f} ms   p90 {p90:7.1f} ms"


def test_bench_map(solara_test, page_session):
    import ipywidgets
    from IPython.display import display

    from hellenes_nb.games.hellenes.render import render_map_svg
    from hellenes_nb.games.hellenes.widgets.map import MapWidget

    positions = _positions(CHANGES + 1, "athens")
    t0 = _now_ms()
    w = MapWidget(positions[0], viewer="athens")
    built = _now_ms()
    display(w)
    page_session.locator(".hmap-blocks .hmap-stack").first.wait_for(timeout=30_000)
    rev, drawn = _wait_rev(page_session, 0)
    first = drawn - t0

    updates = []
    for game in positions[1:]:
        start = _now_ms()
        w.game = game
        rev, drawn = _wait_rev(page_session, rev)
        updates.append(drawn - start)

    w.focus("attica", 5)  # zoomed in: every block drawn with its face
    page_session.locator('.hmap[data-zoom="5.00"]').wait_for(timeout=20_000)
    close = []
    for game in positions[-2::-1]:
        start = _now_ms()
        w.game = game
        rev, drawn = _wait_rev(page_session, rev)
        close.append(drawn - start)

    html = ipywidgets.HTML()
    display(html)
    naive = []
    for i in range(CHANGES):
        start = _now_ms()
        svg = render_map_svg("431", None).replace("<title>", f"<title>bench {i} ", 1)
        html.value = svg
        page_session.wait_for_function(
            f"() => [...document.querySelectorAll('svg title')].some(t => "
            f"t.textContent.startsWith('bench {i} '))", timeout=20_000, polling="raf")
        naive.append(_now_ms() - start)

    med, base = statistics.median(updates), statistics.median(naive)
    print()
    print(f"first render (build {built - t0:.0f} ms in Python): {first:.0f} ms")
    print(_summary(f"map update ({len(updates)} changes)", updates))
    print(_summary(f"  zoomed in, block faces ({len(close)})", close))
    print(_summary(f"naive full SVG ({len(naive)} changes)", naive))
    print(f"speed-up over naive: {base / med:.1f}x   target {TARGET_MS:.0f} ms: "
          f"{'met' if med <= TARGET_MS else 'NOT met'}")


if __name__ == "__main__":
    port = os.environ.get("PORT")
    env_note = "" if port else " (set PORT to move the test server off 18765+100)"
    print(f"bench_map: {CHANGES} changes{env_note}")
    sys.exit(pytest.main([str(Path(__file__).resolve()), "-q", "-s", "-p", "no:cacheprovider",
                          "-W", "ignore::DeprecationWarning"]))
