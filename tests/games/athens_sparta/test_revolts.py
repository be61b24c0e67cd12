"""Athens & Sparta: revolts (§7.0, §7.1, aid) and the rebel navies (§9.4)."""

from __future__ import annotations

import copy

import pytest

from hellenes_nb.games.athens_sparta.rules.revolts import (
    RevoltError,
    attack_neutral,
    change_hands,
    raise_revolt,
    revolt_problem,
)
from hellenes_nb.games.athens_sparta.state import setup
from hellenes_nb.games.athens_sparta.world import load_world

W = load_world()


@pytest.mark.rule("7.0")
def test_7_0_where_revolts_may_be_raised():
    s = setup(W)
    assert revolt_problem(W, s, "sparta", "chios", 3) is None
    assert "never revolts" in revolt_problem(W, s, "athens", "sparta", 2)
    assert "not an enemy city (neutral)" in revolt_problem(W, s, "sparta", "argos", 2)
    assert "is not an enemy city (sparta)" in revolt_problem(W, s, "sparta", "corinth", 2)
    assert "minor city" in revolt_problem(W, s, "sparta", "naupactus", 2)
    assert "takes 1 to 4 MPs" in revolt_problem(W, s, "athens", "corinth", 5)
    assert "already" in revolt_problem(W, s, "sparta", "chios", 2,
                                       done=frozenset({("sparta", "chios")}))


@pytest.mark.rule("7.0")
def test_7_0_a_revolt_in_an_empty_city_wins_at_once_else_it_is_fought():
    s = setup(W)
    result = raise_revolt(W, s, "sparta", "naxos", 2)  # no Athenian block in Naxos
    assert result.won and s.control["naxos"] == "sparta"
    assert s.blocks["tyrants"].where == W.cities["naxos"].hex and s.blocks["tyrants"].steps == 2
    s = setup(W)
    result = raise_revolt(W, s, "athens", "corinth", 3)  # Corinth's blocks are at home
    assert not result.won and s.control["corinth"] == "sparta"


@pytest.mark.rule("7.1")
def test_7_1_the_helots_rise_at_messene_only_for_athens():
    s = setup(W)
    assert revolt_problem(W, s, "athens", "messene", 4, helots=True) is None
    assert "only at Messene" in revolt_problem(W, s, "athens", "elis", 2, helots=True)
    assert "once an Olympiad" in revolt_problem(W, s, "athens", "messene", 2, helots=True,
                                                done=frozenset({("athens", "helots")}))


def test_a_refused_revolt_leaves_the_state_unchanged():
    s = setup(W)
    before = copy.deepcopy(s)
    with pytest.raises(RevoltError, match="minor city"):
        raise_revolt(W, s, "sparta", "naupactus", 2)
    assert s == before


@pytest.mark.rule("9.4")
def test_9_4_a_rebel_navy_turns_with_its_city_and_back():
    s = setup(W)
    s.blocks["chios-n"].where = W.cities["lemnos"].hex  # away at sea
    s.blocks["chios-n"].steps = 2
    assert change_hands(W, s, "chios", "sparta") == ["chios-n", "chios-sn"]
    assert s.blocks["chios-sn"].where == W.cities["chios"].hex
    assert s.blocks["chios-sn"].steps == 2 and s.blocks["chios-sn"].side == "sparta"
    assert s.blocks["chios-n"].where == "pool"
    assert change_hands(W, s, "chios", "athens") == ["chios-sn", "chios-n"]
    assert s.blocks["chios-n"].steps == 2 and s.blocks["chios-sn"].where == "pool"
    # a city that has no navy of its own changes hands and nothing else
    assert change_hands(W, s, "naxos", "sparta") == []


@pytest.mark.rule("9.5")
def test_9_5_an_attacked_neutral_joins_the_other_side_with_its_blocks():
    s = setup(W)
    assert attack_neutral(W, s, "sparta", "argos") == ["arg-h1"]
    assert s.control["argos"] == "athens"
    assert (s.blocks["arg-h1"].where, s.blocks["arg-h1"].steps, s.blocks["arg-h1"].side) == \
        (W.cities["argos"].hex, 4, "athens")
    placed = attack_neutral(W, s, "athens", "syracuse")
    assert sorted(placed) == ["syr-c1", "syr-h1", "syr-n1"]
    assert {s.blocks[b].where for b in placed} == {"syracuse"} and s.control["syracuse"] == "sparta"
    before = copy.deepcopy(s)
    with pytest.raises(RevoltError, match="argos is not a neutral city \\(it is athens\\)"):
        attack_neutral(W, s, "sparta", "argos")
    assert s == before
