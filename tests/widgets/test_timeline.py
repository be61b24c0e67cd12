"""The timeline of the games' history driven from Python (issue 27 item 5): every lesson file
of every game is a span on the years its file gives, every game's scenarios are marked with
their years and game, the long years with nothing on them are one narrow break, spans never
overlap in a lane, a game joins by registering, and the page may only pick a lesson that is
there (the browser test is tests/ui/test_timeline_ui.py)."""

from __future__ import annotations

import ast
import dataclasses
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.paths import LESSONS, NOTEBOOKS
from support.toygame import toy_plugin

import hellenes_nb.widgets.timeline as timeline_module
from hellenes_nb.core.catalog import (
    LessonKit,
    TimelineKit,
    register_game,
    unregister_game,
)
from hellenes_nb.games.earth_water.lesson import read_lesson
from hellenes_nb.lessons import load_spec
from hellenes_nb.widgets.timeline import (
    BREAK_WIDTH,
    GAP,
    LESSON_WIDTH,
    TimelineWidget,
    layout,
    lesson_entries,
)

XERXES = LESSONS / "earth-water" / "xerxes-480-479.yaml"


@pytest.fixture(scope="module")
def timeline():
    return TimelineWidget()


def test_every_lesson_of_every_game_is_on_the_timeline_with_its_years_and_notebook(timeline):
    files = sorted(LESSONS.glob("*.yaml")) + sorted((LESSONS / "earth-water").glob("*.yaml")) \
        + sorted((LESSONS / "amphipolis").glob("*.yaml")) \
        + sorted((LESSONS / "athens-sparta").glob("*.yaml"))
    assert sorted(e["id"] for e in timeline.lessons) == sorted(p.stem for p in files)
    for e in timeline.lessons:
        if e["game_id"] == "hellenes":
            spec = load_spec(LESSONS / f"{e['id']}.yaml")
            assert (e["first"], e["last"]) == spec.span and e["title"] == spec.title
            assert e["objectives"] == list(spec.objectives) and e["steps"] == len(spec.steps)
            assert e["time"] == spec.time and e["game"] == "Hellenes"
        assert (NOTEBOOKS.parent / e["notebook"]).is_file(), e["id"]
    xerxes = next(e for e in timeline.lessons if e["id"] == "xerxes-480-479")
    assert (xerxes["first"], xerxes["last"]) == read_lesson(XERXES).years == (480, 479)
    assert xerxes["game"] == "300: Earth & Water"
    assert xerxes["notebook"] == "notebooks/30-xerxes-480-479.ipynb" and xerxes["about"]
    assert xerxes["opens"] == 'LessonWidget("xerxes-480-479")', "the one lesson widget opens it"
    assert [e["first"] for e in timeline.lessons] == sorted(
        (e["first"] for e in timeline.lessons), reverse=True), "in the order of history"
    assert timeline.skipped == []


def test_every_games_scenarios_are_marked_with_their_years_and_game(timeline):
    years = {s["id"]: (s["first"], s["last"]) for s in timeline.scenarios}
    assert years == {"431": (431, 422), "sicily": (415, 413), "415": (415, 404),
                     "413": (413, 404), "earth-water": (499, 449),
                     "amphipolis-10.1": (424, 424), "amphipolis-10.2": (423, 423),
                     "amphipolis-10.3": (423, 422), "amphipolis-10.4": (424, 422),
                     "athens-sparta": (431, 404), "athens-sparta-syracuse": (431, 404)}
    games = {s["id"]: s["game"] for s in timeline.scenarios}
    assert games["431"] == "Hellenes" and games["earth-water"] == "300: Earth & Water"
    assert all(s["label"].startswith(s["game"]) for s in timeline.scenarios)
    assert (timeline.first, timeline.last) == (499, 404)
    assert [g["name"] for g in timeline.games] == ["300: Earth & Water", "Hellenes",
                                                   "Athens & Sparta", "Amphipolis"]


def test_the_years_with_nothing_on_them_are_narrow_breaks(timeline):
    """Between Plataea (479) and Potidaea (432) only the end of the Persian Wars scenario
    (449) stands: the axis shows 479, a break, 449, a break, 432, each break BREAK_WIDTH years
    wide, instead of 46 empty years."""
    cols = timeline.columns
    gaps = [tuple(c["gap"]) for c in cols if "gap" in c]
    assert (478, 450) in gaps and (448, 433) in gaps
    years = [c["year"] for c in cols if "year" in c]
    i = years.index(479)
    assert years[i:i + 3] == [479, 449, 432]
    for e in timeline.lessons:       # every year a lesson covers has its own column
        assert set(range(e["last"], e["first"] + 1)) <= set(years)
    year_width = next(c["width"] for c in cols if "year" in c)
    for c in cols:
        if "gap" in c:
            assert c["gap"][0] - c["gap"][1] + 1 >= GAP
            assert c["width"] == pytest.approx(BREAK_WIDTH * year_width)
    assert sum(c["width"] for c in cols) == pytest.approx(100)
    persian = next(s for s in timeline.scenarios if s["id"] == "earth-water")
    assert persian["left"] == 0 and persian["left"] + persian["width"] == pytest.approx(
        next(c["left"] + c["width"] for c in cols if c.get("year") == 449)), "through the breaks"


def test_a_lesson_added_to_the_folder_appears_and_a_broken_one_is_named(tmp_path):
    shutil.copy(LESSONS / "delium-424.yaml", tmp_path / "delium-424.yaml")
    (tmp_path / "broken.yaml").write_text("format: hellenes-lesson 1\nid: [\n", encoding="utf-8")
    (tmp_path / "earth-water").mkdir()
    text = XERXES.read_text(encoding="utf-8")
    (tmp_path / "earth-water" / "no-years.yaml").write_text(
        text.replace("years: [480, 479]\n", ""), encoding="utf-8")
    (tmp_path / "earth-water" / "backwards.yaml").write_text(
        text.replace("years: [480, 479]", "years: [479, 480]"), encoding="utf-8")
    entries, skipped = lesson_entries(tmp_path)
    assert [e["id"] for e in entries] == ["delium-424"]
    assert entries[0]["notebook"] == "", "no notebooks folder next to this one"
    assert len(skipped) == 3
    assert skipped[0].startswith("broken.yaml: ")
    assert skipped[1].startswith("earth-water/backwards.yaml: ") and "count down" in skipped[1]
    assert skipped[2] == ("earth-water/no-years.yaml: the lesson gives no years (add "
                          "'years: [first, last]', years BC)")
    w = TimelineWidget(tmp_path)
    assert w.skipped == skipped and [e["id"] for e in w.lessons] == ["delium-424"]


def test_a_game_joins_the_timeline_by_registering(tmp_path):
    """A game yet to come (Amphipolis, Athens & Sparta) gives its scenarios' years and reads
    its lessons; the timeline shows both and nothing in the widget changes."""
    (tmp_path / "toy").mkdir()
    (tmp_path / "toy" / "a-toy-lesson.yaml").write_text("years 423 422\n", encoding="utf-8")

    def lesson(path: Path) -> dict:
        first, last = map(int, path.read_text().split()[1:])
        return {"id": path.stem, "title": "A toy lesson", "first": first, "last": last,
                "steps": 1}

    toy = dataclasses.replace(
        toy_plugin(),
        lessons=LessonKit(folder="toy", recognises=lambda p: p.parent.name == "toy"),
        timeline=TimelineKit(scenarios=lambda: [("toy-424", "The toy war", 424, 422)],
                             lesson=lesson, name="Toy"))
    register_game(toy)
    try:
        w = TimelineWidget(tmp_path)
    finally:
        unregister_game(toy)
    toy_lesson = next(e for e in w.lessons if e["id"] == "a-toy-lesson")
    assert (toy_lesson["first"], toy_lesson["last"], toy_lesson["game"]) == (423, 422, "Toy")
    scenario = next(s for s in w.scenarios if s["id"] == "toy-424")
    assert scenario["label"] == "Toy: The toy war" and "Toy" in [g["name"] for g in w.games]


def test_the_timeline_imports_no_game():
    tree = ast.parse(Path(timeline_module.__file__).read_text(encoding="utf-8"))
    imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m in imported if m and m.startswith("hellenes_nb.games")]


def test_a_click_picks_a_lesson_and_shows_its_entry(timeline):
    timeline.set_state({"picked": "delium-424"})      # as the page writes it
    assert timeline.picked == "delium-424" and timeline.error == ""
    assert timeline.chosen["notebook"] == "notebooks/17-delium-424.ipynb"
    timeline.pick("xerxes-480-479")
    assert timeline.chosen["game"] == "300: Earth & Water"
    timeline.pick("")
    assert timeline.chosen is None


def test_the_page_cannot_pick_a_missing_lesson_or_change_the_lessons(timeline):
    timeline.pick("pylos-425")
    lessons = list(timeline.lessons)
    timeline.set_state({"picked": "<script>x</script>"})
    assert timeline.picked == "pylos-425"
    assert "no lesson '<script>x</script>'" in timeline.error and "delium-424" in timeline.error
    timeline.set_state({"lessons": [{"id": "x"}], "error": "", "scenarios": [], "columns": []})
    assert timeline.lessons == lessons and len(timeline.scenarios) == 11
    assert timeline.columns
    timeline.pick("pylos-425")
    assert timeline.error == ""


years = st.integers(404, 499)
spans = st.lists(st.tuples(years, st.integers(0, 12)), min_size=1, max_size=25)


@settings(max_examples=200, deadline=None)
@given(spans, st.lists(st.tuples(years, st.integers(0, 40)), max_size=6))
def test_spans_in_one_lane_never_overlap_and_stay_on_the_track(raw, raw_scenarios):
    lessons = [{"first": f, "last": max(f - d, 404)} for f, d in raw]
    lessons.sort(key=lambda e: -e["first"])
    scenarios = [{"first": f, "last": max(f - d, 404)} for f, d in raw_scenarios]
    scenarios.sort(key=lambda e: -e["first"])
    cols = layout(lessons, scenarios)
    assert sum(c["width"] for c in cols) == pytest.approx(100)
    for items in (lessons, scenarios):
        drawn: dict[int, list[tuple[float, float]]] = {}
        for e in items:
            start, end = e["left"], e["left"] + e["width"]
            assert -1e-9 <= start and end <= 100 + 1e-9
            for lane_start, lane_end in drawn.get(e["lane"], []):
                assert start >= lane_end - 1e-9 or end <= lane_start + 1e-9
            drawn.setdefault(e["lane"], []).append((start, end))
    for e in lessons:
        assert e["width"] >= LESSON_WIDTH - 1e-9
