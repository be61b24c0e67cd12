"""What a What-if run shows: the table as a polars frame, the summary of each alternative with
Wilson 95 % intervals, and the one plain sentence, its numbers read from the table."""

from __future__ import annotations

from typing import Any

import polars as pl

from hellenes_nb.bots.levels import LEVEL_TEXT
from hellenes_nb.bots.match import wilson
from hellenes_nb.core.words import count
from hellenes_nb.whatif.position import Start

__all__ = ["frame", "how_won", "outcome_word", "sentence", "summary", "telling", "WEAKNESSES"]

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


# -- what decided the games -----------------------------------------------------------------
#: table columns left out of :func:`telling`: bookkeeping, and the score, which is what names
#: the winner (the fan shows it)
BOOKKEEPING = frozenset({"game", "seed", "seconds", "decisions", "final_score"})


def outcome_word(winner: str, how: str) -> str:
    """How one game ended, in a few words: "Athens won: negotiated", "draw", "not over at
    the horizon"."""
    if winner == "draw":
        return "draw"
    if winner == "none":
        return "not over at the horizon" if how == "horizon" else "not over (too long)"
    if winner == "crash":
        return "crashed"
    return f"{winner.title()} won: {how}"


def how_won(table: pl.DataFrame, start: Start) -> pl.DataFrame:
    """How the games of each alternative ended, what the stacked bars draw: one row for each
    alternative and each way a game ended in the table (zero where it did not happen there):
    ``alternative``, ``label``, ``outcome`` (:func:`outcome_word`), ``games`` (of that
    alternative ending so) and ``share`` (of the alternative's games). Outcomes come in a
    fixed order: the deciding side's wins, the other side's, then draws and games not over."""
    cols = {"alternative": pl.String, "label": pl.String, "outcome": pl.String,
            "games": pl.Int64, "share": pl.Float64}
    if not table.height:
        return pl.DataFrame(schema=cols)
    words = [outcome_word(w, h) for w, h in zip(table["winner"], table["how"], strict=True)]
    t = table.select("alternative").with_columns(outcome=pl.Series(words, dtype=pl.String))

    def rank(word: str) -> tuple[int, str]:
        side = start.side.title() + " won"
        return (0 if word.startswith(side) else 1 if " won: " in word else
                2 if word == "draw" else 3, word)

    outcomes = sorted(set(words), key=rank)
    rows = []
    for a in start.alternatives:
        mine = t.filter(pl.col("alternative") == a.id)
        counts = dict(mine.group_by("outcome").len().iter_rows())
        for o in outcomes:
            k = int(counts.get(o, 0))
            rows.append({"alternative": a.id, "label": a.label, "outcome": o, "games": k,
                         "share": k / mine.height if mine.height else 0.0})
    return pl.DataFrame(rows, schema=cols)


def column_words(column: str) -> str:
    """A table column as a class reads it ("cities_athens": "cities Athens held")."""
    for head, words in (("cities_", "cities {} held at the end"),
                        ("forces_", "forces {} had at the end")):
        if column.startswith(head):
            return words.format(column[len(head):].replace("-", " ").title())
    return {"battles": "battles fought", "final_score": "score at the end"}.get(
        column, column.replace("_", " "))


def telling(table: pl.DataFrame, start: Start, top: int = 2) -> pl.DataFrame:
    """The ``top`` columns of the table whose values most set apart the games the deciding side
    won from those it did not (over every alternative: the gap of the two means over the
    column's spread), with their mean in each alternative's won and other games, what the
    second chart draws: ``column``, ``words``, ``gap``, ``alternative``, ``label``,
    ``won_mean``, ``other_mean``, ``won_games``, ``other_games`` (a mean is null where there
    is no such game). Every number column of the table counts (battles, cities and forces held,
    a game's own) but :data:`BOOKKEEPING`; empty when the side won every game or none."""
    cols = {"column": pl.String, "words": pl.String, "gap": pl.Float64,
            "alternative": pl.String, "label": pl.String, "won_mean": pl.Float64,
            "other_mean": pl.Float64, "won_games": pl.Int64, "other_games": pl.Int64}
    if not table.height:
        return pl.DataFrame(schema=cols)
    won = pl.col("winner") == start.side
    if table.filter(won).height in (0, table.height):
        return pl.DataFrame(schema=cols)
    gaps = []
    for c, dtype in table.schema.items():
        if c in BOOKKEEPING or not dtype.is_numeric():
            continue
        spread = table[c].cast(pl.Float64).std()
        if not spread:
            continue
        a, b = table.filter(won)[c].mean(), table.filter(~won)[c].mean()
        if a is None or b is None:
            continue
        gaps.append((abs(a - b) / spread, c))
    rows = []
    for gap, c in sorted(gaps, key=lambda g: (-g[0], g[1]))[:top]:
        for alt in start.alternatives:
            mine = table.filter(pl.col("alternative") == alt.id)
            w, o = mine.filter(won)[c], mine.filter(~won)[c]
            rows.append({"column": c, "words": column_words(c), "gap": round(gap, 3),
                         "alternative": alt.id, "label": alt.label,
                         "won_mean": w.mean() if w.len() else None,
                         "other_mean": o.mean() if o.len() else None,
                         "won_games": w.len(), "other_games": o.len()})
    return pl.DataFrame(rows, schema=cols)
