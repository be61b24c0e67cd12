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


def _on_a_terminal(*args, tmp_path) -> str:
    """Run ``hellenes whatif`` with standard error on a pseudo-terminal; what it wrote there."""
    import fcntl
    import pty
    import struct
    import termios

    main, sub = pty.openpty()
    fcntl.ioctl(sub, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))  # 100 columns
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "COLUMNS": "100"}
    try:
        run = subprocess.run([sys.executable, "-m", "hellenes_nb.cli", "whatif", *args],
                             stdout=subprocess.PIPE, stderr=sub, timeout=300, env=env)
        os.close(sub)
        sub = -1
        chunks = []
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the terminal's other end is closed: all is read
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        if sub >= 0:
            os.close(sub)
        os.close(main)
    assert run.returncode == 0
    return b"".join(chunks).decode(errors="replace")


def test_a_progress_bar_on_a_terminal_and_none_when_asked(tmp_path):
    args = ("--lesson", "sicilian-expedition-415-413", "--games", "2", "--seed", "4",
            "--workers", "1", "--json")
    shown = _on_a_terminal(*args, tmp_path=tmp_path)
    assert "4/4" in shown and "game" in shown  # two choices, two games each
    quiet = _on_a_terminal(*args, "--no-progress", tmp_path=tmp_path / "again")
    assert "4/4" not in quiet
