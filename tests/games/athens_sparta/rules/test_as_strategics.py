"""Athens & Sparta: the Hellespont (§9.1) and the Persian alliance (§9.3) in play."""

from __future__ import annotations

import pytest

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.athens_sparta.position import Position
from hellenes_nb.games.athens_sparta.rules.movement import army_reach
from hellenes_nb.games.athens_sparta.rules.sequence import replacements
from hellenes_nb.games.athens_sparta.rules.strategics import persia_check
from hellenes_nb.games.athens_sparta.rules.victory import victory_points
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA
from hellenes_nb.games.athens_sparta.state import BlockState

END = {"kind": "over", "winner": None, "how": "test", "text": "end of the test"}
ABYDOS, ATHENS, MILETUS = "1402", "0907", "1609"


def _sparta_moves(g: Game) -> list[dict]:
    from hellenes_nb.games.athens_sparta.rules.operations import moves_of

    return moves_of(g.state, "sparta", "spa-h1")


def _game(st: Position, frame: dict) -> Game:
    st.stack = [dict(END), frame]
    return Game(ATHENS_SPARTA, st, 2)


@pytest.mark.rule("9.1")
def test_9_1_spartan_ships_at_abydos_cost_athens_a_block_at_the_end_of_its_turn():
    st = Position("athens-sparta", 2)
    in_athens = sorted(k for k, v in st.board.blocks.items() if v.where == ATHENS)
    st.board.blocks["spa-n1"] = BlockState(ABYDOS, 3, "sparta")
    g = _game(st, {"kind": "grain", "side": "athens"})
    assert g.prompt.kind == "grain" and g.prompt.side == "athens"
    assert sorted(a["block"] for a in g.legal_actions("athens")) == in_athens
    with pytest.raises(IllegalAction, match=r"one of those in Athens.*§9\.1"):
        g.apply({"type": "grain_loss", "side": "athens", "block": "chios-n"})
    g.apply({"type": "grain_loss", "side": "athens", "block": "ath-p1"})
    assert g.state.board.blocks["ath-p1"].where == "pool" and g.over


@pytest.mark.rule("9.1")
def test_9_1_no_loss_while_athens_keeps_a_ship_at_abydos_too():
    st = Position("athens-sparta", 2)
    st.board.blocks["spa-n1"] = BlockState(ABYDOS, 3, "sparta")
    st.board.blocks["samos-n"] = BlockState(ABYDOS, 2, "athens")
    before = {k: v.where for k, v in st.board.blocks.items()}
    g = _game(st, {"kind": "grain", "side": "athens"})
    assert g.over and {k: v.where for k, v in g.state.board.blocks.items()} == before


@pytest.mark.rule("9.3")
def test_9_3_sparta_holding_miletus_may_take_persias_support_until_athens_retakes_it():
    st = Position("athens-sparta", 2)
    st.board.control["miletus"] = "sparta"
    for k, v in st.board.blocks.items():
        if v.where == MILETUS:
            st.board.blocks[k] = BlockState("pool", 0, v.side)
    st.stack = [dict(END)]
    persia_check(st)
    g = Game(ATHENS_SPARTA, st, 2)
    assert g.prompt.kind == "persia" and g.prompt.side == "sparta"
    points = victory_points(g.state.board, g.state.world)["sparta"]
    g.apply({"type": "ally_persia", "side": "sparta"})
    board = g.state.board
    assert board.persia == "allied"
    assert g.view("athens")["persia"] == "allied"
    assert g.view("athens")["points"]["sparta"] == points - 2  # Miletus lost for victory
    board.blocks["spa-h1"] = BlockState(MILETUS, 4, "sparta")
    persian = {h for h in army_reach(g.state.world, board, "spa-h1", persian_alliance=True)
               if g.state.world.hexes[h].persia}
    assert persian and not persian & set(army_reach(g.state.world, board, "spa-h1"))
    assert any(a.get("to") in persian for a in _sparta_moves(g))  # the game passes it on
    repaired = {}
    for persia in ("none", "allied"):  # navies at 1 BP a step (§9.3) repair more
        other = g.state.clone()
        other.board.persia = persia
        for k in ("cor-n1", "cor-n2"):
            other.board.blocks[k] = BlockState(other.world.cities["corinth"].hex, 1, "sparta")
        replacements(other, "sparta")
        repaired[persia] = sum(other.board.blocks[k].steps for k in ("cor-n1", "cor-n2"))
    assert repaired["allied"] > repaired["none"]
    board.control["miletus"] = "athens"
    persia_check(g.state)
    assert board.persia == "ended"
