"""§3.2 Operations and §2 B.3.2 their cost, as scenario 10.2 plays them."""

from __future__ import annotations

import pytest
from support.amphipolis_positions import start, until

from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.amphipolis.rules.operations import activation_cost
from hellenes_nb.games.amphipolis.world import load_world

W = load_world()


def _at_thasos_move():
    game = start()
    until(game, "move")
    while game.state.stack[-1]["side"] != 0:  # Sparta moves first: it has the Advantage
        game.apply({"type": "done", "side": "sparta"})
        until(game, "move")
    return game


@pytest.mark.rule("3.2.1")
def test_athenian_land_units_go_by_sea_only_with_a_trireme_pf_each():
    game = _at_thasos_move()
    game.apply({"type": "operation", "side": "athens", "from": "thasos", "to": "O3"})
    game.apply({"type": "pick", "side": "athens", "unit": "ath-h6-1"})
    assert "go" not in {a["type"] for a in game.legal_actions("athens")}
    with pytest.raises(IllegalAction, match="needs at least one trireme"):
        game.apply({"type": "go", "side": "athens"})
    game.apply({"type": "pick", "side": "athens", "unit": "ath-t10-1"})
    game.apply({"type": "go", "side": "athens"})
    zones = {z["id"]: z for z in game.view("all")["zones"]}
    assert {u["id"] for u in zones["O3"]["athens"]["units"]} == {"ath-h6-1", "ath-t10-1"}


@pytest.mark.rule("3.2.1")
def test_an_operation_moves_at_most_five_land_units_and_one_leader():
    game = _at_thasos_move()
    game.apply({"type": "operation", "side": "athens", "from": "thasos", "to": "O5"})
    game.apply({"type": "pick_leader", "side": "athens", "leader": "nicias"})
    for uid in ("ath-t20", "ath-h6-1", "ath-h6-2", "ath-h6-3", "ath-h6-4", "thr-p5-1"):
        game.apply({"type": "pick", "side": "athens", "unit": uid})
    legal = game.legal_actions("athens")
    assert not any(a["type"] == "pick_leader" for a in legal)
    assert all(W.units[W.unit_index[a["unit"]]].type == "T" for a in legal
               if a["type"] == "pick")
    with pytest.raises(IllegalAction, match="limit of five land units"):
        game.apply({"type": "pick", "side": "athens", "unit": "thr-p5-2"})


@pytest.mark.rule("2")
def test_activation_costs_two_without_a_leader_one_with_one_and_one_from_a_rear_base():
    game = start()
    st = game.state
    assert activation_cost(st, "O2", 1) == 2   # Skionè: no leader
    assert activation_cost(st, "O1", 1) == 1   # Mendè: Polydamidas
    assert activation_cost(st, "macedonia", 1) == 1  # free, but an operation costs 1


@pytest.mark.rule("2")
def test_reinforcements_may_not_go_where_the_enemy_stands_in_phase_b2():
    game = _at_thasos_move()
    targets = {a["to"] for a in game.legal_actions("athens") if a["type"] == "operation"}
    assert "O1" not in targets and "O2" not in targets  # Spartan troops in Mendè, Skionè
    assert {"O3", "O4", "O5"} <= targets
