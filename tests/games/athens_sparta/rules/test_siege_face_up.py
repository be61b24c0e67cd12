"""Besiegers and blockaders stand face up (aid "Sieges" and "Blockades": an army laying siege
and a fleet on blockade show their faces to the enemy). At the start Athens besieges and
blockades Potidaea (§3) with an army and a navy; the Spartan defenders stay face down."""

from __future__ import annotations

import random

import pytest

from hellenes_nb.core.game import Game
from hellenes_nb.games.athens_sparta.belief import redeal
from hellenes_nb.games.athens_sparta.boardsvg import board_svg
from hellenes_nb.games.athens_sparta.invariants import check_invariants
from hellenes_nb.games.athens_sparta.position import Position
from hellenes_nb.games.athens_sparta.rules.faceup import besiegers
from hellenes_nb.games.athens_sparta.rules.fighting import tidy
from hellenes_nb.games.athens_sparta.rules.replacement import phase_frame
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA

POTIDAEA = "0702"
NEXT_DOOR = "0802"  # a land hex beside Potidaea (checked below)


def _start(seed: int = 5) -> Game:
    return Game(ATHENS_SPARTA, Position("athens-sparta", seed), seed)


def _athens_seen_by_sparta(g: Game) -> dict[str, dict]:
    return {b["id"]: b for b in g.view("sparta")["blocks"] if b["side"] == "athens" and "id" in b}


@pytest.mark.rule("aid")
def test_aid_sieges_the_besieger_and_the_blockader_stand_face_up_the_defender_does_not():
    g = _start()
    assert g.state.board.besieged == {"potidaea": "athens"}
    assert g.state.board.blockaded == {"potidaea": "athens"}
    seen = _athens_seen_by_sparta(g)
    assert {k: (b["where"], b["type"], b["steps"]) for k, b in seen.items()} == {
        "ath-h3": (POTIDAEA, "hoplite", 3), "ath-n3": (POTIDAEA, "navy", 4)}
    inside = [b for b in g.view("athens")["blocks"] if b["side"] == "sparta"
              and b["where"] == POTIDAEA]
    assert inside == [{"side": "sparta", "where": POTIDAEA, "face_down": True}]
    check_invariants(g)  # the face-up besiegers are no leak


@pytest.mark.rule("aid")
def test_aid_sieges_the_board_draws_the_besiegers_face_up_for_the_besieged_side():
    svg = board_svg(_start().view("sparta"))
    assert 'class="block face-up" data-side="athens" data-block="ath-h3"' in svg
    assert 'class="block face-up" data-side="athens" data-block="ath-n3"' in svg
    assert 'data-block="ath-h1"' not in svg  # Athens' own city: face down


@pytest.mark.rule("aid")
def test_aid_sieges_a_block_that_stops_besieging_stands_face_down_again():
    g = _start()
    st = g.state
    assert NEXT_DOOR in st.world.land_links[POTIDAEA]
    st.board.blocks["ath-h3"].where = NEXT_DOOR  # the army leaves: the siege is over
    tidy(st)
    assert "potidaea" not in st.board.besieged and st.board.blockaded == {"potidaea": "athens"}
    assert set(_athens_seen_by_sparta(g)) == {"ath-n3"}  # the blockade goes on, face up
    check_invariants(g)
    st.board.blocks["ath-n3"].where = "0907"  # the navy sails home: the blockade is over
    tidy(st)
    assert not st.board.blockaded and not _athens_seen_by_sparta(g)
    assert besiegers(st) == {}


@pytest.mark.rule("8.0")
def test_8_0_the_besiegers_stand_face_down_while_the_replacements_are_secret():
    g = _start()
    g.state.stack = [phase_frame(g.state)]
    assert g.state.stack[-1]["kind"] == "replacements"
    assert not _athens_seen_by_sparta(g)  # a reinforced besieger would tell its steps
    check_invariants(g)


@pytest.mark.rule("aid")
def test_aid_sieges_the_search_belief_never_draws_a_besieger_again():
    st = _start().state
    for seed in range(12):
        drawn = redeal(st, "sparta", random.Random(seed), blocks=True)
        for k in ("ath-h3", "ath-n3"):
            assert drawn.board.blocks[k] == st.board.blocks[k], (seed, k)
