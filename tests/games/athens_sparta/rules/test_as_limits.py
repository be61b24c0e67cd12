"""Athens & Sparta: terrain limits (§4.1 and its Terrain Effects Table): stacking where a move,
retreat or regroup ends, and hexside limits on attacks."""

from __future__ import annotations

import pytest
from support.athens_sparta_positions import at_moves

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.athens_sparta.position import Position
from hellenes_nb.games.athens_sparta.rules.afterbattle import retreat_options
from hellenes_nb.games.athens_sparta.rules.limits import stack_limit
from hellenes_nb.games.athens_sparta.state import BlockState

_moves = at_moves  # tests/support/athens_sparta_positions.py


def _move(g: Game, block: str, to: str) -> None:
    g.apply({"type": "move", "side": g.state.board.blocks[block].side, "block": block,
             "to": to})


@pytest.mark.rule("4.1")
def test_4_1_terrain_table_stacking_limits():
    w = Position("athens-sparta", 1).world
    assert stack_limit(w, w.cities["athens"].hex) == (6, 4)
    assert stack_limit(w, "0101") == (4, None)
    mountain = next(h for h, x in w.hexes.items() if x.terrain == "mountain")
    assert stack_limit(w, mountain) == (3, None)


@pytest.mark.rule("4.1")
def test_4_1_no_move_ends_where_the_side_has_four_blocks_already():
    w = Position("athens-sparta", 1).world
    sparta = w.cities["sparta"].hex  # four Spartan blocks at the start: full
    g = _moves("sparta", {})
    assert sum(1 for v in g.state.board.blocks.values() if v.where == sparta) == 4
    assert not [a for a in g.legal_actions("sparta") if a.get("to") == sparta]
    tegea = next(k for k, v in g.state.board.blocks.items() if k == "teg-h1")
    with pytest.raises(IllegalAction, match=r"stacking limit.*§4\.1"):
        _move(g, tegea, sparta)
    _move(g, "spa-h1", w.cities["tegea"].hex)  # one leaves: there is room again
    assert any(a.get("to") == sparta for a in g.legal_actions("sparta"))


@pytest.mark.rule("4.1")
def test_4_1_two_blocks_attack_across_a_clear_hexside_and_no_more():
    g = _moves("sparta", {"spa-h1": ("0100", 4), "spa-h2": ("0100", 4), "spa-h3": ("0100", 4),
                          "ath-h1": ("0101", 3)})
    _move(g, "spa-h1", "0101")
    _move(g, "spa-h2", "0101")
    assert not [a for a in g.legal_actions("sparta")
                if a.get("block") == "spa-h3" and a.get("to") == "0101"]
    with pytest.raises(IllegalAction, match=r"hexside.*full.*§4\.1"):
        _move(g, "spa-h3", "0101")


@pytest.mark.rule("5.5")
def test_5_5_a_retreat_keeps_to_the_stacking_limit():
    st = Position("athens-sparta", 5)
    for i, k in enumerate(("ath-h2", "ath-p1", "ath-c1", "ath-r1")):
        st.board.blocks[k] = BlockState("0202", 1 + i % 2, "athens")
    st.board.blocks["ath-h1"] = BlockState("0101", 3, "athens")
    st.board.blocks["spa-h1"] = BlockState("0101", 4, "sparta")
    places = retreat_options(st, "ath-h1", "0101", "sparta", {"spa-h1": "0100"})
    assert "0202" not in places and "0102" in places


@pytest.mark.rule("4.3")
def test_4_3_an_army_crossing_into_a_strait_held_by_enemy_ships_loses_a_step_and_goes_back():
    """The aid's reading (default): from Ephesus a Spartan hoplite crosses to Samos, where the
    Samian navy lies: it loses a step and stays on its side. With ``strait_ships: wait`` it
    crosses and attacks (and may not fight while the navy holds the sea, §5.41)."""
    ephesus, samos = "1608", "1508"
    place = {"spa-h1": (ephesus, 4)}
    g = _moves("sparta", place)
    assert g.state.board.blocks["samos-n"].where == samos
    _move(g, "spa-h1", samos)
    assert (g.state.board.blocks["spa-h1"].where, g.state.board.blocks["spa-h1"].steps) == \
        (ephesus, 3)
    assert samos not in g.state.stack[-1]["attacks"]
    wait = _moves("sparta", place, strait_ships="wait")
    _move(wait, "spa-h1", samos)
    assert wait.state.board.blocks["spa-h1"].where == samos
    assert wait.state.stack[-1]["attacks"] == [samos]
