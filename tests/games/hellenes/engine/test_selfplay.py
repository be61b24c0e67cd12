"""Random self-play on the packaged scenarios and the ``selfplay`` command's JSON summary."""

from __future__ import annotations

import argparse
import json

import pytest

from hellenes_nb.selfplay import add_selfplay_parser, run


def test_random_431_games_play_to_a_result_without_crashes_or_dead_ends():
    summary = run("431", 3, 11, policy="brisk")
    assert summary["crashes"] == 0 and summary["dead_ends"] == 0
    assert all(r["end"] == "game_over" for r in summary["results"])
    assert sum(sum(row.values()) for row in summary["victories"].values()) == 3
    assert summary["decisions"]["min"] > 20


def test_selfplay_command_prints_one_json_summary(capsys):
    parser = argparse.ArgumentParser()
    add_selfplay_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["selfplay", "--scenario", "sicily", "--games", "2", "--seed", "5",
                              "--json", "--fuzz"])
    assert args.func(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and len(data["results"]) == 2 and data["fuzz"] is True
    assert set(data["decisions"]) == {"mean", "min", "max"}
    assert data["ends"] == {"game_over": 2}


def test_worker_processes_play_the_same_games_in_seed_order():
    one = run("sicily", 3, 21, policy="brisk")
    two = run("sicily", 3, 21, policy="brisk", workers=2)
    assert [r["seed"] for r in two["results"]] == [21, 22, 23]
    assert two["results"] == one["results"]
    assert two["victories"] == one["victories"]


def test_bad_job_counts_are_refused_in_plain_words(capsys):
    parser = argparse.ArgumentParser()
    add_selfplay_parser(parser.add_subparsers(dest="command"))
    with pytest.raises(SystemExit):
        parser.parse_args(["selfplay", "--workers", "0"])
    assert "1 or more" in capsys.readouterr().err
    with pytest.raises(ValueError, match="workers"):
        run("sicily", 1, 1, workers=0)
