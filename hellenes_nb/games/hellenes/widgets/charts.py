"""bqplot charts of battle odds (§6.34, §14.11), with every number computed in Python.

- :func:`outcome_bars`: one horizontal bar per way the battle can end (winner and how, with the
  Prestige it is worth), from an odds table; usable on its own before a battle is fought.
- :class:`OddsChart`: those bars plus a line of the aggressor's chance of winning after each
  attack, both kept up to date from a :class:`~.battle.BattleWidget`.

Bars and lines get their values here (never bqplot's ``Hist``, which bins in the browser and so
has no data in a headless kernel or under nbval).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import bqplot as bq
import ipywidgets

from hellenes_nb.games.hellenes.live_odds import HOW_WORDS
from hellenes_nb.games.hellenes.render.style import SIDE_COLOURS

__all__ = ["OddsChart", "outcome_bars", "rows_from_table"]

_GREY = "#8a8a8a"


def rows_from_table(table: Any, sides: tuple[str, str] = ("athens", "sparta")) -> list[dict]:
    """Bar rows from an :meth:`Odds.table` ``"outcomes"`` frame, naming the sides.

    ``sides`` is (aggressor, defender): the odds tables call them attacker and defender.
    """
    rows = []
    for r in table.iter_rows(named=True):
        side = sides[0] if r["winner"] == "attacker" else sides[1]
        if r["how"] in ("panic", "elimination") or r["probability"]:
            rows.append({"winner": side, "how": r["how"], "probability": r["probability"],
                         "prestige": r["prestige"],
                         "label": f"{side.capitalize()}: {HOW_WORDS[r['how']]}"})
    return rows


def _bar_values(rows: Sequence[Mapping[str, Any]], side: str) -> tuple[list[str], list[float]]:
    """Labels and chances of the rows won by ``side``."""
    mine = [r for r in rows if r["winner"] == side]
    return ([f"{r['label']} (+{r['prestige']})" for r in mine],
            [float(r["probability"]) for r in mine])


def outcome_bars(rows: Sequence[Mapping[str, Any]], title: str = "How the battle ends",
                 ) -> tuple[bq.Figure, dict[str, bq.Bars]]:
    """A figure of horizontal bars, one per outcome row (``label``, ``winner``,
    ``probability``, ``prestige``), one mark per winning side in its colour; returns the figure
    and the marks by side."""
    x = bq.OrdinalScale()
    y = bq.LinearScale(min=0.0, max=1.0, allow_padding=False)
    marks = {}
    for side, colour in SIDE_COLOURS.items():
        labels, values = _bar_values(rows, side)
        marks[side] = bq.Bars(
            x=labels, y=values, scales={"x": x, "y": y}, orientation="horizontal",
            colors=[colour], padding=0.25, label_display=True, label_display_format=".1%",
            label_display_horizontal_offset=-4,
            tooltip=bq.Tooltip(fields=["x", "y"], formats=["", ".1%"],
                               labels=["outcome", "chance"]))
    axes = [bq.Axis(scale=x, side="left", label=""),
            bq.Axis(scale=y, tick_format=".0%", label="chance", num_ticks=5,
                    grid_lines="dashed")]
    fig = bq.Figure(marks=list(marks.values()), axes=axes, title=title, animation_duration=300,
                    fig_margin={"top": 40, "bottom": 40, "left": 210, "right": 20},
                    layout=ipywidgets.Layout(width="100%", height="240px"))
    return fig, marks


class OddsChart:
    """The odds panel of a battle widget: outcome bars and the win-chance line (module doc).

    ``box`` holds both figures; ``bars`` (one mark per side) and ``line`` are the marks,
    updated in place, once each time the widget's ``odds`` and ``odds_track`` change (its
    ``odds_rev``).
    """

    def __init__(self, widget: Any) -> None:
        """``widget``: a battle widget (its ``odds`` and ``odds_track`` traits are read and
        observed)."""
        self.widget = widget
        self.bars_figure, self.bars = outcome_bars(widget.odds.get("rows", []))
        x = bq.LinearScale(min=0.0, max=1.0, allow_padding=False)
        y = bq.LinearScale(min=0.0, max=1.0, allow_padding=False)
        self.line = bq.Lines(x=[], y=[], scales={"x": x, "y": y}, marker="circle",
                             marker_size=40, stroke_width=2.5)
        self.even = bq.Lines(x=[0, 1], y=[0.5, 0.5], scales={"x": x, "y": y},
                             colors=[_GREY], line_style="dashed", stroke_width=1)
        self.attack_axis = bq.Axis(scale=x, label="unit attacks resolved", tick_format="d")
        axes = [self.attack_axis,
                bq.Axis(scale=y, side="left", tick_format=".0%", num_ticks=5,
                        grid_lines="dashed")]
        self.track_figure = bq.Figure(marks=[self.even, self.line], axes=axes,
                                      animation_duration=300,
                                      fig_margin={"top": 40, "bottom": 45, "left": 55,
                                                  "right": 20},
                                      layout=ipywidgets.Layout(width="100%", height="240px"))
        self.box = ipywidgets.HBox(
            [self.bars_figure, self.track_figure],
            layout=ipywidgets.Layout(width="100%", flex_flow="row wrap"))
        self.bars_figure.layout.flex = "1 1 420px"
        self.track_figure.layout.flex = "1 1 320px"
        #: how many times the chart was redrawn (once per change of the widget's odds)
        self.renders = 0
        self._update()
        widget.observe(self._update, names=["odds_rev"])

    def _update(self, _change: Mapping[str, Any] | None = None) -> None:
        self.renders += 1
        odds = self.widget.odds
        rows = odds.get("rows", [])
        for side, bars in self.bars.items():
            labels, values = _bar_values(rows, side)
            with bars.hold_sync():
                bars.x, bars.y = labels, values
        method = odds.get("method", "")
        how = "exact" if method == "exact" else f"sampled, {odds.get('samples')} battles"
        self.bars_figure.title = f"How the battle ends, {odds.get('moment', '')} ({how})"
        track = self.widget.odds_track
        side = track[0]["side"] if track else ""
        xs = [p["attack"] for p in track]
        with self.line.hold_sync():
            self.line.x, self.line.y = xs, [p["win"] for p in track]
            self.line.colors = [SIDE_COLOURS.get(side, _GREY)]
        last = max([*xs, 1])
        self.line.scales["x"].max = float(last)
        self.even.x = [0, last]
        self.attack_axis.tick_values = list(range(0, last + 1, max(1, last // 10 + 1)))
        self.track_figure.title = f"{side.capitalize()}'s chance of winning after each attack"
