"""The learner's progress file: plain JSON, best result kept, a broken file never fatal."""

from __future__ import annotations

import json

import pytest

from hellenes_nb.tutorial.progress import ENV, FORMAT, MAX_BYTES, Progress, default_path


def test_best_stars_are_kept_and_saved(tmp_path):
    path = tmp_path / "p.json"
    p = Progress(path)
    assert p.record("a", 2) and not p.record("a", 1) and p.record("a", 3)
    again = Progress(path)
    assert again.stars("a") == 3 and again.total == 3 and again.stars("b") is None
    assert json.loads(path.read_text())["format"] == FORMAT
    again.reset()
    assert Progress(path).solved == {}


@pytest.mark.parametrize("text, why", [
    ("{not json", "could not be read"),
    ('{"format": "other", "tasks": {}}', "not a tutorial progress file"),
    (json.dumps({"format": FORMAT, "tasks": {"a": {"stars": 9}}}), "0 to 3"),
    (json.dumps({"format": FORMAT, "tasks": []}), "'tasks' should be an object"),
])
def test_a_broken_file_starts_afresh_and_is_left_alone(tmp_path, text, why):
    path = tmp_path / "p.json"
    path.write_text(text, encoding="utf-8")
    p = Progress(path)
    assert p.solved == {} and why in p.problem and str(path) in p.problem
    assert path.read_text(encoding="utf-8") == text  # untouched until new progress
    p.record("a", 1)
    assert Progress(path).stars("a") == 1 and p.problem == ""


def test_an_oversized_file_is_not_read(tmp_path):
    path = tmp_path / "p.json"
    path.write_text(" " * (MAX_BYTES + 1), encoding="utf-8")
    assert "larger than" in Progress(path).problem


def test_the_environment_names_the_file(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV, str(tmp_path / "mine.json"))
    assert default_path() == tmp_path / "mine.json"
    with pytest.raises(ValueError, match="0 to 3"):
        Progress().record("a", 4)
