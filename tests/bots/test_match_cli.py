"""``hellenes match`` speaks the notebooks' levels (issue 28 item 9): ``--a hard --b normal``
plays the bots behind those levels in the scenario's game, the summary names both the level
and the bot, and every figure carries its unit (games, %, ms, seconds)."""

from __future__ import annotations

import json
import re

import pytest

from hellenes_nb.bots.cli import _bot_of
from hellenes_nb.cli import main

#: one short game, cut after 20 decisions, the search with 2 rollouts a decision
SHORT = ["--games", "1", "--max-decisions", "20", "--iterations", "2", "--seconds", "0",
         "--no-progress"]


def test_the_levels_are_the_bots_behind_them_in_each_game():
    assert _bot_of("hard", "431") == ("search", "hard")
    assert _bot_of("normal", "earth-water") == ("heuristic", "normal")
    assert _bot_of("hard", "amphipolis-10.2") == ("search", "hard")  # its own search
    assert _bot_of("random", "431") == ("random", None)


def test_match_takes_the_levels_and_names_them(capsys):
    assert main(["match", "--a", "hard", "--b", "normal", *SHORT, "--json"]) == 0
    s = json.loads(capsys.readouterr().out)
    assert (s["a"], s["a_level"], s["b"], s["b_level"]) == ("search", "hard", "heuristic",
                                                           "normal")
    assert s["games"] == 1


def test_the_printed_summary_has_units(capsys):
    assert main(["match", "--a", "easy", "--b", "hard", *SHORT]) == 0
    out = capsys.readouterr().out
    assert out.startswith("easy (easy) vs hard (search), scenario 431, 1 game (")
    assert re.search(r"easy \(easy\): no games won, 0 drawn, 0 lost, 1 unfinished", out)
    assert "  as Athens: 0 of 1 game won" in out and "  as Sparta: 0 of 0 games won" in out
    assert "endings: decision_limit 1 game" in out
    assert re.search(r"thinks [\d.]+ ms a decision \(median game\), [\d.]+ ms median and "
                     r"[\d.]+ ms p95 over its decisions; [\d.]+ seconds in all on 1 worker", out)


def test_a_name_that_is_neither_a_level_nor_a_bot_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as end:
        main(["match", "--a", "alexander"])
    assert end.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'alexander'" in err and "'easy', 'normal', 'hard'" in err
