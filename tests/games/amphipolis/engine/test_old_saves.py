"""A save made before the player chose his reinforcements and the targets of S9 and S18
still loads: the file ``data/old_save_10_4.json.gz`` was written by the engine of commit
d77e8b6 (random play of the campaign 10.4 to turn 8, seed 0, with S9, S15 three times and
S18 played, and one 'P or A' reinforcement that found no P left)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from hellenes_nb.core.game import Game

OLD = Path(__file__).parent / "data" / "old_save_10_4.json.gz"


@pytest.mark.rule("10.4")
def test_a_save_made_before_the_choices_loads_and_reaches_its_own_position():
    text = gzip.decompress(OLD.read_bytes()).decode()
    saved = json.loads(text)
    game = Game.from_json(text)
    assert game.state.turn == saved["state"]["turn"] == 8
    # the engine's old picks were put in where the rules now ask
    asked = [m for m in game.history if m["type"] in ("arrive", "bring")]
    assert asked and len(game.history) == len(saved["history"]) + len(asked)
    assert all(m["type"] not in ("arrive", "bring") for m in saved["history"])
    # and the game saved again loads as a new save, unchanged
    again = Game.from_json(game.to_json())
    assert again.to_json() == game.to_json()


@pytest.mark.rule("7")
def test_a_save_with_s16_made_before_the_player_picked_its_units_loads():
    """``old_save_10_2_s16.json.gz``: 10.2 by the engine of d77e8b6, seed 2, turn 6, Sparta
    played S16 once (three allied units, the engine's pick then)."""
    text = gzip.decompress((OLD.parent / "old_save_10_2_s16.json.gz").read_bytes()).decode()
    saved = json.loads(text)
    game = Game.from_json(text)
    assert [m["type"] for m in game.history if m["type"] in ("bring", "enough")] == \
        ["bring"] * 3
    assert len(game.history) == len(saved["history"]) + 3
