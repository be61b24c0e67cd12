"""The Hellenes map read and clicked at 1366×900 with JupyterLab's file browser open (issue 28,
item 2, and the Pylos map of item 6).

The output area then gives a widget about 580 px. Measured on the page with
getBoundingClientRect: no place name overlaps another name or a block at the default view or
zoomed in; every place can be clicked on a target at least 24 px across; the dashboard puts its
decisions under the map, which keeps the whole width. Every wait is on the page.
"""

from __future__ import annotations

import pytest
from IPython.display import display
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from hellenes_nb.games.hellenes.widgets.map import MapWidget
from hellenes_nb.widgets.dashboard import Dashboard

pytestmark = pytest.mark.browser

SETTLE = 30_000  # ms: bounded wait for the frontend (generous: CI shares 2 cores)
LAPTOP = {"width": 1366, "height": 900}
#: the widget's width in JupyterLab at 1366 px with the file browser open (issue 28)
LAB_WIDGET = 580

#: pairs of shown names that overlap, and names that overlap a block (ids or words)
OVERLAPS = """(root) => {
  const r = document.querySelector(root);
  const box = (e) => e.getBoundingClientRect();
  const shown = [...r.querySelectorAll('.layer-names text, .hmap-details text')]
    .filter((t) => getComputedStyle(t).display !== 'none' && box(t).width > 0);
  const blocks = [...r.querySelectorAll('.hmap-blocks .hmap-stack, .hmap-blocks .hmap-block')];
  const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1
    && b.top < a.bottom - 1;
  const out = [];
  shown.forEach((t, i) => {
    const a = box(t);
    for (const u of shown.slice(i + 1)) {
      if (hit(a, box(u))) out.push(t.textContent + ' / ' + u.textContent);
    }
    for (const b of blocks) if (hit(a, box(b))) out.push(t.textContent + ' / blocks of '
      + b.closest('[data-blocks-of]').getAttribute('data-blocks-of'));
  });
  return {overlaps: out, shown: shown.map((t) => t.textContent)};
}"""

#: per place, the larger of its drawn shape and its click pad, in px, as [width, height]
TARGETS = """(root) => {
  const r = document.querySelector(root);
  const out = {};
  for (const p of r.querySelectorAll('.hmap-svg [data-area], .hmap-svg [data-area-hit]')) {
    const id = p.getAttribute('data-area') || p.getAttribute('data-area-hit');
    const b = p.getBoundingClientRect();
    const was = out[id] || [0, 0];
    if (Math.min(b.width, b.height) > Math.min(was[0], was[1])) out[id] = [b.width, b.height];
  }
  return out;
}"""


#: whether only a clipped piece of the Sicily inset shows at an edge of the map
INSET_PIECE = """() => {
  const stage = document.querySelector('.hmap-stage').getBoundingClientRect();
  const f = document.querySelector('.hmap-svg .inset-frame').getBoundingClientRect();
  const veil = document.querySelector('.hmap-inset-veil');
  const veiled = !!veil && getComputedStyle(veil).display !== 'none';
  const meets = f.left < stage.right && f.right > stage.left && f.top < stage.bottom
    && f.bottom > stage.top;
  const whole = f.left >= stage.left && f.right <= stage.right && f.top >= stage.top
    && f.bottom <= stage.bottom;
  return meets && !whole && !veiled;
}"""


#: the height on the page of a city's name, in px
NAME_HEIGHT = """(place) => document.querySelector(`.layer-names text[data-place="${place}"]`)
  .getBoundingClientRect().height"""
#: the inset's words (its title, its links) that stick out of its frame or of the map
INSET_WORDS_OUT = """() => {
  const stage = document.querySelector('.hmap-stage').getBoundingClientRect();
  const f = document.querySelector('.hmap-svg .inset-frame').getBoundingClientRect();
  const inside = (r, b) => r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1
    && r.bottom <= b.bottom + 1;
  return [...document.querySelectorAll('.hmap-svg .layer-frame text')]
    .filter((t) => !inside(t.getBoundingClientRect(), f)
      || !inside(t.getBoundingClientRect(), stage))
    .map((t) => t.textContent);
}"""


def _settle(page, test: str, arg, timeout: int = 8_000) -> None:
    """Wait (bounded, on the page) until ``test`` holds; the caller then asserts what it sees."""
    try:
        page.wait_for_function(test, arg=arg, timeout=timeout)
    except PlaywrightTimeout:
        pass


def _overlaps(page, root: str) -> tuple[list[str], list[str]]:
    """The overlaps once the map has set its names down (waited for on the page)."""
    _settle(page, f"(root) => ({OVERLAPS})(root).overlaps.length === 0", root)
    got = page.evaluate(OVERLAPS, root)
    return got["overlaps"], got["shown"]


def _zoom(page, root: str, clicks: int) -> str:
    before = page.evaluate(f"() => document.querySelector('{root} .hmap').dataset.zoom")
    for _ in range(clicks):
        page.locator(f"{root} [data-action='zoom-in']").click()
    page.wait_for_function(
        "([root, before]) => document.querySelector(root + ' .hmap').dataset.zoom !== before",
        arg=[root, before], timeout=SETTLE)
    return page.evaluate(f"() => document.querySelector('{root} .hmap').dataset.zoom")


def test_the_dashboard_at_lab_width_puts_decisions_under_a_readable_map(
        solara_test, page_session, screenshot_dir, console_errors):
    page = page_session
    page.set_viewport_size(LAPTOP)
    display(Dashboard("431", seed=7))
    page.add_style_tag(content=f".hn-dash {{ width: {LAB_WIDGET}px; max-width: {LAB_WIDGET}px; }}")
    page.locator(".hn-dash .hmap-svg").wait_for(timeout=SETTLE)
    page.locator(".hn-settled .hn-choice").first.wait_for(timeout=SETTLE)
    wrong: dict[str, object] = {}
    # laid out for the width it has: the map takes it all, the decisions come right under it
    _settle(page, f"() => document.querySelector('.hn-dash .hmap-svg')"
                  f".getBoundingClientRect().width > {LAB_WIDGET - 40}", None)
    svg = page.locator(".hn-dash .hmap-svg").bounding_box()
    decision = page.locator(".hn-dash .hn-side").bounding_box()
    chart = page.locator(".hn-dash .hn-under").bounding_box()
    if svg["width"] < LAB_WIDGET - 40:
        wrong["map width"] = round(svg["width"])
    if not svg["y"] + svg["height"] <= decision["y"] < chart["y"]:
        wrong["decisions not right under the map"] = (svg, decision, chart)
    page.screenshot(path=screenshot_dir / "dashboard-580-narrow.png", full_page=True)
    # no name over another or over a block, with the names of central Greece still there
    overlaps, shown = _overlaps(page, ".hn-dash")
    if overlaps:
        wrong["overlaps at zoom 1"] = overlaps
    missing = {"Athens", "Sparta", "Corinth", "Thebes"} - set(shown)
    if missing:
        wrong["names missing"] = missing
    # every place has a target at least 24 px across; Plataea's is one, and hovers as Plataea
    sizes = page.evaluate(TARGETS, ".hn-dash")
    small = {k: [round(v) for v in wh] for k, wh in sizes.items() if min(wh) < 23.5}
    if small:
        wrong[f"{len(small)} targets under 24 px"] = small
    pad = page.locator(".hn-dash [data-area-hit='plataea']")
    if pad.count():
        b = pad.bounding_box()
        page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
        page.locator(".hn-dash .hmap-tip:not([hidden]) strong", has_text="Plataea").wait_for(
            timeout=SETTLE)
    # zoomed in, past the zoom where every block is drawn by itself, and closer still
    for clicks in (2, 2, 1):
        zoom = _zoom(page, ".hn-dash", clicks)
        overlaps, _ = _overlaps(page, ".hn-dash")
        print("placing names and pads took",
              page.evaluate("() => document.querySelector('.hn-dash .hmap').dataset.labelMs"),
              "ms at zoom", zoom)
        if overlaps:
            wrong[f"overlaps at zoom {zoom}"] = overlaps
    assert wrong == {}
    assert console_errors == []


def test_the_pylos_map_keeps_pylos_clear_of_the_blocks(solara_test, page_session,
                                                       screenshot_dir, console_errors):
    """The start-here map and the Pylos close-up (issue 28 items 2 and 6) at the Lab's width:
    Pylos named clear of the blocks, and no clipped piece of the Sicily inset."""
    page = page_session
    page.set_viewport_size(LAPTOP)
    w = MapWidget(scenario="431")
    display(w)
    page.add_style_tag(content=f".hmap {{ width: {LAB_WIDGET}px; }}")
    page.locator(".hmap .hmap-svg").wait_for(timeout=SETTLE)
    overlaps, shown = _overlaps(page, "body")
    assert overlaps == [], overlaps
    # readable at this width: a city's name at least 8 px high; Plataea and Megara named
    assert page.evaluate(NAME_HEIGHT, "attica") >= 8  # Athens
    assert {"Plataea", "Megara", "Thebes", "Corinth"} <= set(shown), shown
    # the inset's title and notes stay inside its frame, none cut at the map's left edge
    assert page.evaluate(INSET_WORDS_OUT) == []
    w.focus("pylos", zoom=4.0)
    page.locator(".hmap[data-zoom='4.00']").wait_for(timeout=SETTLE)
    overlaps, shown = _overlaps(page, "body")
    assert overlaps == [], overlaps
    assert "Pylos" in shown, shown
    # no clipped piece of the Sicily inset at the left edge: it is whole, away, or veiled
    assert page.evaluate(INSET_PIECE) is False
    page.locator(".hmap").screenshot(path=screenshot_dir / "map-pylos-580.png")
    assert console_errors == []


def test_the_pylos_lesson_names_pylos_clear_of_its_blocks(solara_test, page_session,
                                                          screenshot_dir, console_errors):
    """Notebook 10 (issue 28 item 6): at every step of the Pylos lesson, at the Lab's width, no
    shown name lies under a block, and Pylos is named wherever the map is close enough."""
    from hellenes_nb.widgets.lesson import LessonWidget

    page = page_session
    page.set_viewport_size(LAPTOP)
    w = LessonWidget("pylos-425", speed="instant")
    display(w)
    page.add_style_tag(content=".hl-lesson { width: 934px; max-width: 934px; }")
    page.locator(".hl-lesson .hmap-svg").first.wait_for(timeout=SETTLE)
    steps = int(page.locator(".hl-progress").first.inner_text().split("/")[1])
    wrong = {}
    for n in range(1, steps + 1):
        w.goto(n)
        page.locator(".hl-progress", has_text=f"{n} / {steps}").first.wait_for(timeout=SETTLE)
        overlaps, shown = _overlaps(page, ".hl-lesson")
        zoom = float(page.evaluate("() => document.querySelector('.hl-lesson .hmap')"
                                   ".dataset.zoom"))
        if overlaps or (zoom >= 2 and "Pylos" not in shown):
            wrong[n] = (zoom, overlaps, "Pylos" in shown)
    page.locator(".hl-lesson").screenshot(path=screenshot_dir / "lesson-pylos-names.png")
    assert wrong == {}
    assert console_errors == []


#: overlaps between the names of the printed map, and between a name and a count of blocks
STATIC_OVERLAPS = """() => {
  const box = (e) => e.getBoundingClientRect();
  const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1
    && b.top < a.bottom - 1;
  const out = [];
  for (const svg of document.querySelectorAll('svg')) {
    const names = [...svg.querySelectorAll('.layer-names text')];
    const badges = [...svg.querySelectorAll('.layer-badges [data-badge]')];
    names.forEach((t, i) => {
      for (const u of names.slice(i + 1)) {
        if (hit(box(t), box(u))) out.push(t.textContent + ' / ' + u.textContent);
      }
      for (const b of badges) {
        if (hit(box(t), box(b))) out.push(t.textContent + ' / count in '
          + b.getAttribute('data-badge'));
      }
    });
  }
  return out;
}"""


def test_the_start_here_map_prints_no_name_over_another(solara_test, page_session):
    """Notebook 00's printed map (render_map_svg, fitted to the output) at 580 px, in both
    sizes: no name covers another or a count of blocks; a name with no room is left out and
    its area's hover title names it (issue 28 item 2)."""
    from hellenes_nb.games.hellenes.render.svg import render_map_svg
    from hellenes_nb.widgets.lesson_tables import fitted

    page = page_session
    page.set_viewport_size(LAPTOP)
    for size in ("normal", "classroom"):
        display(fitted(render_map_svg(scenario="431", size=size)))
    page.add_style_tag(content=f"svg {{ max-width: {LAB_WIDGET}px !important; }}")
    page.locator("svg .layer-names").nth(1).wait_for(timeout=SETTLE)
    assert page.evaluate(STATIC_OVERLAPS) == []
    titles = page.evaluate("() => [...document.querySelectorAll('svg [data-area] title')]"
                           ".map((t) => t.textContent).join(' | ')")
    assert "Megara" in titles and "Plataea" in titles


def test_the_dashboard_in_labs_whole_output_puts_the_map_first(solara_test, page_session):
    """JupyterLab at 1366×900 with the file browser open gives the whole output about 934 px:
    beside the side panels the map would keep about 580 px, so the decisions go under it and
    the map takes the whole width."""
    page = page_session
    page.set_viewport_size(LAPTOP)
    display(Dashboard("431", seed=7))
    page.add_style_tag(content=".hn-dash { width: 934px; max-width: 934px; }")
    page.locator(".hn-settled .hn-choice").first.wait_for(timeout=SETTLE)
    _settle(page, "() => document.querySelector('.hn-dash .hmap-svg')"
                  ".getBoundingClientRect().width > 880", None)
    svg = page.locator(".hn-dash .hmap-svg").bounding_box()
    decision = page.locator(".hn-dash .hn-side").bounding_box()
    assert svg["width"] > 880, svg
    assert decision["y"] >= svg["y"] + svg["height"], (svg, decision)
