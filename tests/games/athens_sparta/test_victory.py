"""Athens & Sparta: victory (§10) and the numbers of the Replacement Phase (§8, §5.61, §9.3)."""

from __future__ import annotations

import pytest

from hellenes_nb.games.athens_sparta.rules.victory import (
    build_limit,
    build_points,
    olympiad_winner,
    pillage,
    step_cost,
    sudden_death,
    victory_points,
)
from hellenes_nb.games.athens_sparta.state import BlockState, setup
from hellenes_nb.games.athens_sparta.world import load_world

W = load_world()


@pytest.mark.rule("10.1")
def test_10_1_occupying_the_enemy_main_city_ends_the_game():
    s = setup(W)
    assert sudden_death(s, W) is None
    sparta = W.cities["sparta"].hex
    s.blocks["ath-h1"] = BlockState(sparta, 3, "athens")
    assert sudden_death(s, W) is None  # the Spartans are still there
    for b in [b for b, x in s.blocks.items() if x.where == sparta and x.side == "sparta"]:
        s.blocks[b].where = "pool"
    assert sudden_death(s, W) == "athens"


@pytest.mark.rule("10.2")
def test_10_2_thirty_points_win_and_the_end_of_the_war():
    s = setup(W)
    assert olympiad_winner(s, W) is None
    for city in ("argos", "patrae", "larissa", "pella", "chios", "samos", "mytilene",
                 "corcyra"):
        s.control[city] = "sparta"
    assert victory_points(s, W)["sparta"] >= 30 and olympiad_winner(s, W) == "sparta"
    s = setup(W)
    s.olympiad = 89
    assert olympiad_winner(s, W) == "athens"  # the aid: Sparta had to win
    s.control["samos"] = "sparta"
    s.control["chios"] = "sparta"  # Athens 15, Sparta 22
    assert olympiad_winner(s, W) == "athens"
    assert olympiad_winner(s, W, end_of_war="points") == "sparta"
    with pytest.raises(ValueError, match="end_of_war is 'aid' or 'points'"):
        olympiad_winner(s, W, end_of_war="coin")


@pytest.mark.rule("9.3")
def test_9_3_miletus_does_not_count_for_sparta_with_persian_support():
    s = setup(W)
    s.control["miletus"] = "sparta"
    assert victory_points(s, W)["sparta"] == 20
    assert victory_points(s, W, persian_support=True)["sparta"] == 18
    assert build_points(s, W)["sparta"] == 20  # it still yields build points


@pytest.mark.rule("8.1")
def test_8_1_build_limits_and_8_4_costs():
    assert build_limit(W, "athens") == build_limit(W, "sparta") == 8
    assert build_limit(W, "corinth") == 6 and build_limit(W, "gytheum") == 1
    assert step_cost("hoplite", "athens") == step_cost("peltast", "sparta") == 1
    assert step_cost("cavalry", "sparta") == step_cost("navy", "athens") == 2
    assert step_cost("navy", "sparta", persian_support=True) == 1
    assert step_cost("navy", "athens", persian_support=True) == 2
    with pytest.raises(ValueError, match="bought with move points"):
        step_cost("demos", "athens")


@pytest.mark.rule("5.61")
def test_5_61_pillaging_chios_gives_2():
    assert pillage(W, "chios") == 2
