"""Every lesson of the whole war (issue 20) in a real browser: the Next button steps it to its
first battle, and the battle board shows the blocks that fight there. Parametrized by the files
in lessons/, so a lesson added there is stepped too (Pylos and Amphipolis have their own
browser test, tests/ui/test_lesson_ui.py)."""

from __future__ import annotations

import re

import pytest
from IPython.display import display
from support.browser import SETTLE
from support.paths import LESSONS

from hellenes_nb.lessons import load_spec
from hellenes_nb.widgets.lesson import LessonWidget

pytestmark = pytest.mark.browser

OWN_TEST = {"pylos-425", "amphipolis-424-422"}
WAR_LESSONS = sorted(p.stem for p in LESSONS.glob("*.yaml") if p.stem not in OWN_TEST)
VIEWPORT = {"width": 1366, "height": 900}


def test_the_war_lessons_are_found():
    assert {"potidaea-432-431", "delium-424", "sicilian-expedition-415-413",
            "decelea-ionian-war-413-411"} <= set(WAR_LESSONS)


@pytest.mark.parametrize("name", WAR_LESSONS)
def test_next_steps_the_lesson_to_its_first_battle(solara_test, page_session, console_errors,
                                                   name):
    spec = load_spec(LESSONS / f"{name}.yaml")
    first = next(s.number for s in spec.steps if s.battle)
    w = LessonWidget(name, speed="fast")
    display(w)
    page = page_session
    page.set_viewport_size(VIEWPORT)
    page.locator(".hl-lesson").wait_for(timeout=SETTLE)
    for n in range(2, first + 1):
        page.locator(".hl-next").click()
        page.locator(".hl-progress", has_text=re.compile(rf"^{n} / {len(spec.steps)}$")).wait_for(
            timeout=SETTLE)
        assert w.progress.value == n
    page.locator(".hl-lesson h3", has_text=spec.steps[first - 1].title[:20]).wait_for(
        timeout=SETTLE)
    blocks = page.locator(".hb-block")
    blocks.first.wait_for(timeout=SETTLE)
    assert w.battle is not None, f"the battle board of step {first} of {name}"
    keys = set(blocks.evaluate_all("els => els.map(e => e.dataset.key)"))
    fought = {b["block"] for side in w.lesson.view()["battle"]["forces"].values() for b in side}
    assert fought <= keys, (fought, keys)
    assert console_errors == []
