"""Season-long event effects enforced by the action phase (§3.1): Earthquake stops moves,
musters and pillage; Augury stops engaging; No Quarter stops Athenian E2 recruits."""

from __future__ import annotations

import pytest
from support.hellenes_year_end_positions import U, action_game, board

from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.hellenes.rules import cards
from hellenes_nb.games.hellenes.rules.actions.building import recruit_barred

NO_QUARTER = 52


@pytest.mark.rule("3.1")
def test_earthquake_bars_group_moves_and_musters_for_the_season():
    s = board({"S1": ("laconia", 3)})
    game = action_game(s, "sparta", 2)
    game.state.flags["earthquake:sparta"] = cards.season_code(game.state)
    types = {a["type"] for a in game.legal_actions()}
    assert "move_group" not in types and "muster" not in types and "build" in types
    with pytest.raises(IllegalAction, match="Earthquake"):
        game.apply({"type": "move_group", "side": "sparta", "area": "laconia"})


@pytest.mark.rule("3.1")
def test_augury_bars_engaging_but_not_moving():
    s = board({"S1": ("arcadia", 3), "A41": ("argolis", 2)}, scenario="413")
    game = action_game(s, "sparta", 1)
    game.state.flags["augury:sparta"] = cards.season_code(game.state)
    game.apply({"type": "move_group", "side": "sparta", "area": "arcadia"})
    paths = [a["path"] for a in game.legal_actions() if a["type"] == "move"]
    assert ["laconia"] in paths and not any(p[-1] == "argolis" for p in paths)
    with pytest.raises(IllegalAction, match="cannot engage"):
        game.apply({"type": "move", "side": "sparta", "unit": "S1", "path": ["argolis"]})


@pytest.mark.rule("3.1")
def test_no_quarter_bars_athenian_e2_fleet_recruits():
    s = board({})
    assert recruit_barred(s, U("A9")) is None
    s.in_play.append([NO_QUARTER, 1])
    assert "No Quarter" in recruit_barred(s, U("A9"))
    assert recruit_barred(s, U("A12")) is None  # an ordinary F2 squadron
