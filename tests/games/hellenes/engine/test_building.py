"""§4 actions: building (§4.21), recruits (§4.22), detached garrisons (§4.23) and the Actions
Example of the §4 sidebar."""

from __future__ import annotations

import pytest
from support.hellenes_mini_world import action_phase, position, unit_at

from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.state import OUT, POOL


def only_pool(state, keys):
    """Leave exactly ``keys`` in their side's recruit pool (a forced draw)."""
    ix = state.ix
    wanted = {ix.unit(k) for k in keys}
    for u in range(120):
        if state.loc[u] == POOL and u not in wanted:
            state.loc[u] = OUT
    for u in wanted:
        state.loc[u] = POOL


@pytest.mark.rule("4.21")
def test_4_21_build_adds_one_cv_in_a_home_city_only():
    game = action_phase(position({"S10": ("corinth", 1), "S7": ("corinth", 1),
                                  "S11": ("corinth", 4)}), "sparta", 3)
    with pytest.raises(IllegalAction, match="not one of its home cities"):
        game.apply({"type": "build", "side": "sparta", "unit": "S7"})
    with pytest.raises(IllegalAction, match="full strength of 4"):
        game.apply({"type": "build", "side": "sparta", "unit": "S11"})
    game.apply({"type": "build", "side": "sparta", "unit": "S10"})
    game.apply({"type": "build", "side": "sparta", "unit": "S10"})
    assert game.state.cv[game.state.ix.unit("S10")] == 3
    assert game.state.actions_left == 1


@pytest.mark.rule("4.2")
def test_4_2_no_building_in_a_besieged_city():
    game = action_phase(position({"S10": ("corinth", 2, "inside"), "A1": ("corinth", 3)}),
                        "sparta", 1)
    with pytest.raises(IllegalAction, match="besieged"):
        game.apply({"type": "build", "side": "sparta", "unit": "S10"})
    assert not any(a["type"] == "build" for a in game.legal_actions())


@pytest.mark.rule("4.22")
def test_4_22_greek_recruit_arrives_at_cadre_in_a_friendly_home_city():
    s = position({"A1": ("attica", 2)})
    only_pool(s, ["A7", "A8", "A6"])
    game = action_phase(s, "athens", 1)
    game.apply({"type": "recruit", "side": "athens"})
    assert game.prompt.kind == "recruit"
    places = {(a["unit"], a["area"]) for a in game.legal_actions()}
    assert ("A7", "attica") in places and ("A7", "plataea") in places
    assert ("A6", "chalcis") in places
    with pytest.raises(IllegalAction, match="home places are Attica"):
        game.apply({"type": "place_recruit", "side": "athens", "unit": "A8", "area": "megaris"})
    game.apply({"type": "place_recruit", "side": "athens", "unit": "A7", "area": "plataea"})
    st = game.state
    assert unit_at(game, "A7") == "plataea" and st.cv[st.ix.unit("A7")] == 1
    assert st.loc[st.ix.unit("A8")] == POOL and st.loc[st.ix.unit("A6")] == POOL


@pytest.mark.rule("4.22")
def test_4_22_recruit_is_wasted_when_nothing_can_be_placed():
    s = position({"S7": ("attica", 2), "S11": ("plataea", 2)})  # Athens holds no home city
    only_pool(s, ["A7", "A8", "A1"])
    game = action_phase(s, "athens", 2)
    game.apply({"type": "recruit", "side": "athens"})
    assert any(e["kind"] == "recruit_wasted" for e in game.log)
    assert game.state.actions_left == 1 and game.prompt.kind == "actions"


@pytest.mark.rule("2.27")
def test_2_27_odrysians_need_no_athenian_leader_and_barbarians_move_free():
    s = position({"A1": ("attica", 2)})
    only_pool(s, ["A5"])
    game = action_phase(s, "athens", 2)
    game.apply({"type": "recruit", "side": "athens"})
    assert any(e["kind"] == "recruit_wasted" for e in game.log)  # Pericles is in play
    game.state.leaders[0] = None
    game.apply({"type": "recruit", "side": "athens"})
    game.apply({"type": "place_recruit", "side": "athens", "unit": "A5", "area": "odrysia"})
    st = game.state
    assert st.cv[st.ix.unit("A5")] == 3  # barbarians arrive at full strength (§4.22)
    assert game.prompt.kind == "group_move"  # a free move at no action cost
    game.apply({"type": "move", "side": "athens", "unit": "A5", "path": ["malis", "locris"]})
    assert unit_at(game, "A5") == "locris"


@pytest.mark.rule("4.22")
def test_4_22_barbarians_only_in_home_towns_free_of_enemies():
    s = position({"S22": ("odrysia", 2)})
    s.leaders[0] = None
    only_pool(s, ["A5"])
    game = action_phase(s, "athens", 1)
    game.apply({"type": "recruit", "side": "athens"})
    assert any(e["kind"] == "recruit_wasted" for e in game.log)


@pytest.mark.rule("4.23")
def test_4_23_detached_garrison_in_an_opposing_city_held_by_greeks():
    game = action_phase(position({"A1": ("megaris", 2), "A5": ("corinth", 3)}), "athens", 2)
    with pytest.raises(IllegalAction, match="no friendly Greek units"):
        game.apply({"type": "garrison", "side": "athens", "area": "corinth"})
    with pytest.raises(IllegalAction, match="not a city loyal to the enemy"):
        game.apply({"type": "garrison", "side": "athens", "area": "attica"})
    game.apply({"type": "garrison", "side": "athens", "area": "megaris"})
    assert game.state.garrisons[game.state.ix.place("megaris")] == [0, 1]
    with pytest.raises(IllegalAction, match="already has a garrison"):
        game.apply({"type": "garrison", "side": "athens", "area": "megaris"})


@pytest.mark.rule("4.2")
@pytest.mark.rule("4.23")
def test_4_23_no_detached_garrison_in_a_besieged_city():
    # Athens holds Thebes (loyal to Sparta) from inside its walls; Sparta besieges it. A
    # garrison is a Building action, and none is built in a besieged city (§4.2)
    s = position({"A1": ("boeotia", 2, "inside"), "S1": ("boeotia", 3), "A7": ("megaris", 2)})
    game = action_phase(s, "athens", 2)
    assert game.state.city_control[game.state.ix.place("boeotia")] == 0
    assert [a["area"] for a in game.legal_actions() if a["type"] == "garrison"] == ["megaris"]
    with pytest.raises(IllegalAction, match="besieged"):
        game.apply({"type": "garrison", "side": "athens", "area": "boeotia"})
    assert game.state.garrisons == {} and game.state.actions_left == 2


@pytest.mark.rule("4.0")
def test_4_0_actions_example_of_the_sidebar():
    """Sparta, 3 actions: build the Corinthian fleet 2→3; recruit (three drawn, a Theban fleet
    cadre placed in Thebes, two returned); activate the six units in Sparta: two to Corinth,
    two to sea, one to Messenia, one stays."""
    s = position({"S10": ("corinth", 2), "S1": ("laconia", 3), "S2": ("laconia", 3),
                  "S3": ("laconia", 2), "S4": ("laconia", 2), "S5": ("laconia", 2),
                  "S6": ("laconia", 2)})
    only_pool(s, ["S20", "S21", "S22"])
    game = action_phase(s, "sparta", 3)
    game.apply({"type": "build", "side": "sparta", "unit": "S10"})
    game.apply({"type": "recruit", "side": "sparta"})
    assert sorted(game.view("sparta")["prompt"]["drawn"]) == ["S20", "S21", "S22"]
    assert "drawn" not in game.view("athens")["prompt"]
    game.apply({"type": "place_recruit", "side": "sparta", "unit": "S20", "area": "boeotia"})
    game.apply({"type": "move_group", "side": "sparta", "area": "laconia"})
    for unit, path in (("S1", ["arcadia", "corinth"]), ("S2", ["arcadia", "corinth"]),
                       ("S3", ["laconian_gulf"]), ("S4", ["laconian_gulf"]),
                       ("S5", ["messenia"])):
        game.apply({"type": "move", "side": "sparta", "unit": unit, "path": path})
    game.apply({"type": "end_group", "side": "sparta"})
    st, ix = game.state, game.state.ix
    assert st.cv[ix.unit("S10")] == 3
    assert unit_at(game, "S20") == "boeotia" and st.cv[ix.unit("S20")] == 1
    assert st.loc[ix.unit("S21")] == POOL and st.loc[ix.unit("S22")] == POOL
    assert [unit_at(game, k) for k in ("S1", "S2", "S3", "S4", "S5", "S6")] == [
        "corinth", "corinth", "laconian_gulf", "laconian_gulf", "messenia", "laconia"]
    assert st.actions_left == 0 and game.prompt.kind != "actions"


@pytest.mark.rule("4.2")
@pytest.mark.rule("8.21")
def test_4_2_8_21_recruit_enters_a_besieged_port_that_is_not_blockaded():
    # Sparta besieges Athens by land only: building is barred only in a port both besieged
    # and blockaded, so a recruit may arrive in Athens, inside the walls
    s = position({"A7": ("attica", 2, "inside"), "S7": ("attica", 3)})
    only_pool(s, ["A1"])
    game = action_phase(s, "athens", 2)
    game.apply({"type": "recruit", "side": "athens"})
    assert {a["area"] for a in game.legal_actions()} == {"attica", "plataea"}
    game.apply({"type": "place_recruit", "side": "athens", "unit": "A1", "area": "attica"})
    a1 = game.state.ix.unit("A1")
    assert unit_at(game, "A1") == "attica" and game.state.inside[a1] == 1
    assert game.state.cv[a1] == 1
    game.apply({"type": "build", "side": "athens", "unit": "A1"})  # built up that same turn
    assert game.state.cv[a1] == 2


@pytest.mark.rule("4.2")
@pytest.mark.rule("8.21")
def test_4_2_8_21_no_recruit_in_a_besieged_blockaded_port_nor_a_full_one(monkeypatch):
    s = position({"A7": ("attica", 2, "inside"), "S7": ("attica", 3),
                  "S10": ("saronic_gulf", 2)})  # a Spartan fleet blockades Athens
    only_pool(s, ["A1"])
    game = action_phase(s, "athens", 2)
    game.apply({"type": "recruit", "side": "athens"})
    assert {a["area"] for a in game.legal_actions()} == {"plataea"}
    with pytest.raises(IllegalAction, match="cannot be placed in Attica"):
        game.apply({"type": "place_recruit", "side": "athens", "unit": "A1", "area": "attica"})
    # not blockaded, but no room is left inside the walls (§7.1)
    monkeypatch.setattr(scenario_rules, "capacity", lambda state, p: 1)
    s = position({"A7": ("attica", 2, "inside"), "S7": ("attica", 3)})
    only_pool(s, ["A1"])
    game = action_phase(s, "athens", 2)
    game.apply({"type": "recruit", "side": "athens"})
    assert {a["area"] for a in game.legal_actions()} == {"plataea"}
