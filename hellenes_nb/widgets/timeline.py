"""The timeline of the war, 432-404 BC: every lesson as a span a teacher can click.

``TimelineWidget`` reads the lessons from their files (``lessons/*.yaml``, through the public
lesson API: :func:`~hellenes_nb.lessons.lessons_dir` and :func:`~hellenes_nb.lessons.load_spec`),
so a lesson added to the folder appears on the next timeline without any change here. Each
lesson sits on the years its ``years`` field gives (docs/writing-lessons.md); the four
scenarios of the game are marked above the axis with their own years (§15.1-15.4).

Clicking a span picks the lesson: the panel below shows its title, years, length, what it
teaches (its objectives) and how to open it (its notebook and the ``LessonWidget`` line). The
pick is the ``picked`` trait, the only one the page may set; Python may set it too::

    timeline = TimelineWidget()
    timeline.pick("delium-424")      # as a click does
    timeline.picked                  # "delium-424"
    timeline.chosen                  # that lesson's entry (title, years, notebook...)
    LessonWidget(timeline.picked)    # open it

The page (``static/timeline.js``) only draws the traits and writes ``picked``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

from hellenes_nb.core.echo import shown
from hellenes_nb.games.hellenes.world import load_world
from hellenes_nb.lessons import LessonError, LessonFormatError, lessons_dir, load_spec
from hellenes_nb.lessons.format import WAR_YEARS
from hellenes_nb.widgets.browser_writes import BrowserWrites
from hellenes_nb.widgets.requests import page_words

__all__ = ["LANE_YEARS", "TimelineWidget", "lesson_entries", "scenario_entries"]

_STATIC = Path(__file__).parent / "static"

#: the narrowest a span is drawn, in years, so that its label stays readable on a projector
LANE_YEARS = 4


def _notebook(lesson_id: str, folder: Path) -> str:
    """The lesson's notebook as a path from the checkout's root ("" when there is none)."""
    notebooks = folder.parent / "notebooks"
    found = sorted(notebooks.glob(f"*-{lesson_id}.ipynb")) if notebooks.is_dir() else []
    return f"notebooks/{found[0].name}" if found else ""


def _lanes(entries: list[dict[str, Any]], least: int) -> None:
    """Give each entry a ``lane`` so that no two drawn spans of a lane overlap (first fit, in
    the order given). A span is drawn at least ``least`` years wide."""
    ends: list[int] = []   # per lane: the first year slot left free
    for e in entries:
        start = WAR_YEARS[0] - e["first"]
        width = max(e["first"] - e["last"] + 1, least)
        start = min(start, WAR_YEARS[0] - WAR_YEARS[1] + 1 - width)
        lane = next((n for n, end in enumerate(ends) if end <= start), len(ends))
        if lane == len(ends):
            ends.append(0)
        ends[lane] = start + width
        e["lane"] = lane


def lesson_entries(folder: Path | None = None) -> tuple[list[dict[str, Any]], list[str]]:
    """The lessons of ``folder`` (the packaged lessons by default) as timeline entries, in the
    order of the war, and the files that could not be read (each with its reason)."""
    folder = folder or lessons_dir()
    entries, skipped = [], []
    for path in sorted(folder.glob("*.yaml")):
        try:
            spec = load_spec(path)
        except (LessonFormatError, LessonError, OSError) as exc:
            skipped.append(f"{path.name}: {str(exc).splitlines()[0]}")
            continue
        first, last = spec.span
        entries.append({
            "id": spec.id, "title": spec.title, "period": spec.period,
            "first": first, "last": last, "time": spec.time, "steps": len(spec.steps),
            "objectives": list(spec.objectives), "scenario": spec.position.scenario,
            "notebook": _notebook(spec.id, folder),
        })
    entries.sort(key=lambda e: (-e["first"], -e["last"], e["id"]))
    _lanes(entries, LANE_YEARS)
    return entries, skipped


def scenario_entries() -> list[dict[str, Any]]:
    """The game's scenarios with their years (§15.1-15.4), in the order of the war, each with
    a short ``label`` and a ``lane``."""
    out = [{"id": s.id, "name": s.name, "first": s.years[0], "last": s.years[1],
            "label": f"{s.id.capitalize()} scenario"}
           for s in load_world().scenarios.values()]
    out.sort(key=lambda s: (-s["first"], s["last"], s["id"]))
    _lanes(out, 1)
    return out


def _check_pick(value: Any) -> None:
    """A pick is a lesson's id, as text (TraitError in words, showing a few dozen characters
    of anything else, before traitlets writes the whole value into its own message)."""
    if not isinstance(value, str):
        raise traitlets.TraitError(f"a lesson is picked by its id, as text, not {shown(value)}")


class TimelineWidget(BrowserWrites, anywidget.AnyWidget):
    """The war's timeline with the lessons as clickable spans (module docstring)."""

    #: the page may only pick a lesson
    browser_writable = frozenset({"picked"})
    _esm = _STATIC / "timeline.js"

    first = traitlets.Int(WAR_YEARS[0]).tag(sync=True)
    last = traitlets.Int(WAR_YEARS[1]).tag(sync=True)
    lane_years = traitlets.Int(LANE_YEARS).tag(sync=True)
    lessons = traitlets.List(traitlets.Dict()).tag(sync=True)
    scenarios = traitlets.List(traitlets.Dict()).tag(sync=True)
    skipped = traitlets.List(traitlets.Unicode()).tag(sync=True)
    picked = traitlets.Unicode("").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)

    def __init__(self, folder: Path | str | None = None, **kwargs: Any) -> None:
        """``folder``: where to read the lessons (the packaged lessons by default)."""
        super().__init__(**kwargs)
        entries, skipped = lesson_entries(Path(folder) if folder is not None else None)
        self.scenarios = scenario_entries()
        self.skipped = skipped
        self.lessons = entries

    @traitlets.validate("picked")
    def _known(self, proposal: dict[str, Any]) -> str:
        value = proposal["value"]
        known = [e["id"] for e in self.lessons]
        if value and value not in known:
            raise traitlets.TraitError(f"there is no lesson {shown(value)} on the timeline; "
                                       f"the lessons are: {', '.join(known)}")
        return value

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A pick from the page; a refused one is sent back, so the page shows the truth."""
        try:
            if "picked" in sync_data:
                _check_pick(sync_data["picked"])
            super().set_state(sync_data)
        except traitlets.TraitError as exc:
            self.error = page_words(exc)
            self.send_state(["picked"])
        else:
            if "picked" in sync_data:
                self.error = ""

    def pick(self, lesson_id: str) -> None:
        """Pick a lesson, as a click on its span does ("" picks none). An unknown id leaves the
        pick as it was and says so in ``error``."""
        try:
            _check_pick(lesson_id)
            self.picked = lesson_id
        except traitlets.TraitError as exc:
            self.error = page_words(exc)
        else:
            self.error = ""

    @property
    def chosen(self) -> dict[str, Any] | None:
        """The picked lesson's entry, or None."""
        return next((e for e in self.lessons if e["id"] == self.picked), None)
