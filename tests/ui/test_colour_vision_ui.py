"""The map as a reader with a colour-vision deficiency sees it (issue 15, item 8): a
screenshot of the map, its land fills read from the pixels, simulated with protanopia,
deuteranopia and tritanopia (Machado et al. 2009), and the two sides' lands kept apart."""

from __future__ import annotations

import io
from collections import Counter

import numpy as np
import pytest
from IPython.display import display
from PIL import Image
from support.colourvision import DEFICIENCIES, distance, simulate

import hellenes_nb
from hellenes_nb.games.hellenes.widgets.map import MapWidget

pytestmark = pytest.mark.browser

SETTLE = 30_000  # ms: bounded wait for the frontend
#: neighbouring or facing lands of the two sides: (Athens' ally, Sparta's ally)
PAIRS = (("thessaly", "malis"), ("thessaly", "boeotia"), ("attica", "megaris"),
         ("naupactus", "elis"), ("acarnania", "ambracia"), ("argolis", "arcadia"),
         ("lesbos", "corinth"))
ACROSS = 10.0  # as tests/board/test_palette_colour_vision.py

#: page points inside each area's outline (the fill under names and symbols is the most
#: common colour among them)
INSIDE = """areas => { const svg = document.querySelector('.hmap-svg');
  const ctm = svg.getScreenCTM(); const out = {};
  for (const id of areas) {
    const path = svg.querySelector(`path[data-area="${id}"]`); const b = path.getBBox();
    const pts = [];
    for (let i = 1; i < 24; i++) for (let j = 1; j < 24; j++) {
      const p = svg.createSVGPoint(); p.x = b.x + b.width * i / 24; p.y = b.y + b.height * j / 24;
      if (path.isPointInFill(p)) { const q = p.matrixTransform(ctm); pts.push([q.x, q.y]); }
    }
    out[id] = pts;
  }
  return out; }"""


def _fills(page, areas: list[str]) -> dict[str, np.ndarray]:
    points = page.evaluate(INSIDE, areas)
    shot = np.asarray(Image.open(io.BytesIO(page.screenshot())).convert("RGB"))
    fills = {}
    for area, pts in points.items():
        seen = Counter(tuple(shot[int(y), int(x)]) for x, y in pts
                       if 0 <= int(y) < shot.shape[0] and 0 <= int(x) < shot.shape[1])
        assert seen, f"no pixel of {area} on screen"
        fills[area] = np.array(seen.most_common(1)[0][0], dtype=float)
    return fills


@pytest.mark.rule("1.32")
def test_the_sides_lands_stay_apart_in_simulated_colour_blindness(solara_test, page_session,
                                                                   screenshot_dir,
                                                                   console_errors):
    page = page_session
    page.set_viewport_size({"width": 1366, "height": 900})
    display(MapWidget(viewer="all"))
    page.locator(".hmap[data-size='normal'] .hmap-svg path[data-area]").first.wait_for(
        timeout=SETTLE)
    fills = _fills(page, sorted({a for pair in PAIRS for a in pair}))
    close = []
    for vision in (None, *DEFICIENCIES):
        for athens, sparta in PAIRS:
            d = distance(fills[athens], fills[sparta], vision)
            if d < ACROSS:
                close.append((vision or "normal", athens, sparta, round(d, 1)))
    assert close == [], f"lands of the two sides look alike: {close}"
    # the screenshot as a deuteranope sees it, for a person to look at
    shot = np.asarray(Image.open(io.BytesIO(page.locator(".hmap").screenshot())).convert("RGB"))
    Image.fromarray(simulate(shot, "deuteranopia").round().astype(np.uint8)).save(
        screenshot_dir / "map-deuteranopia.png")
    assert console_errors == []


@pytest.mark.rule("1.4")
def test_control_is_shown_by_pattern_as_well_as_colour(solara_test, page_session,
                                                       screenshot_dir, console_errors):
    """The Control view: who holds an area is told by a pattern too (Athens lines, Sparta
    dots), not by colour alone."""
    page = page_session
    game = hellenes_nb.new_game("431", seed=1)
    display(MapWidget(game, viewer="all"))
    page.locator(".hmap-svg path[data-area]").first.wait_for(timeout=SETTLE)
    page.locator(".hmap-btn", has_text="Control").click()
    page.locator(".hmap-ctl-athens").first.wait_for(timeout=SETTLE)
    page.locator(".hmap-ctl-sparta").first.wait_for(timeout=SETTLE)
    fills = page.evaluate("""() => ['athens', 'sparta'].map(s => getComputedStyle(
        document.querySelector(`.hmap-ctl-${s}`)).fill)""")
    assert "hmap-ctl-athens" in fills[0] and "hmap-ctl-sparta" in fills[1], fills
    assert page.locator("#hmap-ctl-athens rect").count() == 2
    assert page.locator("#hmap-ctl-sparta circle").count() == 1
    page.locator(".hmap").screenshot(path=screenshot_dir / "map-control-patterns.png")
    assert console_errors == []
