"""Issue 32, line by line: what the issue asks of the lab that no other test of tests/whatif
states (every game's lessons have the button at every decision point, the cache key holds
each of its parts, a cached run shows at once, the command line's --from-save, --levels,
--horizon and --cluster, "N years" as a horizon, the default workers, the sentence's pointer)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import hellenes_nb
from hellenes_nb.lessons.runner import Lesson
from hellenes_nb.whatif import WhatIf, WhatIfError, cache
from hellenes_nb.whatif.position import _lesson_names
from hellenes_nb.whatif.report import WEAKNESSES
from hellenes_nb.widgets.lesson import LessonWidget
from hellenes_nb.widgets.whatif import WhatIfWidget
from tests.whatif.test_whatif_save import save_at_a_decision

ROOT = Path(__file__).resolve().parents[2]
SICILY = "sicilian-expedition-415-413"


@pytest.mark.parametrize("name", _lesson_names())
def test_every_lesson_of_every_game_has_the_button_at_each_decision_point(name):
    lesson = Lesson(name)
    points = [i + 1 for i, s in enumerate(lesson.steps) if s.decision is not None]
    w = LessonWidget(lesson, speed="instant")
    for number in range(1, len(lesson.steps) + 1):
        w.goto(number)
        shown = (w.whatif_button in w.decision_box.children
                 and w.decision_box.layout.display != "none")
        assert shown == (number in points), (name, number)
    for number in points:  # the lab can start from each of them
        lab = WhatIf(name, number, games=1, use_cache=False)
        assert lab.start.step == number and any(a.historical for a in lab.start.alternatives)


def test_the_cache_key_holds_lesson_decision_levels_games_seed_horizon_and_code(tmp_path,
                                                                                monkeypatch):
    def key(**kw):
        args = {"lesson": "pericles-plague-431-429", "decision": None, "games": 2, "seed": 1,
                "levels": "normal,normal", "horizon": "end", **kw}
        return WhatIf(args.pop("lesson"), args.pop("decision"), cache_dir=tmp_path,
                      **args).key
    base = key()
    others = [key(lesson=SICILY), key(decision="11"), key(levels="easy,normal"),
              key(games=3), key(seed=2), key(horizon="year")]
    assert base not in others and len(set(others)) == len(others)
    monkeypatch.setattr(hellenes_nb, "__version__", "0.0.0-other")
    assert key() != base  # another version of the package
    monkeypatch.undo()
    cache._sources_hash.cache_clear()
    monkeypatch.setattr(cache, "_sources_hash", lambda scenario: "changed-rules")
    assert key() != base  # a change to the game's or the lab's source


def test_a_cached_run_shows_at_once_the_second_time(tmp_path):
    first = WhatIfWidget(SICILY, games=2, seed=4, workers=1)
    first.lab.cache_dir = tmp_path
    first.start()
    first.wait(120)
    assert first.result.complete and not first.result.cached
    again = WhatIfWidget(SICILY, games=2, seed=4, workers=1)
    again.lab.cache_dir = tmp_path
    t0 = time.monotonic()
    again.start()
    again.wait(10)
    assert time.monotonic() - t0 < 3 and again.result.cached
    assert "from the cache" in again.status.value
    assert again.progress.value == again.progress.max == 4
    assert list(again.bars.y) == list(first.bars.y)
    assert again.sentence.value == first.sentence.value


def test_a_horizon_of_n_years(tmp_path):
    res = WhatIf("pericles-plague-431-429", games=1, seed=2, workers=1, horizon="2 years",
                 cache_dir=tmp_path).run()
    for row in res.frame.iter_rows(named=True):
        assert row["winner"] != "none" or len(row["score_by_turn"]) - 1 >= 2
    with pytest.raises(WhatIfError, match="a number of years"):
        WhatIf(SICILY, horizon="2 fortnights", cache_dir=tmp_path)


def test_local_workers_on_every_core_by_default(tmp_path, monkeypatch):
    import hellenes_nb.batch as batch
    from hellenes_nb.whatif import lab
    monkeypatch.setattr(lab.os, "cpu_count", lambda: 2)
    monkeypatch.setattr(batch.os, "cpu_count", lambda: 2)
    assert WhatIf(SICILY, games=5, cache_dir=tmp_path).workers == 2
    assert WhatIf(SICILY, games=5, workers=1, cache_dir=tmp_path).workers == 1


def test_the_sentence_points_at_a_section_docs_bots_md_has():
    heading = WEAKNESSES.split('"')[1]
    text = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    assert f"\n## {heading}\n" in text


def _cli(*args, tmp_path, timeout=300):
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    return subprocess.run([sys.executable, "-m", "hellenes_nb.cli", "whatif", *args],
                          capture_output=True, text=True, timeout=timeout, env=env)


def test_cli_levels_horizon_and_the_first_decision_by_default(tmp_path):
    run = _cli("--lesson", "pericles-plague-431-429", "--games", "1", "--levels", "easy,normal",
               "--horizon", "season", "--workers", "1", "--json", tmp_path=tmp_path)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    first = next(i + 1 for i, s in enumerate(Lesson("pericles-plague-431-429").steps)
                 if s.decision is not None)
    assert data["step"] == first and data["levels"] == ["easy", "normal"]
    assert data["horizon"] == "season"
    assert "Athens was played by the computer's easy level and Sparta by its normal" \
        in data["sentence"]
    run = _cli("--lesson", SICILY, "--levels", "normal,genius", tmp_path=tmp_path)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "levels are two of easy, normal, hard" in run.stderr


def test_cli_from_a_save(tmp_path):
    _game, path = save_at_a_decision(tmp_path)
    run = _cli("--from-save", str(path), "--games", "1", "--workers", "1", "--json",
               tmp_path=tmp_path)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["kind"] == "save" and sum(a["historical"] for a in data["alternatives"]) == 1
    run = _cli("--from-save", str(tmp_path / "missing.json"), tmp_path=tmp_path)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "cannot read the save" in run.stderr


def test_cli_a_cluster_that_does_not_answer_is_a_plain_error(tmp_path):
    pytest.importorskip("distributed")
    t0 = time.monotonic()
    run = _cli("--lesson", SICILY, "--games", "1", "--no-cache", "--cluster",
               "tcp://127.0.0.1:9", tmp_path=tmp_path, timeout=120)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "cannot reach a Dask scheduler at tcp://127.0.0.1:9" in run.stderr
    assert time.monotonic() - t0 < 60
