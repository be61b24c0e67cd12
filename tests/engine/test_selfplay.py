"""Random self-play on the packaged 431 scenario and the ``selfplay`` command's JSON summary."""

from __future__ import annotations

import argparse
import json

from hellenes_nb.selfplay import NOTE, add_selfplay_parser, run


def test_random_431_games_stop_at_winter_without_crashes_or_dead_ends():
    summary = run("431", 3, 11)
    assert summary["crashes"] == 0 and summary["dead_ends"] == 0
    assert all(r["end"] == "stopped" for r in summary["results"])
    assert all(r["season"] == 5 and r["year"] == 431 for r in summary["results"])
    assert summary["decisions"]["min"] > 20


def test_selfplay_command_prints_one_json_summary(capsys):
    parser = argparse.ArgumentParser()
    add_selfplay_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["selfplay", "--games", "2", "--seed", "5", "--json"])
    assert args.func(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and len(data["results"]) == 2
    assert set(data["decisions"]) == {"mean", "min", "max"}
    assert data["note"] == NOTE and "engine II" in data["note"]
