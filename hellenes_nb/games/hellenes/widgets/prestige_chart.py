"""The prestige track over time as a bqplot line (§14.1): one point per season in which the
track moved, read from the game log, so a loaded or replayed game draws its whole history.

Time runs left to right in years BC (431, 430, …); each year is split into its six stages (New
Year, four campaigning seasons, Winter). Above zero the track favours Athens, below zero Sparta.
Dotted guides mark 10 (a peace offer becomes possible, §14.22; a major victory at the end,
§14.24) and 15 (surrender: a decisive victory, §14.21) for each side.

The chart is updated in place with ``hold_sync`` (one message per update, no flicker)::

    chart = PrestigeChart(game)
    game.apply(...)
    chart.update(game)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

import bqplot as bq
import ipywidgets

from hellenes_nb.core.game import Game
from hellenes_nb.games.hellenes.render.style import SIDE_COLOURS

__all__ = ["PrestigeChart", "prestige_series", "season_time"]

#: stages of a game year in order (§ sequence of play): the time axis splits a year into these
STAGES_PER_YEAR = 6
#: the prestige that wins at once (§14.21) and the level of a peace offer / major victory (§14.22)
SURRENDER, PEACE = 15, 10
_GUIDE = "#8a8a8a"


def season_time(year: int, season: int) -> float:
    """A point on the time axis: the year BC, minus the fraction of it already gone."""
    return year - season / STAGES_PER_YEAR


def prestige_series(log: Iterable[Mapping[str, Any]], start: tuple[int, int, int],
                    now: tuple[int, int, int]) -> tuple[list[float], list[int]]:
    """Times and prestige values: the starting level, the level at the end of every season in
    which a ``prestige`` event (§14.1) moved the track, and the level now.

    ``start`` and ``now`` are ``(year, season, prestige)``.
    """
    xs = [season_time(start[0], start[1])]
    ys = [start[2]]
    for ev in log:
        if ev.get("kind") != "prestige" or "track" not in ev:
            continue
        x = season_time(ev["year"], ev["season"])
        if x == xs[-1]:
            ys[-1] = ev["track"]
        else:
            xs.append(x)
            ys.append(ev["track"])
    x_now = season_time(now[0], now[1])
    if x_now != xs[-1]:
        xs.append(x_now)
        ys.append(now[2])
    else:
        ys[-1] = now[2]
    return xs, ys


class PrestigeChart:
    """Prestige over time for one game (module docstring). ``figure`` is the widget to show."""

    def __init__(self, game: Game, height: str = "220px",
                 title: str = "Prestige (§14.1)") -> None:
        if not isinstance(game, Game):
            raise TypeError(f"PrestigeChart needs a hellenes_nb Game, not {type(game).__name__}")
        self.x_scale = bq.LinearScale(reverse=True, allow_padding=False)
        self.y_scale = bq.LinearScale(min=-SURRENDER - 1.0, max=SURRENDER + 1.0,
                                      allow_padding=False)
        scales = {"x": self.x_scale, "y": self.y_scale}
        self.guides = [
            bq.Lines(x=[0, 1], y=[level, level], scales=scales, stroke_width=1,
                     colors=[SIDE_COLOURS["athens" if level > 0 else "sparta"]],
                     line_style="dotted" if abs(level) == PEACE else "dashed", opacities=[0.8])
            for level in (SURRENDER, PEACE, -PEACE, -SURRENDER)
        ]
        self.zero = bq.Lines(x=[0, 1], y=[0, 0], scales=scales, colors=[_GUIDE],
                             stroke_width=1.5)
        self.line = bq.Lines(x=[], y=[], scales=scales, colors=["#333333"], stroke_width=2.5,
                             interpolation="step-after", marker="circle", marker_size=28,
                             tooltip=bq.Tooltip(fields=["x", "y"], formats=[".2f", "+d"],
                                                labels=["year BC", "prestige"]))
        self.names = bq.Label(x=[0, 0], y=[12.5, -12.5], scales=scales, text=["Athens", "Sparta"],
                              colors=[SIDE_COLOURS["athens"], SIDE_COLOURS["sparta"]],
                              x_offset=6, y_offset=4, default_size=12, font_weight="bold",
                              align="start")
        self.x_axis = bq.Axis(scale=self.x_scale, tick_format="d", label="year BC",
                              grid_lines="none")
        self.y_axis = bq.Axis(scale=self.y_scale, side="left",
                              tick_values=[-15, -10, -5, 0, 5, 10, 15], tick_format="+d",
                              label="prestige", grid_lines="none")
        self.figure = bq.Figure(
            marks=[*self.guides, self.zero, self.names, self.line],
            axes=[self.x_axis, self.y_axis], title=title, animation_duration=250,
            fig_margin={"top": 30 if title else 10, "bottom": 40, "left": 52, "right": 14},
            layout=ipywidgets.Layout(width="100%", height=height, min_width="260px"))
        self.update(game)

    def update(self, game: Game) -> None:
        """Redraw from ``game`` (every value computed here, sent in one message per mark)."""
        st = game.state
        sc = st.ix.world.scenarios[st.scenario]
        start = (sc.years[0], 0, sc.prestige)
        # only prestige events are read, and only their public head and track (both sides read
        # them whole: no event of that kind has a per-side form), so the full log will do
        xs, ys = prestige_series(game.log, start, (st.year, st.season, st.prestige))
        first = xs[0]
        last = min(xs[-1], first - 2.0)  # at least two years wide, so one season is not a dot
        with self.line.hold_sync():
            self.line.x, self.line.y = xs, ys
        with self.x_scale.hold_sync():
            self.x_scale.max, self.x_scale.min = float(first), float(last)
        step = 1 + int(first - last) // 12
        self.x_axis.tick_values = list(range(int(first), math.ceil(last) - 1, -step))
        for mark in (*self.guides, self.zero):
            mark.x = [first, last]
        self.names.x = [first, first]

    @property
    def values(self) -> list[int]:
        """The prestige values drawn, oldest first."""
        return [int(v) for v in self.line.y]

    def __repr__(self) -> str:
        ys = self.values
        return f"<PrestigeChart {len(ys)} points, now {ys[-1]:+d}>"
