"""Hostile command lines: every ``hellenes`` subcommand refuses bad arguments up front with
argparse's usage line and a plain-words error, exit code 2, no traceback (issue 14 item 9;
docs/security.md, "Hostile files and arguments").

The CLI runs in a subprocess with a timeout, as a user would run it. ``hellenes odds`` checks
its own inputs (tests/odds). ``--workers`` is lowered to the games and the cores, never
trusted: ``--games 1 --workers 1000000`` used to fork thousands of processes.
"""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import pytest
from support.paths import LESSONS

from hellenes_nb import batch, selfplay
from hellenes_nb.batch import worker_count
from hellenes_nb.bots import match
from hellenes_nb.bots.match import MAX_ITERATIONS, MAX_SECONDS
from hellenes_nb.cliargs import MAX_GAMES, MAX_SEED
from hellenes_nb.core.catalog import scenario_ids
from hellenes_nb.core.echo import ECHO

#: a hang guard, not a speed target: each of these returns in well under a second
HANG = 30
#: the refusal lists every registered game's scenarios, sorted (the catalogue's own list)
SCENARIOS = "choose one of " + ", ".join(sorted(scenario_ids()))


def hellenes(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hellenes_nb.cli", *args], capture_output=True,
                          text=True, timeout=HANG, cwd=cwd, stdin=subprocess.DEVNULL)


#: (arguments, text the error must contain)
BAD = [
    ((), "the following arguments are required: command"),
    (("nope",), "invalid choice: 'nope'"),
    (("data",), "the following arguments are required: data_command"),
    (("data", "check", "--folder", "/no/such/folder"), "the folder '/no/such/folder' does not "
                                                         "exist"),
    (("data", "check", "--folder", "/dev/null"), "'/dev/null' is not a folder"),
    (("data", "show", "nope"), "invalid choice: 'nope'"),
    (("data", "show", "areas", "--rows", "0"), "argument --rows: expected 1 or more, not 0"),
    (("data", "show", "areas", "--rows", "lots"), "expected a whole number, not 'lots'"),
    (("map", "--scenario", "nope"), f"unknown scenario 'nope': {SCENARIOS}"),
    (("map", "--width", "nan"), "argument --width: expected a number from 50 to 20000, not nan"),
    (("map", "--width", "-1"), "expected a number from 50 to 20000, not -1"),
    (("map", "--width", "1e9"), "expected a number from 50 to 20000, not 1e9"),
    (("map", "--width", "wide"), "argument --width: expected a number, not 'wide'"),
    (("selfplay", "--scenario", "nope"), f"argument --scenario: unknown scenario 'nope': "
                                         f"{SCENARIOS}"),
    (("selfplay", "--games", "0"), "argument --games: expected 1 or more, not 0"),
    (("selfplay", "--games", str(MAX_GAMES + 1)), f"expected at most {MAX_GAMES:,}"),
    (("selfplay", "--games", "1.5"), "expected a whole number, not '1.5'"),
    (("selfplay", "--seed", "-1"), "argument --seed: expected 0 or more, not -1"),
    (("selfplay", "--seed", str(MAX_SEED + 1)), f"expected at most {MAX_SEED:,}"),
    (("selfplay", "--seed", "9" * 5000), "not a 5000-character value"),
    (("selfplay", "--max-decisions", "0"), "argument --max-decisions: expected 1 or more"),
    (("selfplay", "--workers", "0"), "argument --workers: expected 1 or more, not 0"),
    (("selfplay", "--workers", "many"), "expected a whole number, not 'many'"),
    (("selfplay", "--policy", "nope"), "invalid choice: 'nope'"),
    (("lesson",), "the following arguments are required: lesson_command"),
    (("lesson", "check", "--seeds", "-1"), "argument --seeds: expected 0 or more, not -1"),
    (("lesson", "check", "--seeds", "99999999999"), "expected at most 1,000"),
    (("lesson", "show"), "the following arguments are required: lesson"),
    (("lesson", "list", "extra"), "unrecognized arguments: extra"),
    (("match", "--scenario", "nope"), f"unknown scenario 'nope': {SCENARIOS}"),
    (("match", "--a", "nope"), "argument --a: invalid choice: 'nope'"),
    (("match", "--games", "0"), "argument --games: expected 1 or more, not 0"),
    (("match", "--seed", "-2"), "argument --seed: expected 0 or more, not -2"),
    (("match", "--workers", "0"), "argument --workers: expected 1 or more, not 0"),
    (("match", "--max-decisions", "-1"), "argument --max-decisions: expected 1 or more"),
    # issue 26 item 10: the thinking budget is bounded, NaN and infinity refused
    (("match", "--a", "search", "--iterations", "1000000000", "--seconds", "0"),
     f"argument --iterations: expected at most {MAX_ITERATIONS:,}, not 1,000,000,000"),
    (("match", "--iterations", "0"), "argument --iterations: expected 1 or more, not 0"),
    (("match", "--iterations", "1e3"), "argument --iterations: expected a whole number"),
    (("match", "--seconds", "nan"), "argument --seconds: expected a number from 0 to 60, "
                                    "not nan"),
    (("match", "--seconds", "inf"), "expected a number from 0 to 60, not inf"),
    (("match", "--seconds", "-1"), "expected a number from 0 to 60, not -1"),
    (("match", "--seconds", "1e9"), "expected a number from 0 to 60, not 1e9"),
    (("match", "--seconds", "soon"), "argument --seconds: expected a number, not 'soon'"),
]


@pytest.mark.parametrize(("args", "text"), BAD, ids=[" ".join(a)[:40] or "none" for a, _ in BAD])
def test_bad_arguments_are_a_plain_usage_error(args, text):
    run = hellenes(*args)
    assert run.returncode == 2, (run.returncode, run.stderr)
    assert "Traceback" not in run.stderr
    assert run.stderr.startswith("usage: hellenes"), run.stderr
    assert "error: " in run.stderr and text in run.stderr, run.stderr
    assert run.stdout == ""


@pytest.mark.parametrize("value", ["9" * 5000, "z" * 5000])
def test_a_long_number_is_echoed_for_at_most_80_characters(value):
    run = hellenes("match", "--seconds", value)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "argument --seconds: expected a number" in run.stderr
    assert value[:ECHO + 1] not in run.stderr and value[:30] in run.stderr


def test_a_time_limit_of_0_is_no_limit_and_the_iterations_bound_each_decision():
    """``--seconds 0`` plays on the rollouts alone (and so replays exactly), which
    ``--iterations`` (at most MAX_ITERATIONS) bounds: the match answers."""
    args = ("match", "--a", "search", "--b", "random", "--scenario", "earth-water",
            "--games", "1", "--max-decisions", "6", "--iterations", "8", "--seconds", "0",
            "--no-progress", "--json", "--keep-games")
    first, second = hellenes(*args), hellenes(*args)
    assert first.returncode == 0 and "Traceback" not in first.stderr, first.stderr
    assert json.loads(first.stdout)["results"][0]["decisions"] == 6
    drop = re.compile(r'"(seconds|a_ms\w*|b_ms\w*)": [0-9.e-]+')
    assert drop.sub("", first.stdout) == drop.sub("", second.stdout)


@pytest.mark.parametrize(("budget", "words"), [
    ({"iterations": 10**9}, f"iterations is a number of rollouts a decision from 1 to "
                            f"{MAX_ITERATIONS:,}, not 1000000000"),
    ({"iterations": True}, "not True"),
    ({"seconds": math.nan}, "seconds is a thinking time a decision above 0 and at most 60 "
                            "(or None for no time limit), not nan"),
    ({"seconds": math.inf}, "not inf"),
    ({"seconds": 0}, "not 0"),
    ({"seconds": MAX_SECONDS + 1}, "not 61.0"),
    ({"seconds": "1"}, "not '1'"),
    ({"depth": 3}, "a thinking budget has 'iterations' and 'seconds', not 'depth'"),
])
def test_run_match_refuses_a_budget_out_of_bounds_before_any_game(budget, words):
    t0 = time.perf_counter()
    with pytest.raises(ValueError) as err:
        match.run_match("search", "random", 2, scenario="earth-water", budget=budget)
    assert words in str(err.value) and time.perf_counter() - t0 < HANG


def test_workers_are_lowered_to_the_games_with_a_note():
    run = hellenes("selfplay", "--games", "1", "--workers", "1000000", "--max-decisions", "3",
                   "--no-progress")
    assert run.returncode == 0 and "Traceback" not in run.stderr
    assert "note: --workers 1000000 lowered to 1 (1 game, " in run.stderr
    assert run.stdout.startswith("1 games of 431")


def test_match_workers_are_lowered_too():
    run = hellenes("match", "--games", "1", "--workers", "500", "--max-decisions", "2",
                   "--no-progress")
    assert run.returncode == 0 and "Traceback" not in run.stderr
    assert "note: --workers 500 lowered to 1" in run.stderr
    assert "on 1 worker" in run.stdout


def test_worker_count_never_exceeds_games_or_cores():
    cores = os.cpu_count() or 1
    assert worker_count(1_000_000, 1) == 1
    assert worker_count(1_000_000, 10**6) == cores
    assert worker_count(3, 10**6) == min(3, cores)


class _Pool(ProcessPoolExecutor):
    """Records the worker count asked for and plays in this process."""

    asked: list[int] = []

    def __init__(self, max_workers=None, **_):
        _Pool.asked.append(max_workers)

    def map(self, fn, *iterables, chunksize=1):
        return map(fn, *iterables)

    def __exit__(self, *exc):
        return False


@pytest.mark.parametrize("module", [selfplay, match])
def test_the_library_caps_workers_too(monkeypatch, module):
    """``run``/``run_match`` lower a huge ``workers`` before a pool is made (both play their
    games through ``batch.play_all``)."""
    _Pool.asked.clear()
    monkeypatch.setattr(batch, "ProcessPoolExecutor", _Pool)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    if module is selfplay:
        out = selfplay.run("sicily", 2, 5, max_decisions=3, workers=1_000_000)
        assert out["games"] == 2
    else:
        out = match.run_match("random", "random", 2, seed=5, scenario="sicily",
                              workers=1_000_000, max_decisions=3)
        assert out["workers"] == 2
    assert _Pool.asked == [2]


@pytest.mark.parametrize("module", [selfplay, match])
def test_an_unknown_scenario_is_one_error_not_a_crash_per_game(module):
    with pytest.raises(ValueError, match=f"unknown scenario 'nope'; {SCENARIOS}"):
        if module is selfplay:
            selfplay.run("nope", 5, 1)
        else:
            match.run_match("random", "random", 5, scenario="nope")


def test_a_data_folder_without_the_files_is_named(tmp_path):
    run = hellenes("data", "check", "--folder", str(tmp_path))
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert run.stderr.startswith("data check failed: 10 problems reading the files\n"
                                 "  nationalities.yaml: the file is missing")
    for name in ("borders.csv", "units.csv", "cards.yaml"):  # every missing file is named
        assert f"\n  {name}: the file is missing" in run.stderr


def test_map_into_a_folder_is_refused(tmp_path):
    run = hellenes("map", "--svg", str(tmp_path))
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert f"hellenes map: cannot write {tmp_path}" in run.stderr


def test_an_unknown_lesson_lists_the_lessons():
    run = hellenes("lesson", "show", "nope")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    names = ", ".join(sorted(path.stem for path in LESSONS.glob("**/*.yaml")
                             if "tutorial" not in path.parts))
    assert "pylos-425" in names and "xerxes-480-479" in names  # every game's lessons
    assert f"no lesson called 'nope'; the lessons are: {names}\n" in run.stderr
