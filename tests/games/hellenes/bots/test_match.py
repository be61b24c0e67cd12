"""The strength match: Wilson intervals, alternated sides, the command line, and a short match
the heuristic bot must win."""

from __future__ import annotations

import argparse
import json

import pytest

from hellenes_nb.bots.cli import add_match_parser, format_summary
from hellenes_nb.bots.match import run_match, summarize, wilson


def test_wilson_interval_matches_known_values():
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson(200, 200)
    assert lo == pytest.approx(0.9812, abs=1e-4) and hi == pytest.approx(1.0)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_short_match_heuristic_beats_random_from_both_sides():
    s = run_match("heuristic", "random", 10, seed=500)
    assert s["games"] == 10
    assert [r["a_side"] for r in s["results"]] == ["athens", "sparta"] * 5
    assert s["as_athens"]["games"] == s["as_sparta"]["games"] == 5
    assert s["wins"] >= 8, format_summary(s)
    assert s["unfinished"] == 0
    assert s["wins"] + s["draws"] + s["losses"] == 10
    assert s["score_rate"] == (s["wins"] + s["draws"] / 2) / 10
    assert "(a draw counted as half a win)" in format_summary(s)


def test_the_score_counts_a_draw_as_half_a_win():
    results = [{"result": r, "a_side": side, "decisions": 10, "how": "x",
                "a_ms_per_decision": 1.0, "a_ms": [1.0]}
               for r, side in (("win", "athens"), ("draw", "sparta"), ("draw", "athens"),
                               ("loss", "sparta"))]
    s = summarize("a", "b", "431", 1, results, 1.0)
    assert s["win_rate"] == 0.25 and s["score_rate"] == 0.5
    assert s["as_athens"]["score_rate"] == 0.75 and s["as_sparta"]["score_rate"] == 0.25


def test_match_refuses_bad_arguments_in_words():
    with pytest.raises(ValueError, match="at least one game"):
        run_match("heuristic", "random", 0)
    with pytest.raises(ValueError, match="unknown bot"):
        run_match("alexander", "random", 1)


def _parse(argv):
    parser = argparse.ArgumentParser(prog="hellenes")
    add_match_parser(parser.add_subparsers(dest="command", required=True))
    return parser.parse_args(argv)


def test_match_command_prints_json(capsys):
    args = _parse(["match", "--a", "heuristic", "--b", "random", "--games", "2", "--seed", "3",
                   "--scenario", "431", "--json"])
    assert args.func(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and "wilson95" in out and out["results"] == []
    assert out["result_type"].startswith("full games")


def test_match_command_rejects_an_unknown_scenario(capsys):
    with pytest.raises(SystemExit):
        _parse(["match", "--scenario", "404"])
    assert "unknown scenario '404'" in capsys.readouterr().err
