"""The timeline of the war driven from Python: every lesson file is a span on its years, the
four scenarios are marked (§15.1-15.4), spans never overlap in a lane, and the page may only
pick a lesson that is there (the browser test is tests/ui/test_timeline_ui.py)."""

from __future__ import annotations

import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.paths import LESSONS, NOTEBOOKS

from hellenes_nb.lessons import load_spec
from hellenes_nb.widgets.timeline import LANE_YEARS, TimelineWidget, _lanes, lesson_entries

FIRST, LAST = 432, 404


@pytest.fixture(scope="module")
def timeline():
    return TimelineWidget()


def test_every_lesson_file_is_on_the_timeline_with_its_years_and_notebook(timeline):
    files = sorted(LESSONS.glob("*.yaml"))
    assert sorted(e["id"] for e in timeline.lessons) == sorted(p.stem for p in files)
    for e in timeline.lessons:
        spec = load_spec(LESSONS / f"{e['id']}.yaml")
        assert (e["first"], e["last"]) == spec.span and e["title"] == spec.title
        assert e["objectives"] == list(spec.objectives) and e["steps"] == len(spec.steps)
        assert e["time"] == spec.time
        assert (NOTEBOOKS.parent / e["notebook"]).is_file(), e["id"]
    assert [e["first"] for e in timeline.lessons] == sorted(
        (e["first"] for e in timeline.lessons), reverse=True), "in the order of the war"
    assert timeline.skipped == []


def test_the_four_scenarios_are_marked_with_their_years(timeline):
    years = {s["id"]: (s["first"], s["last"]) for s in timeline.scenarios}
    assert years == {"431": (431, 422), "sicily": (415, 413), "415": (415, 404),
                     "413": (413, 404)}
    assert (timeline.first, timeline.last) == (FIRST, LAST)


def test_a_lesson_added_to_the_folder_appears_and_a_broken_one_is_named(tmp_path):
    shutil.copy(LESSONS / "delium-424.yaml", tmp_path / "delium-424.yaml")
    (tmp_path / "broken.yaml").write_text("format: hellenes-lesson 1\nid: [\n", encoding="utf-8")
    entries, skipped = lesson_entries(tmp_path)
    assert [e["id"] for e in entries] == ["delium-424"]
    assert entries[0]["notebook"] == "", "no notebooks folder next to this one"
    assert len(skipped) == 1 and skipped[0].startswith("broken.yaml: ")
    w = TimelineWidget(tmp_path)
    assert w.skipped == skipped and [e["id"] for e in w.lessons] == ["delium-424"]


def test_a_click_picks_a_lesson_and_shows_its_entry(timeline):
    timeline.set_state({"picked": "delium-424"})      # as the page writes it
    assert timeline.picked == "delium-424" and timeline.error == ""
    assert timeline.chosen["notebook"] == "notebooks/17-delium-424.ipynb"
    timeline.pick("")
    assert timeline.chosen is None


def test_the_page_cannot_pick_a_missing_lesson_or_change_the_lessons(timeline):
    timeline.pick("pylos-425")
    lessons = list(timeline.lessons)
    timeline.set_state({"picked": "<script>x</script>"})
    assert timeline.picked == "pylos-425"
    assert "no lesson '<script>x</script>'" in timeline.error and "delium-424" in timeline.error
    timeline.set_state({"lessons": [{"id": "x"}], "error": "", "scenarios": []})
    assert timeline.lessons == lessons and len(timeline.scenarios) == 4
    timeline.pick("pylos-425")
    assert timeline.error == ""


spans = st.lists(st.tuples(st.integers(LAST, FIRST), st.integers(0, 12)), max_size=25)


@settings(max_examples=200, deadline=None)
@given(spans)
def test_spans_in_one_lane_never_overlap(raw):
    entries = [{"first": f, "last": max(f - d, LAST)} for f, d in raw]
    entries.sort(key=lambda e: -e["first"])
    _lanes(entries, LANE_YEARS)
    slots = FIRST - LAST + 1
    drawn = {}
    for e in entries:
        width = max(e["first"] - e["last"] + 1, LANE_YEARS)
        start = min(FIRST - e["first"], slots - width)
        assert 0 <= start and start + width <= slots
        for lane_start, lane_end in drawn.get(e["lane"], []):
            assert start >= lane_end or start + width <= lane_start
        drawn.setdefault(e["lane"], []).append((start, start + width))
