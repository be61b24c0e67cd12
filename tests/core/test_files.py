"""core/files.py: whole files written in one step without following anything planted beside
them, and the lock several notebooks share (issue 26 items 7 and 9)."""

from __future__ import annotations

import os
import time

import pytest

from hellenes_nb.core import files
from hellenes_nb.core.files import locked, write_atomic


def test_a_write_replaces_the_whole_file_and_leaves_nothing_beside_it(tmp_path):
    path = tmp_path / "f.json"
    path.write_text("old")
    write_atomic(path, "new")
    assert path.read_text() == "new" and os.listdir(tmp_path) == ["f.json"]
    assert path.stat().st_mode & 0o777 == 0o600


def test_a_failed_write_keeps_the_old_file_and_removes_its_temporary(tmp_path, monkeypatch):
    path = tmp_path / "f.json"
    path.write_text("old")

    def refuse(_src, _dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(files.os, "replace", refuse)
    with pytest.raises(PermissionError):
        write_atomic(path, "new")
    assert path.read_text() == "old" and os.listdir(tmp_path) == ["f.json"]


def test_symlinks_planted_at_temporary_names_are_never_followed(tmp_path):
    """Whatever fixed name an attacker guesses (``.tmp`` on the file's name, or the prefix of
    the random names), the link's target is not touched."""
    target = tmp_path / "victim"
    target.write_text("precious")
    path = tmp_path / "f.json"
    for name in ("f.json.tmp", ".f.json.tmp", ".f.json.x.tmp"):
        (tmp_path / name).symlink_to(target)
    write_atomic(path, "new")
    assert target.read_text() == "precious" and path.read_text() == "new"


def test_a_symlink_at_the_lock_name_is_not_followed(tmp_path):
    target = tmp_path / "victim"
    target.write_text("precious")
    path = tmp_path / "f.json"
    (tmp_path / "f.json.lock").symlink_to(target)
    with pytest.raises(OSError), locked(path):
        pass
    assert target.read_text() == "precious"


def test_a_lock_held_elsewhere_gives_up_in_plain_words_within_seconds(tmp_path):
    path = tmp_path / "f.json"
    with locked(path):
        began = time.monotonic()
        with pytest.raises(TimeoutError, match="being written by another program"), \
                locked(path, seconds=0.3):
            pass
        assert time.monotonic() - began < 2
    with locked(path, seconds=0.3):  # released: taken at once
        pass
