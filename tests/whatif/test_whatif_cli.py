"""``hellenes whatif`` (issue 32): JSON with one entry per alternative, Parquet on request,
plain errors naming the lessons or decision points that exist, no traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import polars as pl


def hellenes(*args, tmp_path):
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    return subprocess.run([sys.executable, "-m", "hellenes_nb.cli", "whatif", *args],
                          capture_output=True, text=True, timeout=300, env=env)


def test_json_and_parquet(tmp_path):
    out = tmp_path / "t.parquet"
    run = hellenes("--lesson", "sicilian-expedition-415-413", "--games", "3", "--seed", "2",
                   "--workers", "1", "--json", "--parquet", str(out), tmp_path=tmp_path)
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    alts = data["alternatives"]
    assert [a["id"] for a in alts] == ["stay", "march-away"]
    assert [a["historical"] for a in alts] == [True, False]
    for a in alts:
        assert a["games"] == 3 and a["label"]
        assert sum(o["count"] for o in a["outcomes"].values()) == 3
        assert all(len(o["wilson95"]) == 2 for o in a["outcomes"].values())
    assert pl.read_parquet(out).height == 6
    assert data["sentence"].startswith("Had Athens chosen")


def test_unknown_lesson_and_decision_are_plain_errors(tmp_path):
    run = hellenes("--lesson", "nope", "--games", "1", tmp_path=tmp_path)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "hellenes whatif: there is no lesson 'nope'; the lessons are" in run.stderr
    assert "pylos-425" in run.stderr
    run = hellenes("--lesson", "pylos-425", "--decision", "2", "--games", "1",
                   tmp_path=tmp_path)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "step '2' of the lesson 'pylos-425' is not a decision point; its decision " \
           "points are steps" in run.stderr
