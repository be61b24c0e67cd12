"""The registered game of Athens & Sparta played through the core (issue 30, second slice):
the card reveal, the hidden views, the Move Phase, battles on the map, sudden death, saves."""

from __future__ import annotations

import json

import pytest

from hellenes_nb import new_game
from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.athens_sparta.rules.fighting import fight
from hellenes_nb.games.athens_sparta.rules.sequence import TurnEnd
from hellenes_nb.games.athens_sparta.state import BlockState


def _game(seed: int = 3) -> Game:
    return new_game("athens-sparta", seed=seed)


def _pick(g: Game, side: str) -> str:
    card = next(a for a in g.legal_actions(side) if a["card"] != "earthquake")
    g.apply(card)
    return card["card"]


@pytest.mark.rule("4.6")
def test_4_6_a_card_picked_first_stays_hidden_and_the_second_pick_reveals_both():
    g = _game()
    athens = _pick(g, "athens")
    assert g.can_undo  # a face-down pick shows nothing: it may be taken back
    assert athens not in str(g.view("sparta")) and athens not in str(g.log_for("sparta"))
    assert g.view("sparta")["hands"]["athens"] == {"count": 5}
    sparta = _pick(g, "sparta")
    assert not g.can_undo  # the reveal is a barrier
    assert g.view("athens")["shown"] == {"athens": athens, "sparta": sparta}
    assert g.prompt.kind == "ops"


@pytest.mark.rule("2.0")
def test_2_0_the_other_sides_blocks_stand_face_down_in_its_view():
    g = _game()
    spartan = [b for b in g.view("athens")["blocks"] if b["side"] == "sparta"]
    assert spartan and all(b == {"side": "sparta", "where": b["where"], "face_down": True}
                           for b in spartan)
    mine = [b for b in g.view("athens")["blocks"] if b["side"] == "athens"]
    assert all("id" in b and "steps" in b for b in mine)
    assert len(g.view("all")["blocks"]) > len(mine) + len(spartan) - 1


@pytest.mark.rule("4.0")
def test_4_0_each_mp_moves_one_block_once_and_a_second_move_is_refused():
    g = _game()
    _pick(g, "athens")
    _pick(g, "sparta")
    side = g.prompt.side
    mps = g.state.stack[-1]["mps"]
    move = next(a for a in g.legal_actions(side) if a["type"] == "move")
    g.apply(move)
    if mps == 1:
        assert g.state.stack[-1]["kind"] != "ops" or g.state.stack[-1]["side"] != side
        return
    assert g.state.stack[-1]["mps"] == mps - 1
    again = next(a for a in g.legal_actions(side) if a["type"] == "end_moves")
    before = g.to_json()
    with pytest.raises(IllegalAction, match="moved already"):
        g.apply({"type": "move", "side": side, "block": move["block"], "to": move["to"]})
    with pytest.raises(IllegalAction, match="no block"):
        g.apply({"type": "move", "side": side, "block": "nobody", "to": "0907"})
    assert g.to_json() == before
    g.apply(again)


@pytest.mark.rule("10.1")
def test_10_1_sudden_death_ends_the_game_at_the_end_of_a_game_turn():
    g = _game()
    st = g.state.clone()
    athens_hex = st.world.cities["athens"].hex
    for k, v in st.board.blocks.items():
        if v.where == athens_hex:
            st.board.blocks[k] = BlockState("pool", 0, v.side)
    st.board.blocks["spa-h1"] = BlockState(athens_hex, 4, "sparta")
    st.stack = [{"kind": "turn_end"}]
    TurnEnd().run(st, st.stack[-1])
    assert st.stack[-1]["kind"] == "over" and st.stack[-1]["winner"] == "sparta"


@pytest.mark.rule("5.6")
def test_5_6_a_city_whose_defenders_are_all_killed_falls_to_the_attacker():
    g = _game()
    st = g.state.clone()
    w = st.world
    thebes = w.cities["thebes"]
    for k, v in st.board.blocks.items():
        if v.where == thebes.hex:
            st.board.blocks[k] = BlockState("pool", 0, v.side)
    st.board.blocks["cor-h2"] = BlockState(thebes.hex, 1, "sparta")
    st.board.blocks["ath-h1"] = BlockState(thebes.hex, 3, "athens")
    st.dice.force([1, 1, 1, 6, 6, 6])  # Athens' B2 hoplite hits three times
    result = fight(st, thebes.hex, "athens", {}, set())
    assert result["winner"] == "attacker"
    assert st.board.blocks["cor-h2"].where == "pool"
    assert st.board.control["thebes"] == "athens"


@pytest.mark.rule("5.5")
def test_5_5_no_hex_holds_both_sides_after_a_battle_outside_a_siege():
    g = _game()
    st = g.state.clone()
    w = st.world
    hex_id = "0907"
    st.board.blocks["spa-p1"] = BlockState(hex_id, 1, "sparta")  # one step against Athens
    st.dice.force([6] * 200)  # nobody hits: the attacker must go back where it came from
    fight(st, hex_id, "sparta", {"spa-p1": w.cities["sparta"].hex}, set())
    sides = {v.side for v in st.board.blocks.values() if v.where == hex_id}
    assert sides == {"athens"}
    assert st.board.blocks["spa-p1"].where == w.cities["sparta"].hex


def test_an_open_save_replays_to_the_same_position_and_a_bad_one_is_refused():
    g = _game()
    _pick(g, "athens")
    _pick(g, "sparta")
    side = g.prompt.side
    g.apply(next(a for a in g.legal_actions(side) if a["type"] == "end_moves"))
    again = Game.from_json(g.to_json())
    assert again.to_json() == g.to_json()
    data = json.loads(g.to_json())
    data["state"]["hands"]["athens"][0] = "joker"
    with pytest.raises(ValueError, match="'joker' is not one of the 25 cards"):
        Game.from_json(json.dumps(data))
