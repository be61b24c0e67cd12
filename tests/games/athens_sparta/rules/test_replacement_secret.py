"""Athens & Sparta: the Replacement Phase is simultaneous (§8.0). What one side builds,
reinforces or disbands stays hidden from the other side (its view, its log, its legal choices,
the readable part of a sealed save, which is the view) until both have finished; then the new
blocks stand on the map face down and one public line per side says where blocks came and went."""

from __future__ import annotations

import pytest

from hellenes_nb.core.game import Game
from hellenes_nb.games.athens_sparta.position import Position
from hellenes_nb.games.athens_sparta.rules.replacement import phase_frame
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA
from hellenes_nb.games.athens_sparta.state import BlockState

ATHENS, NAUPACTUS = "0907", "0506"


def _phase(seed: int = 5) -> Game:
    st = Position("athens-sparta", seed)
    b = st.board
    b.blocks["ath-h1"] = BlockState(ATHENS, 1, "athens")  # a damaged block at home
    b.blocks["ath-h2"] = BlockState(NAUPACTUS, 2, "athens")  # a block to disband
    b.blocks["ath-p1"] = BlockState("pool", 0, "athens")  # a pool block to build
    st.stack = [phase_frame(st)]
    return Game(ATHENS_SPARTA, st, seed)


#: what Athens might do first, each finished by end_replacements
ATHENS_CHOICES = {
    "nothing": [],
    "the plan": [{"type": "build_plan", "side": "athens"}],
    "by hand": [{"type": "disband", "side": "athens", "block": "ath-h2"},
                {"type": "build", "side": "athens", "block": "ath-p1", "city": "athens"},
                {"type": "reinforce", "side": "athens", "block": "ath-h1"},
                {"type": "reinforce", "side": "athens", "block": "ath-p1"}],
}


def _sparta_sees(choices: list[dict]) -> tuple:
    g = _phase()
    for a in choices:
        g.apply(a)
    if not any(a["type"] == "build_plan" for a in choices):
        g.apply({"type": "end_replacements", "side": "athens"})
    assert g.state.stack[-1]["waiting"] == ["sparta"]
    return g, g.view("sparta"), g.legal_actions("sparta"), g.log_for("sparta")


@pytest.mark.rule("8.0")
def test_8_0_the_second_side_sees_the_same_whatever_the_first_side_built():
    seen = {name: _sparta_sees(c) for name, c in ATHENS_CHOICES.items()}
    boards = {name: g.state.board.blocks["ath-p1"] for name, (g, *_rest) in seen.items()}
    assert boards["nothing"] != boards["by hand"]  # Athens did build, on the real board
    first = seen["nothing"][1:]
    for name, (_g, view, legal, log) in seen.items():
        assert view == first[0], name
        assert legal == first[1], name
        assert log == first[2], name
    assert "athens has finished its replacements" in [e["text"] for e in first[2]]


@pytest.mark.rule("8.0")
def test_8_0_athens_sees_its_own_choices_at_once():
    g, *_ = _sparta_sees(ATHENS_CHOICES["by hand"])
    mine = {b["id"]: b for b in g.view("athens")["blocks"] if b.get("id")}
    assert mine["ath-p1"]["where"] == ATHENS and mine["ath-p1"]["steps"] == 2
    assert mine["ath-h2"]["where"] == "pool"
    texts = [e["text"] for e in g.log_for("athens")]
    assert any("builds" in t and "Athens" in t for t in texts)


@pytest.mark.rule("8.0")
def test_8_0_when_both_have_finished_the_new_blocks_stand_face_down_and_are_told():
    g, before, *_ = _sparta_sees(ATHENS_CHOICES["by hand"])
    start = len(g.state.log)
    g.apply({"type": "end_replacements", "side": "sparta"})
    view = g.view("sparta")

    def count(v: dict, where: str) -> int:
        return sum(b["side"] == "athens" and b["where"] == where for b in v["blocks"])

    assert count(view, ATHENS) == count(before, ATHENS) + 1  # ath-p1 came
    assert count(view, NAUPACTUS) == count(before, NAUPACTUS) - 1  # ath-h2 left
    at_athens = [b for b in view["blocks"] if b["side"] == "athens" and b["where"] == ATHENS]
    assert at_athens and all(b == {"side": "athens", "where": ATHENS, "face_down": True}
                             for b in at_athens)
    told = [e["text"] for e in g.log_for("sparta", start) if e["kind"] == "build"]
    assert "athens's replacements are shown: new blocks at Athens; blocks gone from " \
           "Naupactus" in told
    assert not any("step" in t for t in told)  # the steps added stay secret

