"""Random self-play on the packaged scenarios and the ``selfplay`` command's JSON summary."""

from __future__ import annotations

import argparse
import json

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
