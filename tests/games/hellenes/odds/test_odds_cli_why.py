"""``hellenes odds`` says why the defender is favoured where it is (issue 28 item 9): the
defender fires first in each letter (§6.2), in the battle board's own words."""

from __future__ import annotations

import json

import pytest
from support.paths import ROOT

from hellenes_nb.cli import main
from hellenes_nb.games.hellenes.odds.cli import DEFENDER_FIRST

BOARD = ROOT / "hellenes_nb/games/hellenes/widgets/static/battle.js"


def _odds(capsys, *args: str) -> str:
    assert main(["odds", *args]) == 0
    return capsys.readouterr().out


@pytest.mark.rule("6.2")
def test_equal_forces_the_defender_is_favoured_because_it_fires_first_in_each_letter(capsys):
    out = _odds(capsys, "--attacker", "B2:3", "--defender", "B2:3")
    assert "defender wins  85.49%" in out
    assert ("why the defender is favoured: the defender fires first in each letter (§6.2): "
            "its B blocks fire before the attacker's B blocks") in out


def test_the_words_are_the_battle_boards():
    assert f"defends ({DEFENDER_FIRST})" in BOARD.read_text()


@pytest.mark.rule("6.2")
def test_an_earlier_letter_and_the_walls_are_named_too(capsys):
    out = _odds(capsys, "--attacker", "B2:4", "--defender", "B2:3", "--assault")
    assert "the defender's A blocks fire before any attacker block" in out
    assert "double defence behind its walls (§8.11)" in out
    assert "fires first in each letter" not in out  # a city's A2 defenders share no letter


def test_no_reason_is_given_when_the_attacker_is_favoured(capsys):
    out = _odds(capsys, "--attacker", "B2:4,B2:4", "--defender", "B2:3")
    assert "attacker wins  70.28%" in out
    assert "why" not in out


def test_the_json_carries_the_reasons(capsys):
    data = json.loads(_odds(capsys, "--attacker", "B2:3", "--defender", "B2:3", "--json"))
    assert len(data["why"]) == 1 and DEFENDER_FIRST in data["why"][0]
