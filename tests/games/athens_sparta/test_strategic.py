"""Athens & Sparta: hex control (§4.2) and strategic moves (§4.5, §9.2)."""

from __future__ import annotations

import pytest

from hellenes_nb.games.athens_sparta.rules.movement import MoveError
from hellenes_nb.games.athens_sparta.rules.strategic import control, march_reach, sea_move_targets
from hellenes_nb.games.athens_sparta.state import BlockState, setup
from hellenes_nb.games.athens_sparta.world import load_world

W = load_world()
C = W.cities


def start():
    return setup(W)


@pytest.mark.rule("4.2")
def test_4_2_control_of_hexes_and_of_a_siege():
    s = start()
    assert control(W, s, C["athens"].hex) == "athens"
    assert control(W, s, C["argos"].hex) == "neutral"
    assert control(W, s, "0909") == "vacant"
    potidaea = C["potidaea"].hex
    assert control(W, s, potidaea, "land") == "athens"  # the besieger's for land moves
    assert control(W, s, potidaea, "sea") == "athens"  # and the blockader's at sea
    s.blocks["spa-h1"] = BlockState(C["megara"].hex, 4, "sparta")
    s.blocks["ath-h1"] = BlockState(C["megara"].hex, 3, "athens")
    assert control(W, s, C["megara"].hex) == "contested"


@pytest.mark.rule("4.51")
def test_4_51_a_march_doubles_the_move_and_ends_only_in_friendly_hexes():
    s = start()
    reach = march_reach(W, s, "spa-h1")
    assert C["corinth"].hex in reach and C["megara"].hex in reach
    assert max(reach.values()) <= 6
    assert all(control(W, s, h) == "sparta" for h in reach)  # never ends in a vacant hex
    assert C["athens"].hex not in reach  # nor in an enemy one
    # an enemy block on the Isthmus shuts the road: Megara can no longer be reached
    s.blocks["ath-h1"] = BlockState(C["corinth"].hex, 3, "athens")
    assert C["megara"].hex not in march_reach(W, s, "spa-h1")


@pytest.mark.rule("4.52")
def test_4_52_sea_moves_between_friendly_ports_only():
    s = start()
    targets = sea_move_targets(W, s, "ath-n1")
    assert {"chios", "samos", "mytilene", "naxos", "corcyra"} <= set(targets)
    assert "corinth" not in targets and "patrae" not in targets  # enemy, neutral
    assert "potidaea" not in targets  # a siege is never a strategic destination
    assert "athens" not in sea_move_targets(W, s, "ath-h1")  # an army too, not to itself
    s.blockaded["athens"] = "sparta"
    with pytest.raises(MoveError, match="in a siege or blockade"):
        sea_move_targets(W, s, "ath-n1")


@pytest.mark.rule("9.2")
def test_9_2_syracuse_from_the_four_embarkation_ports_only():
    s = start()
    assert "syracuse" not in sea_move_targets(W, s, "ath-n1")
    assert "syracuse" in sea_move_targets(W, s, "corcyra-n")
    assert "syracuse" in sea_move_targets(W, s, "leu-n1")


def test_strategic_moves_refuse_wrong_blocks_in_plain_words():
    s = start()
    with pytest.raises(MoveError, match="only armies march"):
        march_reach(W, s, "ath-n1")
    with pytest.raises(MoveError, match="is in a siege"):
        march_reach(W, s, "ath-h3")  # besieging Potidaea
    with pytest.raises(MoveError, match="not in a friendly port"):
        sea_move_targets(W, s, "tyrants")
