"""Athens & Sparta: sea patrols (aid "Sea Patrols"; the option sea_patrols) and where ships may
fight ashore (aid "Shore Combat"; the option shore_stop)."""

from __future__ import annotations

import random

import pytest
from support.athens_sparta_positions import at_moves

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.athens_sparta.belief import redeal
from hellenes_nb.games.athens_sparta.invariants import check_invariants
from hellenes_nb.games.athens_sparta.position import Position
from hellenes_nb.games.athens_sparta.rules.faceup import besiegers
from hellenes_nb.games.athens_sparta.rules.movement import navy_reach
from hellenes_nb.games.athens_sparta.rules.seapatrol import patrol_attrition, patrolling
from hellenes_nb.games.athens_sparta.rules.strategic import control


def _moves(side: str, place: dict, mps: int = 3, **options) -> Game:
    return at_moves(side, place, mps, **options)


def _patrols(g: Game, block: str) -> list[str]:
    return [a["to"] for a in g.legal_actions(g.state.board.blocks[block].side)
            if a["type"] == "patrol" and a["block"] == block]


@pytest.mark.rule("aid")
def test_aid_sea_patrol_a_navy_patrols_open_sea_and_holds_it():
    g = _moves("athens", {})
    w = g.state.world
    spots = _patrols(g, "ath-n1")
    assert "0909" in spots  # open water off Attica, two hexes out
    # by the aid's shore rule ships stop only in ports: a patrol keeps to open sea
    assert spots and all(not w.hexes[h].land and w.city_at(h) is None for h in spots)
    label = next(a["label"] for a in g.legal_actions("athens")
                 if a["type"] == "patrol" and a["to"] == "0909")
    assert "patrol" in label
    g.apply({"type": "patrol", "side": "athens", "block": "ath-n1", "to": "0909"})
    assert patrolling(g.state) == {"ath-n1": "0909"}
    assert control(w, g.state.board, "0909", "sea") == "athens"
    sparta_log = [e.get("public", e["text"]) for e in g.view("sparta")["log"]]
    assert any("navy goes on patrol at 0909" in t for t in sparta_log)
    assert not any("ath-n1" in t for t in sparta_log)  # which navy is not told
    # an enemy navy meeting the patrol stops and fights it (the patrol defends)
    reach = {h: r for (h, _), r in navy_reach(w, g.state.board, "cor-n2").items()}
    assert reach["0909"].attack and reach["0909"].stop


@pytest.mark.rule("aid")
def test_aid_sea_patrol_moving_again_ends_the_patrol():
    g = _moves("athens", {"ath-n1": ("0909", 3)})
    g.state.patrols = (("ath-n1", "0909"),)
    athens = g.state.world.cities["athens"].hex
    g.apply({"type": "move", "side": "athens", "block": "ath-n1", "to": athens})
    assert patrolling(g.state) == {}
    assert g.state.patrols == ()


@pytest.mark.rule("6.0")
def test_6_0_aid_sea_patrol_attrition_is_a_half_siege_5_plus():
    st = Position("athens-sparta", 5)
    st.board.blocks["ath-n1"].where = "0909"
    st.board.blocks["ath-n2"].where = "0910"
    st.patrols = (("ath-n1", "0909"), ("ath-n2", "0910"))
    one, two = st.board.blocks["ath-n1"].steps, st.board.blocks["ath-n2"].steps
    st.dice.force([5, 4])
    patrol_attrition(st, "athens")
    assert st.board.blocks["ath-n1"].steps == one - 1  # 5: a step lost
    assert st.board.blocks["ath-n2"].steps == two  # 4: none
    st.board.blocks["ath-n1"].steps = 1
    st.dice.force([6, 1])
    patrol_attrition(st, "athens")
    assert st.board.blocks["ath-n1"].where == "pool"  # its last step: to the pool (§8.5)
    assert patrolling(st) == {"ath-n2": "0910"}
    patrol_attrition(st, "sparta")  # the other side's turn: the Athenian patrol does not roll
    assert st.board.blocks["ath-n2"].steps == two


def test_sea_patrols_off_no_patrol_and_refused_in_words():
    g = _moves("athens", {}, sea_patrols="off")
    assert not _patrols(g, "ath-n1")
    with pytest.raises(IllegalAction, match="without sea patrols"):
        g.apply({"type": "patrol", "side": "athens", "block": "ath-n1", "to": "0909"})
    on = _moves("athens", {})
    with pytest.raises(IllegalAction, match="patrol.*without a city"):
        on.apply({"type": "patrol", "side": "athens", "block": "ath-n1",
                  "to": on.state.world.cities["megara"].hex})


@pytest.mark.rule("aid")
def test_aid_shore_combat_ships_do_not_attack_off_a_coast_without_a_port():
    # a Spartan hoplite on the coast of 0908 (Attica's south coast, no city there)
    g = _moves("athens", {"spa-h1": ("0908", 4)})
    w, b = g.state.world, g.state.board
    assert w.hexes["0908"].land and w.city_at("0908") is None
    aid = {h for (h, _), r in navy_reach(w, b, "ath-n1").items()}
    assert "0908" not in aid
    coast = {h: r for (h, _), r in navy_reach(w, b, "ath-n1", shore="any_coast").items()}
    assert coast["0908"].attack  # §4.4: navies may fight in any coastal hex
    moves = {a["to"] for a in g.legal_actions("athens") if a.get("block") == "ath-n1"
             and a["type"] == "move"}
    assert "0908" not in moves
    g2 = _moves("athens", {"spa-h1": ("0908", 4)}, shore_stop="any_coast")
    assert "0908" in {a["to"] for a in g2.legal_actions("athens")
                      if a.get("block") == "ath-n1" and a["type"] == "move"}


@pytest.mark.rule("aid")
def test_aid_sea_patrol_stands_face_up_and_the_sampler_leaves_it_where_it_is():
    """A navy on patrol is left face up (aid "Sea Patrols"): the other side sees which navy
    and its strength; the other navies stay face down, and a search's belief does not draw the
    patrol again."""
    g = _moves("athens", {})
    g.apply({"type": "patrol", "side": "athens", "block": "ath-n1", "to": "0909"})
    sieges = besiegers(g.state)  # Potidaea's besiegers stand face up too (aid "Sieges")
    seen = [b for b in g.view("sparta")["blocks"] if b["side"] == "athens"
            and b.get("id") not in sieges]
    up = [b for b in seen if "id" in b]
    assert [(b["id"], b["where"], b["steps"]) for b in up] == [
        ("ath-n1", "0909", g.state.board.blocks["ath-n1"].steps)]
    assert all(b == {"side": "athens", "where": b["where"], "face_down": True}
               for b in seen if b not in up)
    check_invariants(g)  # the face-up patrol is no leak
    later = _moves("sparta", {"ath-n1": ("0909", 3)})  # a patrol from an earlier turn
    later.state.patrols = (("ath-n1", "0909"),)
    for seed in range(8):
        drawn = redeal(later.state, "sparta", random.Random(seed), blocks=True)
        assert drawn.board.blocks["ath-n1"] == later.state.board.blocks["ath-n1"]
    g.state.board.blocks["ath-n1"].where = "0907"  # back in port: the patrol is over
    assert not [b for b in g.view("sparta")["blocks"] if b["side"] == "athens" and "id" in b
                and b["id"] not in sieges]
