"""The What-if lab's engine (issue 32): seeded continuations, the table, the summary with
Wilson intervals, the sentence read from the table, the cache, replay, cancel, refusals."""

from __future__ import annotations

import re

import polars as pl
import pytest

from hellenes_nb.bots.match import wilson
from hellenes_nb.whatif import WhatIf, WhatIfError
from hellenes_nb.whatif.play import replay

SICILY = "sicilian-expedition-415-413"


def lab(tmp_path, **kw):
    kw.setdefault("games", 4)
    kw.setdefault("seed", 7)
    kw.setdefault("workers", 1)
    return WhatIf(SICILY, cache_dir=tmp_path, **kw)


def test_each_alternative_gets_n_seeded_games_and_a_row_each(tmp_path):
    res = lab(tmp_path).run()
    t = res.frame
    assert res.complete and t.height == 8
    assert t["alternative"].unique(maintain_order=True).to_list() == ["stay", "march-away"]
    assert t.filter(pl.col("alternative") == "stay")["historical"].all()
    assert t["seed"].n_unique() == 8  # a seed per game, from the base, alternative, index
    for col in ("winner", "how", "score_by_turn", "battles", "cities_athens", "forces_sparta"):
        assert col in t.columns
    again = lab(tmp_path, use_cache=False).run().frame
    assert again.drop("seconds").equals(t.drop("seconds"))
    other = lab(tmp_path, seed=8, use_cache=False).run().frame
    assert other["seed"].to_list() != t["seed"].to_list()


def test_a_row_replays_from_its_seed(tmp_path):
    w = lab(tmp_path, games=2)
    row = w.run().frame.filter(pl.col("alternative") == "march-away").row(1, named=True)
    again = replay(w.start, "march-away", 1, 7)
    assert {k: again[k] for k in ("seed", "winner", "how", "decisions", "score_by_turn")} == \
        {k: row[k] for k in ("seed", "winner", "how", "decisions", "score_by_turn")}


def test_the_sentence_numbers_are_the_tables(tmp_path):
    res = WhatIf("pericles-plague-431-429", games=4, seed=3, workers=1, horizon="year",
                 cache_dir=tmp_path).run()
    t, s = res.frame, res.sentence

    def numbers(alt):
        games = t.filter(pl.col("alternative") == alt)
        k = games.filter(pl.col("winner") == "athens").height
        lo, hi = wilson(k, games.height)
        return [round(100 * k / games.height), games.height, round(100 * lo), round(100 * hi)]

    labels = {a.id: a.label for a in res.start.alternatives}
    for alt in ("army-out", "battle"):
        m = re.search(rf"\u201c{re.escape(labels[alt])}\u201d, Athens won (\d+) % of (\d+) "
                      rf"games \((\d+) %\u2013(\d+) %\)", s)
        assert m and [int(x) for x in m.groups()] == numbers(alt), s
    m = re.search(r"against (\d+) % of (\d+) \((\d+) %\u2013(\d+) %\) after the historical "
                  rf"choice, \u201c{re.escape(labels['walls'])}\u201d", s)
    assert m and [int(x) for x in m.groups()] == numbers("walls"), s
    assert "normal level" in s and "docs/bots.md" in s and "Known weaknesses" in s
    entry = next(e for e in res.summary if e["id"] == "battle")
    assert entry["games"] == 4 and entry["historical"] is False
    assert sum(o["count"] for o in entry["outcomes"].values()) == 4


def test_a_finished_run_is_cached_and_read_back(tmp_path):
    first = lab(tmp_path).run()
    assert not first.cached and list(tmp_path.glob("*.parquet"))
    second = lab(tmp_path).run()
    assert second.cached and second.complete
    assert second.frame.equals(first.frame)
    assert lab(tmp_path, games=3).key != lab(tmp_path).key  # N is part of the key
    assert lab(tmp_path, levels="easy,normal").key != lab(tmp_path).key


def test_a_stopped_run_keeps_the_games_finished_and_is_not_cached(tmp_path):
    seen = []
    res = lab(tmp_path, games=10).run(on_result=lambda r, n: seen.append(n),
                                      stop=lambda: len(seen) >= 3)
    assert not res.complete and len(res.rows) == 3 and res.frame.height == 3
    assert not list(tmp_path.glob("*.parquet"))


def test_a_horizon_stops_the_games_early(tmp_path):
    res = WhatIf("pericles-plague-431-429", games=2, seed=1, workers=1, horizon="season",
                 cache_dir=tmp_path).run()
    assert set(res.frame["winner"]) == {"none"} and set(res.frame["how"]) == {"horizon"}
    with pytest.raises(WhatIfError, match="horizon is 'end', 'season', 'year'"):
        WhatIf(SICILY, horizon="forever", cache_dir=tmp_path)


def test_parquet_on_request(tmp_path):
    res = lab(tmp_path, games=2).run()
    path = res.to_parquet(tmp_path / "out.parquet")
    assert pl.read_parquet(path).drop("seconds").equals(res.frame.drop("seconds"))


def test_bad_names_get_a_plain_error_naming_what_exists(tmp_path):
    with pytest.raises(WhatIfError) as e:
        WhatIf("no-such-lesson", cache_dir=tmp_path)
    assert "there is no lesson 'no-such-lesson'" in str(e.value) and SICILY in str(e.value)
    with pytest.raises(WhatIfError) as e:
        WhatIf("pylos-425", decision="7", cache_dir=tmp_path)
    assert re.search(r"step '7' of the lesson 'pylos-425' is not a decision point; its "
                     r"decision points are steps \d", str(e.value))
    with pytest.raises(WhatIfError, match="levels are two of easy, normal, hard"):
        WhatIf(SICILY, levels="normal,genius", cache_dir=tmp_path)
    with pytest.raises(WhatIfError, match="games is a whole number"):
        WhatIf(SICILY, games=0, cache_dir=tmp_path)


def test_earth_and_water_lessons_too(tmp_path):
    res = WhatIf("xerxes-480-479", decision="thermopylae", games=1, seed=2, workers=1,
                 horizon="campaign", cache_dir=tmp_path).run()
    assert res.frame["alternative"].to_list() == ["stand", "keep"]
    assert res.start.side == "greece" and "Greece" in res.sentence


def test_amphipolis_lessons_too(tmp_path):
    res = WhatIf("nicias-mende-scione-423", games=1, seed=2, workers=1, horizon="turn",
                 cache_dir=tmp_path).run()
    assert res.complete and res.frame["alternative"].to_list() == ["mende", "scione"]
    assert res.start.scenario.startswith("amphipolis")  # the Amphipolis game, not Hellenes
    assert set(res.frame["error"]) == {""} and "Athens" in res.sentence
    assert res.how_won["games"].sum() == 2
