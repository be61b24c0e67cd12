"""The timeline of the games' history, the Persian Wars to the fall of Athens: every lesson of
every game as a span a teacher can click, every game's scenarios marked (issue 27 item 5).

The games are the catalogue's (:mod:`hellenes_nb.core.catalog`): each game that registers a
:class:`~hellenes_nb.core.catalog.TimelineKit` gives its scenarios' years and titles and reads
its own lesson files, so a game added later (Amphipolis, Athens & Sparta) joins by registering
and nothing here changes. The lessons are the files of the lesson folder and of each game's
sub-folder (``lessons/*.yaml``, ``lessons/earth-water/*.yaml``), read again each time a
timeline is built; each sits on the years its file gives (docs/writing-lessons.md).

**A broken axis.** The years run left to right, from the earliest year on the timeline to the
latest. A run of :data:`GAP` or more years on which no lesson stands and no scenario begins or
ends is drawn as one narrow break (:data:`BREAK_WIDTH` years wide, saying how many years it
leaves out), so the fifty years between Plataea and the Peloponnesian War do not take the width
the lessons need; a scenario that runs through a break is drawn through it. Python lays
everything out (:func:`layout`: the axis' columns and every bar's ``left`` and ``width`` in
percent of the track, and its ``lane``); the page only draws.

Clicking a span picks the lesson: the panel below shows its game, title, years, length, what it
teaches and how to open it. The pick is the ``picked`` trait, the only one the page may set;
Python may set it too::

    timeline = TimelineWidget()
    timeline.pick("delium-424")      # as a click does
    timeline.picked                  # "delium-424"
    timeline.chosen                  # that lesson's entry (game, title, years, notebook...)
    LessonWidget(timeline.picked)    # open it

The page (``static/timeline.js``) only draws the traits and writes ``picked``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anywidget
import traitlets

from hellenes_nb.core.catalog import GamePlugin, plugins
from hellenes_nb.core.echo import shown
from hellenes_nb.lessons import lessons_dir
from hellenes_nb.lessons.check import kit_for, lesson_files
from hellenes_nb.widgets.browser_writes import BrowserWrites
from hellenes_nb.widgets.requests import page_words

__all__ = ["BREAK_WIDTH", "GAP", "LESSON_WIDTH", "TimelineWidget", "layout", "lesson_entries",
           "scenario_entries"]

_STATIC = Path(__file__).parent / "static"

#: a run of at least this many years with nothing on it is drawn as a break in the axis
GAP = 6
#: how wide a break is drawn, in years
BREAK_WIDTH = 2.0
#: the narrowest a lesson's span is drawn, in percent of the track (about 120 px at 1366 px
#: with JupyterLab's side bar open), so that its label stays readable on a projector
LESSON_WIDTH = 13.5
#: the narrowest a scenario's bar is drawn, in percent of the track (its game and title fit)
SCENARIO_WIDTH = 16.0


def _game_name(plugin: GamePlugin) -> str:
    kit = plugin.timeline
    return (kit.name if kit is not None and kit.name else "") or plugin.ruleset.title


def _notebook(lesson_id: str, folder: Path) -> str:
    """The lesson's notebook as a path from the checkout's root ("" when there is none)."""
    notebooks = folder.parent / "notebooks"
    found = sorted(notebooks.glob(f"*-{lesson_id}.ipynb")) if notebooks.is_dir() else []
    return f"notebooks/{found[0].name}" if found else ""


def _plugin_of(path: Path) -> GamePlugin | None:
    kit = kit_for(path)
    return next((p for p in plugins() if p.lessons is kit), None)


def lesson_entries(folder: Path | None = None) -> tuple[list[dict[str, Any]], list[str]]:
    """The lessons of ``folder`` (the packaged lessons by default) and of its games'
    sub-folders as timeline entries, in the order of history, and the files that could not
    be placed (each with its reason). Each entry names its ``game``."""
    folder = folder or lessons_dir()
    entries, skipped = [], []
    for path in lesson_files([folder]):
        name = path.relative_to(folder).as_posix() if path.is_relative_to(folder) else path.name
        try:
            plugin = _plugin_of(path)
            kit = plugin.timeline if plugin is not None else None
            if kit is None or kit.lesson is None:
                raise ValueError("its game puts no lessons on the timeline")
            entry = dict(kit.lesson(path))
        except (ValueError, OSError, KeyError, TypeError) as exc:
            skipped.append(f"{name}: {(str(exc).splitlines() or [''])[0]}")
            continue
        entry.setdefault("period", "")
        entry.setdefault("time", "")
        entry.setdefault("objectives", [])
        entry.setdefault("about", "")
        entry.setdefault("opens", "")
        entry.update(game=_game_name(plugin), game_id=plugin.ruleset.name,
                     notebook=_notebook(entry["id"], folder))
        entries.append(entry)
    entries.sort(key=lambda e: (-e["first"], -e["last"], e["id"]))
    return entries, skipped


def scenario_entries() -> list[dict[str, Any]]:
    """Every game's scenarios with their years, in the order of history, each with a short
    ``label`` naming its game."""
    out = []
    for plugin in plugins():
        if plugin.timeline is None:
            continue
        game = _game_name(plugin)
        for sid, title, first, last in plugin.timeline.scenarios():
            out.append({"id": sid, "name": title, "first": first, "last": last, "game": game,
                        "game_id": plugin.ruleset.name, "label": f"{game}: {title}"})
    out.sort(key=lambda s: (-s["first"], s["last"], s["id"]))
    return out


def _columns(lessons: list[dict[str, Any]], scenarios: list[dict[str, Any]]
             ) -> list[dict[str, Any]]:
    """The axis from the earliest year to the latest: one column a year, a run of ``GAP``
    years or more with nothing on it one break (module docstring)."""
    marked: set[int] = set()
    for e in lessons:
        marked.update(range(e["last"], e["first"] + 1))
    for s in scenarios:
        marked.update((s["first"], s["last"]))
    if not marked:
        return []
    first, last = max(marked), min(marked)
    cols: list[dict[str, Any]] = []
    year = first
    while year >= last:
        if year in marked:
            cols.append({"year": year})
            year -= 1
            continue
        end = year
        while end - 1 >= last and end - 1 not in marked:
            end -= 1
        if year - end + 1 >= GAP:
            cols.append({"gap": [year, end]})
        else:
            cols.extend({"year": y} for y in range(year, end - 1, -1))
        year = end - 1
    return cols


def _place(entries: list[dict[str, Any]], least: float) -> None:
    """Give each entry a ``lane`` so that no two drawn spans of a lane overlap (first fit, in
    the order given); ``left`` and ``width`` are already set."""
    ends: list[float] = []   # per lane: where the track is free from
    for e in entries:
        e["width"] = min(max(e["width"], least), 100.0)
        e["left"] = min(e["left"], 100.0 - e["width"])
        lane = next((n for n, end in enumerate(ends) if end <= e["left"] + 1e-9), len(ends))
        if lane == len(ends):
            ends.append(0.0)
        ends[lane] = e["left"] + e["width"]
        e["lane"] = lane


def layout(lessons: list[dict[str, Any]], scenarios: list[dict[str, Any]]
           ) -> list[dict[str, Any]]:
    """Lay the timeline out: the axis' columns (each a ``year`` or a ``gap`` [first, last],
    with ``left`` and ``width`` in percent of the track and, for years, whether the axis
    ``labelled`` it), and every lesson's and scenario's ``left``, ``width`` and ``lane``."""
    cols = _columns(lessons, scenarios)
    total = sum(BREAK_WIDTH if "gap" in c else 1.0 for c in cols) or 1.0
    at = 0.0
    where: dict[int, tuple[float, float]] = {}   # year -> (left, right) in percent
    run = 0
    for c in cols:
        c["width"] = 100.0 * (BREAK_WIDTH if "gap" in c else 1.0) / total
        c["left"] = at
        if "gap" in c:
            hi, lo = c["gap"]
            step = c["width"] / (hi - lo + 1)
            for k, y in enumerate(range(hi, lo - 1, -1)):
                where[y] = (at + k * step, at + (k + 1) * step)
            run = 0
        else:
            where[c["year"]] = (at, at + c["width"])
            c["labelled"] = run % 2 == 0
            run += 1
        at += c["width"]
    for items, least in ((lessons, LESSON_WIDTH), (scenarios, SCENARIO_WIDTH)):
        for e in items:
            e["left"] = where[e["first"]][0]
            e["width"] = where[e["last"]][1] - e["left"]
        _place(items, least)
    return cols


def _check_pick(value: Any) -> None:
    """A pick is a lesson's id, as text (TraitError in words, showing a few dozen characters
    of anything else, before traitlets writes the whole value into its own message)."""
    if not isinstance(value, str):
        raise traitlets.TraitError(f"a lesson is picked by its id, as text, not {shown(value)}")


class TimelineWidget(BrowserWrites, anywidget.AnyWidget):
    """The timeline with every game's lessons as clickable spans (module docstring)."""

    #: the page may only pick a lesson
    browser_writable = frozenset({"picked"})
    _esm = _STATIC / "timeline.js"

    first = traitlets.Int(0).tag(sync=True)
    last = traitlets.Int(0).tag(sync=True)
    columns = traitlets.List(traitlets.Dict()).tag(sync=True)
    games = traitlets.List(traitlets.Dict()).tag(sync=True)
    lessons = traitlets.List(traitlets.Dict()).tag(sync=True)
    scenarios = traitlets.List(traitlets.Dict()).tag(sync=True)
    skipped = traitlets.List(traitlets.Unicode()).tag(sync=True)
    picked = traitlets.Unicode("").tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)

    def __init__(self, folder: Path | str | None = None, **kwargs: Any) -> None:
        """``folder``: where to read the lessons (the packaged lessons by default)."""
        super().__init__(**kwargs)
        entries, skipped = lesson_entries(Path(folder) if folder is not None else None)
        scenarios = scenario_entries()
        columns = layout(entries, scenarios)
        years = [c["year"] for c in columns if "year" in c]
        self.first, self.last = (years[0], years[-1]) if years else (0, 0)
        self.columns = columns
        # the games in the order of history, each once: the key of colours
        seen: dict[str, str] = {}
        for e in [*scenarios, *entries]:
            seen.setdefault(e["game_id"], e["game"])
        order = sorted(seen, key=lambda g: -max(e["first"] for e in [*scenarios, *entries]
                                                if e["game_id"] == g))
        self.games = [{"id": g, "name": seen[g], "colour": n % 4} for n, g in enumerate(order)]
        self.scenarios = scenarios
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
