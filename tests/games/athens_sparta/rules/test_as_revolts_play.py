"""Athens & Sparta: revolts as a Move Phase action (§7.0) and the Helot revolt (§7.1), played
through the game with forced dice."""

from __future__ import annotations

import pytest

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.athens_sparta.position import Position
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA
from hellenes_nb.games.athens_sparta.state import BlockState

END = {"kind": "over", "winner": None, "how": "test", "text": "end of the test"}


def _athens_moves(mps: int, empty: tuple = (), faces=()) -> Game:
    st = Position("athens-sparta", 9)
    for k, v in st.board.blocks.items():
        if v.where in empty:
            st.board.blocks[k] = BlockState("pool", 0, v.side)
    st.dice.force(list(faces))
    st.stack = [dict(END), {"kind": "battles", "side": "athens", "attacks": [], "from": {},
                            "crossed": [], "done": []},
                {"kind": "ops", "side": "athens", "mps": mps, "storm": False, "moved": [],
                 "from": {}, "crossed": [], "attacks": [], "sides": {}}]
    return Game(ATHENS_SPARTA, st, 9)


@pytest.mark.rule("7.0")
def test_7_0_a_revolt_in_a_vacant_enemy_major_city_wins_at_once():
    g = _athens_moves(3, empty=("0408",))  # Elis (2 points) left empty
    offered = [a for a in g.legal_actions("athens") if a["type"] == "revolt"]
    assert {(a["city"], a["mps"]) for a in offered} >= {("elis", 1), ("elis", 3)}
    assert not any(a["city"] in ("sparta", "athens", "argos") for a in offered)
    g.apply({"type": "revolt", "side": "athens", "city": "elis", "mps": 2})
    assert g.state.board.control["elis"] == "athens"
    assert (g.state.board.blocks["demos"].where, g.state.board.blocks["demos"].steps) == \
        ("0408", 2)
    assert g.prompt.kind == "ops" and g.view("athens")["prompt"]["mps"] == 1


@pytest.mark.rule("7.0")
def test_7_0_revolts_refused_in_words():
    g = _athens_moves(2)
    for action, words in (
            ({"city": "sparta", "mps": 1}, r"never revolts.*§7\.0"),
            ({"city": "chios", "mps": 1}, r"not an enemy city.*§7\.0"),
            ({"city": "corinth", "mps": 3}, r"3 MP needs that many MPs; 2 are left.*§7\.0")):
        with pytest.raises(IllegalAction, match=words):
            g.apply({"type": "revolt", "side": "athens", **action})
    with pytest.raises(IllegalAction, match=r"3 MP needs that many MPs; 2 are left.*§7\.0"):
        g.apply({"type": "helot_revolt", "side": "athens", "mps": 3})


@pytest.mark.rule("7.1")
def test_7_1_the_helots_fight_at_messene_cannot_retreat_and_fall_if_defenders_remain():
    """Athens raises the Helots (A2) at 3 steps against Messene's hoplite 2B2; every die
    misses, so a defender is left after round 2 and the Helots are eliminated; they cannot
    rise again this Olympiad."""
    g = _athens_moves(4, faces=[6] * 40)
    g.apply({"type": "helot_revolt", "side": "athens", "mps": 3})
    assert g.state.board.blocks["helots"].where == "0509"
    g.apply({"type": "end_moves", "side": "athens"})
    assert g.prompt.kind == "battles"  # Messene, or storm Potidaea
    g.apply({"type": "battle", "side": "athens", "hex": "0509"})
    while g.prompt.kind == "battle":
        pending = g.state.stack[-1]["pending"]
        assert not (pending["block"] == "helots" and "retreat" in pending["options"])
        choice = "fire" if "fire" in pending["options"] else pending["options"][0]
        g.apply({"type": "combat", "side": pending["owner"], "block": pending["block"],
                 "choice": choice})
    assert g.state.board.blocks["helots"].where == "pool"
    assert g.state.board.control["messene"] == "sparta"
    assert ["athens", "helots"] in g.state.revolts


@pytest.mark.rule("9.5")
def test_9_5_a_former_neutral_city_taken_turns_its_blocks_to_the_taker():
    from hellenes_nb.games.athens_sparta.rules.revolts import attack_neutral, change_hands

    st = Position("athens-sparta", 9)
    attack_neutral(st.world, st.board, "athens", "argos")  # Argos joins Sparta
    assert st.board.blocks["arg-h1"].side == "sparta"
    st.board.blocks["arg-h1"] = BlockState("0101", 3, "sparta")  # out in the field
    changed = change_hands(st.world, st.board, "argos", "athens")
    assert changed == ["arg-h1"]
    assert (st.board.blocks["arg-h1"].side, st.board.blocks["arg-h1"].steps) == ("athens", 3)
