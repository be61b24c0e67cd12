"""The timeline of the games' history in a real browser: a teacher clicks a lesson's span and
reads what it teaches and how to open it, at a projector's 1366x900, in the light and the dark
theme; every game's scenarios and lessons are drawn, and the years left out are visible breaks.
Screenshots go to artifacts/screenshots/ (git-ignored) for a person to look at."""

from __future__ import annotations

import threading

import pytest
from IPython.display import display
from support.browser import SETTLE

from hellenes_nb.widgets.timeline import TimelineWidget

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1366, "height": 900}
DARK = """:root { --jp-layout-color1: #111418; --jp-layout-color2: #1f242b;
  --jp-ui-font-color1: #e8e6e3; --jp-ui-font-color2: #a9a59e; --jp-border-color1: #3b4149; }
body { background: #111418; }"""


def _show(page) -> TimelineWidget:
    w = TimelineWidget()
    display(w)
    page.set_viewport_size(PROJECTOR)
    page.locator(".htl-span").first.wait_for(timeout=SETTLE)
    return w


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_click_a_lesson_span_and_read_how_to_open_it(solara_test, page_session, console_errors,
                                                     screenshot_dir, theme):
    page = page_session
    w = _show(page)
    if theme == "dark":
        page.add_style_tag(content=DARK)
    spans = page.locator(".htl-span")
    assert spans.count() == len(w.lessons)
    assert page.locator(".htl-scen").count() == len(w.scenarios) >= 5  # every game's
    persian = page.locator(".htl-scen[data-scenario='earth-water']")
    assert "300: Earth & Water" in persian.inner_text()
    assert page.locator(".htl-gap").count() == len([c for c in w.columns if "gap" in c]) >= 2
    assert "29 years" in page.locator(".htl-axis").inner_text()   # 478-450 BC left out

    # a lesson of the other game, on its own years, with its game named in the panel
    page.locator(".htl-span[data-lesson='xerxes-480-479']").click()
    panel = page.locator(".htl-panel")
    panel.locator("h4", has_text="Xerxes").wait_for(timeout=SETTLE)
    text = panel.inner_text()
    assert "300: Earth & Water" in text and "480\u2013479 BC" in text
    assert "notebooks/30-xerxes-480-479.ipynb" in text and 'LessonWidget("xerxes-480-479")' in text

    # the page draws the panel itself, before Python hears of the pick: wait for both, and for
    # this pick's value (the Xerxes pick may still be arriving when the observer is set)
    reached = threading.Event()
    w.observe(lambda change: change["new"] == "delium-424" and reached.set(), names="picked")
    page.locator(".htl-span[data-lesson='delium-424']").click()
    panel.locator("h4", has_text="Delium").wait_for(timeout=SETTLE)
    assert reached.wait(SETTLE / 1000), "the pick did not reach Python"
    assert w.picked == "delium-424"
    text = panel.inner_text()
    assert "424 BC" in text and "notebooks/17-delium-424.ipynb" in text
    assert 'LessonWidget("delium-424")' in text and w.chosen["time"] in text
    pressed = page.locator(".htl-span[aria-pressed='true']")
    assert pressed.count() == 1 and pressed.get_attribute("data-lesson") == "delium-424"

    # readable on a projector: the spans' labels are at least 15px and nothing overflows
    sizes = spans.evaluate_all("els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert min(sizes) >= 15
    box = page.locator(".htl").bounding_box()
    assert box["x"] + box["width"] <= PROJECTOR["width"]
    for el in page.locator(".htl-span, .htl-scen").all():   # every bar inside the widget
        b = el.bounding_box()
        assert box["x"] <= b["x"] and b["x"] + b["width"] <= box["x"] + box["width"]
    page.screenshot(path=screenshot_dir / f"timeline-{theme}.png", full_page=True)

    w.pick("pylos-425")   # Python's pick shows in the page too
    panel.locator("h4", has_text="Pylos").wait_for(timeout=SETTLE)
    assert console_errors == []


#: JupyterLab at 1366x900 with its file browser open gives a notebook output about this wide
LAB_OUTPUT = 934


def test_every_label_shows_whole_in_a_lab_output_at_1366(solara_test, page_session,
                                                        screenshot_dir, console_errors):
    """Issue 28 item 7: in notebook 00 the labels were cut ("Delium and the Boeoti…",
    "Sicily s…"); every lesson and scenario label now wraps or fits, whole, at 15 px or more,
    and the picked lesson's notebook is a link."""
    page = page_session
    page.set_viewport_size(PROJECTOR)
    w = TimelineWidget()
    display(w)
    page.add_style_tag(content=f".htl {{ width: {LAB_OUTPUT}px; }}")
    page.locator(".htl-span").first.wait_for(timeout=SETTLE)
    cut = page.evaluate("""() => [...document.querySelectorAll(
        '.htl-span span, .htl-span small, .htl-scen, .htl-scen small')].filter(e =>
        e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1
        || getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth
        ).map(e => e.textContent)""")
    page.screenshot(path=screenshot_dir / "timeline-lab-output.png", full_page=True)
    assert cut == []
    sizes = page.locator(".htl-span span, .htl-scen").evaluate_all(
        "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert min(sizes) >= 15
    spans = page.locator(".htl-span").all()
    boxes = [s.bounding_box() for s in spans]
    for i, a in enumerate(boxes):  # the spans do not overlap one another
        for b in boxes[i + 1:]:
            assert (a["x"] + a["width"] <= b["x"] + 1 or b["x"] + b["width"] <= a["x"] + 1
                    or a["y"] + a["height"] <= b["y"] + 1 or b["y"] + b["height"] <= a["y"] + 1)

    page.locator(".htl-span[data-lesson='pylos-425']").click()
    link = page.locator(".htl-panel a", has_text="notebooks/10-pylos-425.ipynb")
    link.wait_for(timeout=SETTLE)
    assert link.get_attribute("href").endswith("10-pylos-425.ipynb")
    assert console_errors == []
