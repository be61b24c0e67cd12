"""The shared file layer: a file read into a typed model, every problem named by file, place and
what is wrong, in the same words as the saves' refusals."""

from __future__ import annotations

from typing import Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hellenes_nb.core.models import (
    FileError,
    FileModel,
    Items,
    Problem,
    Text,
    by_record,
    place,
    read_csv,
    read_yaml,
    validate,
)


class Task(FileModel):
    """A made-up file format (say, a tutorial's task) to read through the layer."""

    title: Text
    side: Literal["athens", "sparta"] = "athens"
    steps: Items[int] = ()
    hints: dict[Literal["easy", "hard"], str] = {}


def test_a_problem_reads_file_place_and_problem():
    assert str(Problem("a.yaml", "step 2 › do item 1", "wrong")) == \
        "a.yaml: step 2 › do item 1: wrong"
    assert str(Problem("a.yaml", "", "the file is missing")) == "a.yaml: the file is missing"
    assert str(FileError([Problem("a", "", "x"), Problem("b", "y", "z")])) == "a: x\nb: y: z"


def test_place_counts_list_positions_from_one():
    assert place(("steps", 2, "do", 0)) == "steps item 3 › do item 1"
    assert place((4, "city", "value")) == "item 5 › city › value"
    assert place(()) == ""


def test_every_problem_is_collected_with_its_place():
    data = {"title": "T", "side": "thebes", "steps": [1, "two", True], "colour": "red",
            "hints": {"medium": "x"}}
    task, problems = validate(Task, data, "task.yaml")
    assert task is None
    assert [str(p) for p in problems] == [
        "task.yaml: side: should be 'athens' or 'sparta', not 'thebes'",
        "task.yaml: steps item 2: should be a whole number, not 'two'",
        "task.yaml: steps item 3: should be a whole number, not True",
        "task.yaml: hints: the key 'medium' is not allowed: should be 'easy' or 'hard'",
        "task.yaml: unknown field 'colour' (allowed here: hints, side, steps, title)",
    ]


def test_a_missing_field_is_named_at_its_parent():
    _, problems = validate(list[Task], [{"title": "a"}, {"side": "sparta"}], "tasks.yaml",
                           where=by_record("title", "task "))
    assert [str(p) for p in problems] == ["tasks.yaml: task 2: missing the required field "
                                          "'title'"]


def test_a_null_counts_as_left_out():
    task, problems = validate(Task, {"title": "a", "side": None, "steps": None}, "t")
    assert problems == [] and (task.side, task.steps) == ("athens", ())
    _, problems = validate(Task, {"title": None}, "t")
    assert [p.message for p in problems] == ["missing the required field 'title'"]


def test_numbers_are_read_as_text_where_text_is_wanted():
    task, _ = validate(Task, {"title": 6.3}, "t")
    assert task.title == "6.3"
    _, problems = validate(Task, {"title": True}, "t")
    assert problems[0].message == "should be text, not True"


def test_a_model_is_immutable():
    task, _ = validate(Task, {"title": "a"}, "t")
    with pytest.raises(ValueError):
        task.title = "b"


def test_yaml_refusals_name_the_file_and_line(tmp_path):
    path = tmp_path / "task.yaml"
    path.write_text("title: a\nside: !!python/name:os.system\n", encoding="utf-8")
    data, problems = read_yaml(path, "task.yaml")
    assert data is None and problems[0].where == "line 2"
    assert str(problems[0]).startswith("task.yaml: line 2: the YAML tag")


def test_csv_rows_are_stripped_and_broken_rows_named(tmp_path):
    path = tmp_path / "t.csv"
    path.write_text("a,b\n x , y\n1\n2,3\n", encoding="utf-8")
    fields, rows, problems = read_csv(path, "t.csv")
    assert fields == ["a", "b"] and rows == [(2, {"a": "x", "b": "y"}), (4, {"a": "2", "b": "3"})]
    assert [str(p) for p in problems] == ["t.csv: line 3: the row does not have the 2 cells of "
                                          "the header"]
    assert read_csv(tmp_path, "folder")[2][0].message == "not a regular file"


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=10))
def test_any_plain_data_is_read_or_refused_in_words(data):
    """Whatever plain data a file holds, the layer answers with a model or with problems, each
    naming its file, never with an exception."""
    task, problems = validate(Task, data, "t.yaml")
    assert (task is None) == bool(problems)
    assert all(str(p).startswith("t.yaml: ") and p.message for p in problems)
