"""What decided the games (issue 32): how each alternative's games ended (the stacked bars)
and the columns that most set the deciding side's won games apart (the second chart), as polars
frames whose numbers are the table's, drawn as they are by the WhatIfWidget."""

from __future__ import annotations

import polars as pl
import pytest

from hellenes_nb.whatif import WhatIf
from hellenes_nb.whatif.position import Alternative, Start
from hellenes_nb.whatif.report import how_won, outcome_word, telling
from hellenes_nb.widgets.whatif import WhatIfWidget

START = Start("lesson", "toy", 1, "athens",
              (Alternative("a", "Go", True), Alternative("b", "Stay", False)), "toy", "toy")


def _row(alt, winner, how, battles, cities):
    return {"alternative": alt, "game": 0, "seed": 1, "winner": winner, "how": how,
            "battles": battles, "cities_athens": cities, "final_score": 9.0, "decisions": 5,
            "seconds": 0.1}


def test_how_the_games_ended_counts_the_table():
    t = pl.DataFrame([_row("a", "athens", "decisive", 1, 5), _row("a", "sparta", "minor", 3, 5),
                      _row("a", "athens", "decisive", 1, 6), _row("b", "none", "horizon", 2, 5)])
    ended = how_won(t, START)
    assert ended["outcome"].unique(maintain_order=True).to_list() == \
        ["Athens won: decisive", "Sparta won: minor", "not over at the horizon"]
    got = {(r["alternative"], r["outcome"]): (r["games"], r["share"])
           for r in ended.iter_rows(named=True)}
    assert got[("a", "Athens won: decisive")] == (2, pytest.approx(2 / 3))
    assert got[("a", "Sparta won: minor")] == (1, pytest.approx(1 / 3))
    assert got[("a", "not over at the horizon")] == (0, 0.0)
    assert got[("b", "not over at the horizon")] == (1, 1.0)
    assert got[("b", "Athens won: decisive")] == (0, 0.0)


def test_the_telling_columns_are_those_that_part_won_from_other_games():
    # battles part Athens' won games (1) from the others (3) cleanly; cities hardly at all;
    # the score and the bookkeeping never count
    t = pl.DataFrame([_row("a", "athens", "decisive", 1, 5), _row("a", "sparta", "minor", 3, 5),
                      _row("b", "athens", "decisive", 1, 6), _row("b", "draw", "draw", 3, 6)])
    t = t.with_columns(final_score=pl.when(pl.col("winner") == "athens").then(10.0)
                       .otherwise(-10.0))  # the score names the winner: not a telling column
    told = telling(t, START, top=1)
    assert told["column"].unique().to_list() == ["battles"]
    assert told["words"][0] == "battles fought"
    rows = {r["alternative"]: r for r in told.iter_rows(named=True)}
    assert (rows["a"]["won_mean"], rows["a"]["other_mean"]) == (1.0, 3.0)
    assert (rows["b"]["won_games"], rows["b"]["other_games"]) == (1, 1)
    assert set(telling(t, START)["column"]) == {"battles", "cities_athens"}
    every_win = t.with_columns(winner=pl.lit("athens"))
    assert telling(every_win, START).is_empty()  # nothing to set apart


def _numbers_of(table, start):
    """The two charts' numbers counted again straight from the table, by hand."""
    counts = {}
    for r in table.iter_rows(named=True):
        key = (r["alternative"], outcome_word(r["winner"], r["how"]))
        counts[key] = counts.get(key, 0) + 1
    return counts


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return WhatIf("pericles-plague-431-429", games=3, seed=3, workers=1, horizon="year",
                  cache_dir=tmp_path_factory.mktemp("cache")).run()


def test_a_run_s_charts_are_its_table_s_numbers(run):
    t = run.frame
    counts = _numbers_of(t, run.start)
    for r in run.how_won.iter_rows(named=True):
        n = t.filter(pl.col("alternative") == r["alternative"]).height
        assert r["games"] == counts.get((r["alternative"], r["outcome"]), 0)
        assert r["share"] == pytest.approx(r["games"] / n)
    for r in run.telling.iter_rows(named=True):
        mine = t.filter(pl.col("alternative") == r["alternative"])
        won = mine.filter(pl.col("winner") == "athens")[r["column"]]
        assert r["won_games"] == won.len()
        assert r["won_mean"] == (pytest.approx(won.mean()) if won.len() else None)


def test_the_widget_draws_those_frames(run, tmp_path):
    w = WhatIfWidget("pericles-plague-431-429", games=3, seed=3, workers=1, horizon="year")
    w.lab.cache_dir = tmp_path  # the same run, read from its own cache
    w.lab.use_cache = False
    w.start()
    w.wait(300)
    assert w.result.complete
    ended = run.how_won
    outcomes = ended["outcome"].unique(maintain_order=True).to_list()
    assert list(w.ended.labels) == outcomes
    alts = [a.id for a in run.start.alternatives]
    share = {(r["outcome"], r["alternative"]): r["share"] for r in ended.iter_rows(named=True)}
    assert [list(y) for y in w.ended.y] == [[pytest.approx(share[(o, a)]) for a in alts]
                                            for o in outcomes]
    told = run.telling
    first = told.filter(pl.col("column") == told["column"][0])
    won, other = w.told_marks[0]
    for mark, key in ((won, "won_mean"), (other, "other_mean")):
        part = first.filter(pl.col(key).is_not_null())
        assert list(mark.x) == part["alternative"].to_list()
        assert list(mark.y) == pytest.approx(part[key].to_list())
    assert w.told[0].title.lower() == first["words"][0]
    assert won.scales["y"].min == 0.0  # counts are drawn from 0
    assert w.decided_row.children[1:] == tuple(w.told[:told["column"].n_unique()])
    assert w.told_box.children == (w.told_key,)
    assert all(o in w.ended_key.value for o in outcomes)  # the key names every outcome
