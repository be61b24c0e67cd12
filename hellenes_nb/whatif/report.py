"""What a What-if run shows: the table as a polars frame, the summary of each alternative with
Wilson 95 % intervals, and the one plain sentence, its numbers read from the table."""

from __future__ import annotations

from typing import Any

import polars as pl

from hellenes_nb.bots.levels import LEVEL_TEXT
from hellenes_nb.bots.match import wilson
from hellenes_nb.core.words import count
from hellenes_nb.whatif.position import Start

__all__ = ["frame", "summary", "sentence", "WEAKNESSES"]

#: where the bots' known blind spots are written down
WEAKNESSES = "docs/bots.md, \"Known weaknesses\""


def frame(rows: list[dict[str, Any]], start: Start) -> pl.DataFrame:
    """One row per game, alternatives in the decision's order, then by game number."""
    order = {a.id: i for i, a in enumerate(start.alternatives)}
    rows = sorted(rows, key=lambda r: (order[r["alternative"]], r["game"]))
    if not rows:
        return pl.DataFrame(schema={"alternative": pl.String, "game": pl.Int64,
                                    "seed": pl.Int64, "winner": pl.String})
    return pl.DataFrame(rows, infer_schema_length=None)


def _rate(k: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(k, n)
    return {"count": k, "rate": round(k / n, 4) if n else 0.0,
            "wilson95": [round(lo, 4), round(hi, 4)]}


def summary(table: pl.DataFrame, start: Start) -> list[dict[str, Any]]:
    """One entry per alternative: id, label, historical, games, and each outcome (a side's
    win, ``draw``, ``none`` = stopped at the horizon, ``crash``) with its count, rate and
    Wilson 95 % interval."""
    out = []
    for a in start.alternatives:
        games = table.filter(pl.col("alternative") == a.id) if table.height else table
        n = games.height
        counts = dict(games.group_by("winner").len().iter_rows()) if n else {}
        out.append({"id": a.id, "label": a.label, "historical": a.historical, "games": n,
                    "outcomes": {w: _rate(int(k), n) for w, k in sorted(counts.items())},
                    "battles_mean": round(float(games["battles"].mean()), 2) if n else 0.0})
    return out


def _pct(x: float) -> str:
    return f"{100 * x:.0f} %"


def sentence(entries: list[dict[str, Any]], start: Start, levels: tuple[str, str],
             roles: tuple[str, ...]) -> str:
    """The plain sentence: for each alternative not taken, how often the deciding side won
    after it, against after the historical choice (or the bot's choice, from a save), with the
    levels that played and where their weaknesses are written."""
    side = start.side
    word = "historical" if start.kind == "lesson" else "computer's own"
    hist = next((e for e in entries if e["historical"]), entries[0])

    def won(e: dict) -> tuple[float, list[float], int]:
        o = e["outcomes"].get(side) or _rate(0, e["games"])
        return o["rate"], o["wilson95"], e["games"]

    parts = []
    for e in entries:
        if e is hist or not e["games"]:
            continue
        p, (lo, hi), n = won(e)
        had = "had" if parts else "Had"
        parts.append(f"{had} {side.title()} chosen \u201c{e['label']}\u201d, {side.title()} won "
                     f"{_pct(p)} of {count(n, 'game')} ({_pct(lo)}\u2013{_pct(hi)})")
    p, (lo, hi), n = won(hist)
    if parts:
        head = "; ".join(parts) + (f", against {_pct(p)} of {n} ({_pct(lo)}\u2013{_pct(hi)}) "
                                   f"after the {word} choice, \u201c{hist['label']}\u201d.")
    else:
        head = (f"After the {word} choice, \u201c{hist['label']}\u201d, {side.title()} won "
                f"{_pct(p)} of {count(n, 'game')} ({_pct(lo)}\u2013{_pct(hi)}).")
    if levels[0] == levels[1]:
        who = f"Both sides were played by the computer's {levels[0]} level"
    else:
        who = (f"{roles[0].title()} was played by the computer's {levels[0]} level and "
               f"{roles[1].title()} by its {levels[1]} level")
    what = "; ".join(f"{lv}: {LEVEL_TEXT[lv]}" for lv in dict.fromkeys(levels))
    return (f"{head} {who} ({what}). Its blind spots are listed in {WEAKNESSES}: read a "
            f"difference as what these computer players make of the position, not as history.")
