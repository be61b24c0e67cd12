"""The learner's progress file: plain JSON, best result kept, a broken file never fatal."""

from __future__ import annotations

import json
import multiprocessing
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellenes_nb.tutorial.progress import ENV, FORMAT, MAX_BYTES, Progress, default_path, merge


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


# -- several tutorials on one file (issue 26 item 7) -------------------------------------------
def _on_disk(path) -> dict[str, int]:
    return {t: e["stars"] for t, e in json.loads(path.read_text())["tasks"].items()}


def test_two_tutorials_on_one_file_keep_each_others_stars(tmp_path):
    """Both open before either solves anything: each write merges with the other's."""
    path = tmp_path / "p.json"
    first, second = Progress(path), Progress(path)
    first.record("click-a-port", 3)
    second.record("march-to-boeotia", 2)
    second.record("click-a-port", 1)  # worse than the first's: the file keeps 3
    assert _on_disk(path) == {"click-a-port": 3, "march-to-boeotia": 2}
    assert second.solved == {"click-a-port": 3, "march-to-boeotia": 2}  # it shows both now
    first.record("move-first", 1)
    assert _on_disk(path) == {"click-a-port": 3, "march-to-boeotia": 2, "move-first": 1}


def test_forgetting_in_one_tutorial_is_not_undone_by_another(tmp_path):
    """A reset elsewhere holds; a tutorial that read the file before it adds back only what it
    earned since its last write."""
    path = tmp_path / "p.json"
    old, other = Progress(path), Progress(path)
    old.record("a", 3)
    other.reset()
    assert _on_disk(path) == {}
    old.record("b", 2)
    assert _on_disk(path) == {"b": 2} and old.solved == {"b": 2}
    assert Progress(path).total == 2


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.integers(0, 2), st.sampled_from("abcd"), st.integers(0, 3)),
                max_size=25))
def test_merging_never_loses_a_star(records):
    """However three tutorials on one file interleave their results, the file ends with every
    task any of them solved, each with the best stars earned anywhere."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "p.json"
        tutorials = [Progress(path) for _ in range(3)]
        best: dict[str, int] = {}
        for who, task, stars in records:
            tutorials[who].record(task, stars)
            best[task] = max(best.get(task, -1), stars)
            assert _on_disk(path) == best
        assert Progress(path).solved == best


@given(st.lists(st.dictionaries(st.sampled_from("abcdef"), st.integers(0, 3)), max_size=4))
def test_merge_keeps_every_task_with_its_best_stars(tables):
    merged = merge(*tables)
    assert set(merged) == {t for table in tables for t in table}
    for table in tables:
        assert all(merged[t] >= s for t, s in table.items())
    assert all(any(table.get(t) == s for table in tables) for t, s in merged.items())


def _earn(path: str, prefix: str, n: int) -> None:
    p = Progress(path)
    for i in range(n):
        p.record(f"{prefix}-{i}", 1 + i % 3)
    assert not p.problem, p.problem


def test_two_processes_writing_at_once_lose_nothing(tmp_path):
    """Two kernels each earn 60 stars at the same moment; the lock serialises the read, merge
    and write, so all 120 tasks are in the file (without the lock, 4 runs in 5 lost some)."""
    path = str(tmp_path / "p.json")
    ctx = multiprocessing.get_context("fork")
    workers = [ctx.Process(target=_earn, args=(path, name, 60)) for name in ("one", "two")]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
        assert w.exitcode == 0
    assert len(_on_disk(tmp_path / "p.json")) == 120


# -- a file that cannot be written (issue 26 item 8) -------------------------------------------
def test_a_folder_at_the_progress_path_keeps_the_stars_and_says_so(tmp_path):
    path = tmp_path / "p.json"
    path.mkdir()
    p = Progress(path)
    assert "not a regular file" in p.problem
    assert p.record("a", 3)  # no OSError
    assert p.stars("a") == 3 and p.total == 3
    assert "cannot be kept" in p.problem and "there is a folder at that path" in p.problem
    assert path.is_dir() and list(path.iterdir()) == []
    assert [f.name for f in tmp_path.iterdir()] == ["p.json", "p.json.lock"]  # no temp left


def test_a_folder_that_cannot_be_made_keeps_the_stars_and_retries(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    path = blocker / "p.json"
    p = Progress(path)
    assert p.record("a", 2)
    assert p.stars("a") == 2 and "cannot be kept" in p.problem and str(path) in p.problem
    blocker.unlink()  # the folder can be made now: the next result writes both
    p.record("b", 1)
    assert _on_disk(path) == {"a": 2, "b": 1} and p.problem == ""


# -- nothing planted beside the file is followed (issue 26 item 9) ------------------------------
def test_a_symlink_planted_at_the_temporary_name_is_not_written_through(tmp_path):
    target = tmp_path / "victim.txt"
    target.write_text("precious")
    path = tmp_path / "tutorial-progress.json"
    (tmp_path / "tutorial-progress.json.tmp").symlink_to(target)
    Progress(path).record("a", 3)
    assert target.read_text() == "precious"
    assert _on_disk(path) == {"a": 3} and not path.is_symlink()
    assert (tmp_path / "tutorial-progress.json.tmp").is_symlink()  # left as it was


def test_a_symlink_at_the_progress_path_is_replaced_not_followed(tmp_path):
    target = tmp_path / "victim.txt"
    target.write_text("precious")
    path = tmp_path / "p.json"
    path.symlink_to(target)
    p = Progress(path)
    assert "could not be read" in p.problem
    p.record("a", 1)
    assert target.read_text() == "precious" and not path.is_symlink()
    assert _on_disk(path) == {"a": 1}
