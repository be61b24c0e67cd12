"""A lesson file names its game (``game:``, issue 27 item 3) and the lesson commands hand it to
that game's lesson kit, whatever its first line says; a game nobody registered is one problem
of the file, in words."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hellenes_nb.core.catalog import plugins
from hellenes_nb.lessons.check import check_paths, kit_for, lesson_files
from hellenes_nb.lessons.runner import lessons_dir


def _kit(game: str):
    return next(p.lessons for p in plugins() if p.ruleset.name == game)


def test_every_packaged_lesson_names_its_game_and_goes_to_its_kit():
    from hellenes_nb.lessons.check import declared_game

    files = lesson_files([lessons_dir()])
    games = {f.stem: declared_game(f) for f in files}
    assert games["xerxes-480-479"] == "earth-water" and games["pylos-425"] == "hellenes"
    assert set(games.values()) == {"hellenes", "earth-water", "amphipolis", "athens-sparta"}
    for f in files:
        assert kit_for(f) is _kit(games[f.stem]), f


def test_the_game_line_chooses_the_kit_not_the_first_line(tmp_path):
    path = tmp_path / "persian.yaml"
    path.write_text("format: lesson 1\nid: persian\ngame: earth-water\ntitle: A lesson\n"
                    "period: '480 BC'\nsteps: []\n")
    assert kit_for(path) is _kit("earth-water")
    _files, problems = check_paths([path])
    said = [str(p) for p in problems]
    # the Earth & Water reader's words (a Hellenes position needs a scenario, a year...)
    assert f"{path}: missing the required field 'position'" in said
    assert not any("scenario" in p or "season" in p for p in said), said


def test_a_game_nobody_registered_is_one_problem_in_words(tmp_path):
    path = tmp_path / "chess.yaml"
    path.write_text("format: hellenes-lesson 1\ngame: chess\nid: chess\n")
    run = subprocess.run([sys.executable, "-m", "hellenes_nb.cli", "lesson", "check", str(path)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert "names the game 'chess'" in run.stderr and "earth-water" in run.stderr
    assert "1 problem in 1 file" in run.stderr


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a named pipe")
def test_the_game_line_is_read_from_regular_files_only(tmp_path):
    from hellenes_nb.lessons.check import declared_game

    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)
    assert declared_game(pipe) is None  # not opened for reading: nothing waits on a writer
    assert declared_game(tmp_path) is None and declared_game(Path("/no/such.yaml")) is None
    quoted = tmp_path / "q.yaml"
    quoted.write_bytes(b"\xef\xbb\xbfformat: x\ngame: 'earth-water'  # the game\n")
    assert declared_game(quoted) == "earth-water"
