"""``WhatIfWidget``: the What-if lab in a notebook (docs/whatif.md).

From a lesson's decision point it plays N continuations after each alternative in a
background thread and shows, as games finish: a progress bar, outcomes per alternative with
95 % error bars (bqplot), the score fan over the turns (median and 10–90 % band, one colour an
alternative), what decided the games (how each choice's games ended, stacked, and the one or
two columns that most set the deciding side's won games apart from the others, as the mean in
each) and the plain sentence. Cancel stops the run within seconds and keeps the games
finished. The thread only hands results over under a lock; the widgets are updated at most a
few times a second.

    WhatIfWidget("sicilian-expedition-415-413", games=100)
"""

from __future__ import annotations

import html
import threading
import time
from typing import Any

import bqplot as bq
import ipywidgets as W
import numpy as np

from hellenes_nb.whatif import WhatIf, WhatIfError

__all__ = ["WhatIfWidget"]

COLOURS = ["#1f5fa8", "#c0392b", "#2e8b57", "#8e44ad", "#d4a017", "#555555"]
WIN_BLUES = ["#1f5fa8", "#5b8fd0", "#a3c4ec"]
WIN_REDS = ["#c0392b", "#e0796d", "#f2b8b0"]


def _fan(rows: list[dict], alt: str) -> tuple[list[int], list[float], list[float], list[float]]:
    """Turns, and the 10 %, median and 90 % score at each, over the games of ``alt``."""
    series = [r["score_by_turn"] for r in rows if r["alternative"] == alt and r["score_by_turn"]]
    if not series:
        return [], [], [], []
    n = max(len(s) for s in series)
    grid = np.array([[float(x) if x is not None else np.nan for x in s]
                     + [float(s[-1] or 0)] * (n - len(s)) for s in series])
    q10, q50, q90 = (np.nanpercentile(grid, q, axis=0) for q in (10, 50, 90))
    return list(range(n)), q10.tolist(), q50.tolist(), q90.tolist()


class WhatIfWidget(W.VBox):
    """The lab for one decision point (module docstring). ``start()`` runs it (the Run button
    does too); ``cancel()`` stops it; ``result`` holds the games so far."""

    def __init__(self, lesson: str, decision: str | int | None = None, *, games: int = 50,
                 seed: int = 1, levels: Any = ("normal", "normal"), horizon: Any = "end",
                 workers: int | None = None, cluster: Any = None, use_cache: bool = True,
                 autostart: bool = False) -> None:
        self.lab = WhatIf(lesson, decision, games=games, seed=seed, levels=levels,
                          horizon=horizon, workers=workers, cluster=cluster,
                          use_cache=use_cache)
        self.result = self.lab.result()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._shown_at = 0.0
        alts = self.lab.start.alternatives
        self.title = W.HTML(f"<h3>What if? {html.escape(self.lab.start.title)}</h3>"
                            f"<p>{games} games after each choice, "
                            f"{html.escape(' v '.join(self.lab.levels))} level</p>")
        self.run_button = W.Button(description="Run", icon="play", button_style="primary")
        self.cancel_button = W.Button(description="Cancel", icon="stop", disabled=True)
        self.run_button.on_click(lambda _b: self.start())
        self.cancel_button.on_click(lambda _b: self.cancel())
        self.progress = W.IntProgress(value=0, min=0, max=games * len(alts),
                                      description="0 games")
        self.progress.add_class("hl-whatif-progress")
        self.status = W.HTML()
        self.sentence = W.HTML()
        self.sentence.add_class("hl-whatif-sentence")
        # outcomes: the deciding side's win rate with its interval, one bar an alternative
        x = bq.OrdinalScale()
        y = bq.LinearScale(min=0, max=1)
        self.bars = bq.Bars(x=[a.id for a in alts], y=[0] * len(alts), scales={"x": x, "y": y},
                            colors=COLOURS[:len(alts)], color_mode="element")
        self.err = bq.Lines(x=[[a.id, a.id] for a in alts], y=[[0, 0]] * len(alts),
                            scales={"x": x, "y": y}, colors=["#777777"], stroke_width=3)
        side = self.lab.start.side.title()
        self.outcomes = bq.Figure(
            marks=[self.bars, self.err], title=f"{side} wins, with 95 % intervals",
            axes=[bq.Axis(scale=x, label="choice"),
                  bq.Axis(scale=y, orientation="vertical", tick_format=".0%")],
            layout=W.Layout(width="420px", height="300px"))
        fx, fy = bq.LinearScale(), bq.LinearScale()
        self.fan_marks = []
        for i, _a in enumerate(alts):
            c = COLOURS[i % len(COLOURS)]
            band = bq.Lines(x=[], y=[], scales={"x": fx, "y": fy}, fill="between",
                            colors=[c, c], fill_colors=[c], fill_opacities=[0.2],
                            opacities=[0.0, 0.0])
            mid = bq.Lines(x=[], y=[], scales={"x": fx, "y": fy}, colors=[c],
                           labels=[alts[i].id], display_legend=True)
            self.fan_marks += [band, mid]
        roles = self.lab.roles
        self.turn_axis = bq.Axis(scale=fx, label="turns after the choice", tick_format="d",
                                 tick_values=[0, 1])
        self.fan = bq.Figure(
            marks=self.fan_marks, title=f"Score ({roles[0].title()} above 0): median, 10–90 %",
            axes=[self.turn_axis,
                  bq.Axis(scale=fy, orientation="vertical")],
            layout=W.Layout(width="420px", height="300px"), legend_location="top-left")
        # what decided the games: how each choice's games ended (stacked), and the telling
        # columns (a dot for the mean of the deciding side's won games, one for the others)
        ids = [a.id for a in alts]
        dx, dy = bq.OrdinalScale(), bq.LinearScale(min=0, max=1)
        self.ended = bq.Bars(x=ids, y=[[0] * len(alts)], type="stacked",
                             scales={"x": dx, "y": dy}, labels=[""], colors=["#d0d0d0"])
        self.decided = bq.Figure(
            marks=[self.ended], title="How the games ended",
            axes=[bq.Axis(scale=dx, label="choice"),
                  bq.Axis(scale=dy, orientation="vertical", tick_format=".0%")],
            layout=W.Layout(width="420px", height="300px"))
        self.decided.add_class("hl-whatif-decided")
        self.ended_key = W.HTML()
        self.ended_key.add_class("hl-whatif-key")
        self.told_marks: list[tuple[bq.Scatter, bq.Scatter]] = []
        self.told: list[bq.Figure] = []
        for _ in range(2):
            tx, ty = bq.OrdinalScale(domain=ids), bq.LinearScale()
            won, other = (bq.Scatter(x=ids[:1], y=[0.0], scales={"x": tx, "y": ty}, colors=[c],
                                     marker=m, default_size=110)
                          for c, m in (("#2e8b57", "circle"), ("#777777", "diamond")))
            fig = bq.Figure(marks=[won, other], title="", title_style={"font-size": "14px"},
                            axes=[bq.Axis(scale=tx, label="choice"),
                                  bq.Axis(scale=ty, orientation="vertical")],
                            layout=W.Layout(width="330px", height="300px"))
            fig.add_class("hl-whatif-telling")
            self.told_marks.append((won, other))
            self.told.append(fig)
        self.told_key = W.HTML(
            f"<span style='color:#2e8b57'>\u25cf</span> games {html.escape(side)} won &nbsp; "
            "<span style='color:#777'>\u25c6</span> the other games: the mean of each "
            "choice's games")
        self.told_key.add_class("hl-whatif-key")
        # one row that wraps: the stacked bars with their key, then the telling figures, which
        # join it once the table has such columns (their key under the row)
        self.decided_row = W.HBox([W.VBox([self.decided, self.ended_key],
                                          layout=W.Layout(width="420px"))],
                                  layout=W.Layout(flex_flow="row wrap"))
        self.told_box = W.VBox([])
        decided = W.VBox([W.HTML("<b>What decided the games</b>"), self.decided_row,
                          self.told_box])
        charts = W.HBox([self.outcomes, self.fan], layout=W.Layout(flex_flow="row wrap"))
        super().__init__([self.title, W.HBox([self.run_button, self.cancel_button,
                                              self.progress]),
                          self.status, charts, decided, self.sentence])
        self.add_class("hl-whatif")
        if autostart:
            self.start()

    # -- running -------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Run the lab in a background thread (from the cache at once if it ran before)."""
        if self.running:
            return
        self._stop.clear()
        self.run_button.disabled, self.cancel_button.disabled = True, False
        self.status.value = "<p>Playing…</p>"
        self._thread = threading.Thread(target=self._work, daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        """Stop the run; the games already finished stay shown."""
        self._stop.set()
        self.cancel_button.disabled = True

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the run to end (notebooks and tests)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def _work(self) -> None:
        try:
            res = self.lab.run(on_result=self._arrived, stop=self._stop.is_set)
            with self._lock:
                self.result = res
            self._show(final=True)
        except (WhatIfError, ValueError, OSError) as exc:
            self.status.value = f"<p><b>Not possible:</b> {html.escape(str(exc))}</p>"
        finally:
            self.run_button.disabled, self.cancel_button.disabled = False, True

    def _arrived(self, res: Any, done: int) -> None:
        with self._lock:
            self.result = res
        if time.monotonic() - self._shown_at > 0.3:
            self._show()

    # -- drawing -------------------------------------------------------------------------------
    def _show(self, final: bool = False) -> None:
        with self._lock:
            res = self.result
            rows = list(res.rows)
        self._shown_at = time.monotonic()
        self.progress.value = len(rows)
        self.progress.description = f"{len(rows)} games"
        if not rows:
            return
        summary = res.summary if final else _summary_of(res, rows)
        side = self.lab.start.side
        rates, errs = [], []
        for e in summary:
            o = e["outcomes"].get(side)
            rates.append(o["rate"] if o else 0.0)
            errs.append(o["wilson95"] if o else [0.0, 0.0])
        self.bars.y = rates
        self.err.y = errs
        for i, a in enumerate(self.lab.start.alternatives):
            t, lo, mid, hi = _fan(rows, a.id)
            self.fan_marks[2 * i].x, self.fan_marks[2 * i].y = t, [lo, hi]
            self.fan_marks[2 * i + 1].x, self.fan_marks[2 * i + 1].y = t, mid
        self._show_decided(res, rows)
        turns = max(len(r["score_by_turn"] or []) for r in rows)
        self.turn_axis.tick_values = list(range(max(turns, 2)))  # whole turns only
        self.sentence.value = f"<p>{html.escape(res.sentence)}</p>"
        if final:
            how = ("from the cache" if res.cached else
                   "complete" if res.complete else "cancelled: the games finished are shown")
            self.status.value = f"<p>{len(rows)} games, {how}.</p>"


    def _show_decided(self, res: Any, rows: list[dict]) -> None:
        """The stacked bars of how each choice's games ended and the telling columns, drawn
        from the frames report.how_won and report.telling give (docs/whatif.md)."""
        from hellenes_nb.whatif.report import frame, how_won, telling
        table = frame(rows, res.start)
        ended = how_won(table, res.start)
        outcomes = list(dict.fromkeys(ended["outcome"]))
        alts = [a.id for a in res.start.alternatives]
        share = {(r["outcome"], r["alternative"]): r["share"] for r in ended.iter_rows(named=True)}
        with self.ended.hold_sync():
            self.ended.labels = outcomes
            self.ended.colors = outcome_colours(outcomes, res.start.side)
            self.ended.y = [[share[(o, a)] for a in alts] for o in outcomes]
        self.ended_key.value = " &nbsp; ".join(
            f"<span style='white-space:nowrap'><span style='color:{c}'>\u25a0</span> "
            f"{html.escape(o)}</span>"
            for o, c in zip(outcomes, self.ended.colors, strict=True))
        told = telling(table, res.start)
        columns = list(dict.fromkeys(told["column"]))
        for column, fig, marks in zip(columns, self.told, self.told_marks, strict=False):
            part = told.filter(told["column"] == column)
            for mark, key in zip(marks, ("won_mean", "other_mean"), strict=True):
                got = [(r["alternative"], r[key]) for r in part.iter_rows(named=True)
                       if r[key] is not None]
                with mark.hold_sync():
                    mark.x, mark.y = [g[0] for g in got], [g[1] for g in got]
            values = [v for m in marks for v in m.y]
            # from 0 for counts, so a gap of one city does not look like a chasm
            marks[0].scales["y"].min = 0.0 if min(values, default=0) >= 0 else None
            words = part["words"][0]
            fig.title = f"{words[:1].upper()}{words[1:]}"
        shown = tuple(self.told[:len(columns)])
        if self.decided_row.children[1:] != shown:
            self.decided_row.children = (self.decided_row.children[0], *shown)
            self.told_box.children = (self.told_key,) if shown else ()


def outcome_colours(outcomes: list[str], side: str) -> list[str]:
    """A colour for each way a game ended: blues for the deciding side's wins, reds for the
    other side's, grey for draws, light grey for games not over."""
    mine, theirs = iter(WIN_BLUES * 3), iter(WIN_REDS * 3)
    out = []
    for o in outcomes:
        if o.startswith(f"{side.title()} won"):
            out.append(next(mine))
        elif " won: " in o:
            out.append(next(theirs))
        else:
            out.append("#888888" if o == "draw" else "#d0d0d0")
    return out


def _summary_of(res: Any, rows: list[dict]) -> list[dict]:
    from hellenes_nb.whatif.report import frame, summary
    return summary(frame(rows, res.start), res.start)
