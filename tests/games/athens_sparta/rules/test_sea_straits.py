"""Athens & Sparta: sea control in straits for moves (§4.2, §4.3; aid "Straits", "Sea
Control"): an army does not cross a strait out of a straits hex whose sea the enemy holds,
nor retreat across it."""

from __future__ import annotations

import pytest

from hellenes_nb.games.athens_sparta.position import Position
from hellenes_nb.games.athens_sparta.rules.afterbattle import retreat_options
from hellenes_nb.games.athens_sparta.rules.facts import facts
from hellenes_nb.games.athens_sparta.rules.movement import army_reach
from hellenes_nb.games.athens_sparta.state import BlockState, State
from hellenes_nb.games.athens_sparta.world import load_world

W = load_world()
CHIOS = W.cities["chios"].hex  # 1306, its strait to 1406 and 1407 on the Asian shore


def _chios(*navies: tuple[str, str]) -> State:
    """Athenian hoplites besieging a Spartan-held Chios, with the navies given there."""
    control = {c.id: c.colour for c in W.cities.values() if c.kind == "city"}
    control["chios"] = "sparta"
    blocks = {"ath-h1": BlockState(CHIOS, 4, "athens")}
    for block, side in navies:
        blocks[block] = BlockState(CHIOS, 2, side)
    return State(blocks, control, besieged={"chios": "athens"})


@pytest.mark.rule("4.3")
def test_4_3_no_crossing_out_of_a_strait_whose_sea_the_enemy_holds():
    far = set(W.straits[CHIOS].far)
    assert far <= set(army_reach(W, _chios(), "ath-h1"))  # nobody holds the sea: it crosses
    held = _chios(("chios-sn", "sparta"))  # the Chian navy, shut in the city, holds the sea
    assert facts(W, held).sea_control(CHIOS) == "sparta"
    assert not far & set(army_reach(W, held, "ath-h1"))


@pytest.mark.rule("4.3")
def test_4_3_a_blockade_gives_the_sea_back_to_the_besieger():
    st = _chios(("chios-sn", "sparta"), ("ath-n1", "athens"))
    st.blockaded["chios"] = "athens"  # aid "Sea Control": the blockader holds the port's sea
    assert facts(W, st).sea_control(CHIOS) == "athens"
    assert set(W.straits[CHIOS].far) <= set(army_reach(W, st, "ath-h1"))


@pytest.mark.rule("4.3")
def test_4_3_a_navy_in_place_of_an_army_is_a_new_board_for_the_remembered_reach():
    far = set(W.straits[CHIOS].far)
    army = _chios()
    army.blocks["spa-h1"] = BlockState(CHIOS, 4, "sparta")  # a Spartan army shut in Chios
    assert far <= set(army_reach(W, army, "ath-h1"))
    navy = _chios(("spa-n1", "sparta"))  # the same sides there, but now a navy
    assert not far & set(army_reach(W, navy, "ath-h1"))


@pytest.mark.rule("4.3")
def test_4_3_no_retreat_across_a_strait_whose_sea_the_enemy_holds():
    """Athenian hoplites that crossed from 1406 to attack Chios retreat the way they came,
    unless the Chian navy holds the strait's sea: then they have nowhere to go (§5.5)."""
    st = Position("athens-sparta", 5)
    for k in list(st.board.blocks):
        if st.board.blocks[k].where == CHIOS:
            st.board.blocks[k].where = "pool"
    st.board.control["chios"] = "sparta"
    st.board.blocks["ath-h1"].where = CHIOS
    st.board.blocks["spa-h1"].where = CHIOS
    came = {"ath-h1": "1406"}
    assert retreat_options(st, "ath-h1", CHIOS, "athens", came) == ["1406"]
    st.board.blocks["chios-sn"] = BlockState(CHIOS, 2, "sparta")
    assert retreat_options(st, "ath-h1", CHIOS, "athens", came) == []
