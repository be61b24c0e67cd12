"""§5 movement rules on small constructed positions."""

from __future__ import annotations

import pytest
from support.hellenes_mini_world import action_phase, position, unit_at

from hellenes_nb.core.steps import IllegalAction


def group(game, side, area):
    game.apply({"type": "move_group", "side": side, "area": area})


def move(game, side, unit, *path, **extra):
    return game.apply({"type": "move", "side": side, "unit": unit, "path": list(path), **extra})


def finish(game, side):
    """End the group move if it is still open (it closes by itself once nobody can move)."""
    if game.prompt.kind == "group_move":
        game.apply({"type": "end_group", "side": side})


def refused(game, side, unit, *path, **extra):
    before = game.state.clone()
    with pytest.raises(IllegalAction) as err:
        move(game, side, unit, *path, **extra)
    assert game.state == before
    return str(err.value)


@pytest.mark.rule("5.0")
def test_5_0_movement_range_is_enforced_with_the_route_in_the_message():
    game = action_phase(position({"A1": ("attica", 3)}), "athens", 2)
    group(game, "athens", "attica")
    msg = refused(game, "athens", "A1", "boeotia", "phocis", "locris")
    assert "movement range 2" in msg and "Attica → Boeotia → Phocis → Locris is 3 areas" in msg
    move(game, "athens", "A1", "boeotia", "phocis")
    assert unit_at(game, "A1") == "phocis"


@pytest.mark.rule("5.0")
def test_5_0_one_move_per_unit_per_turn():
    game = action_phase(position({"A1": ("attica", 3)}), "athens", 3)
    group(game, "athens", "attica")
    move(game, "athens", "A1", "plataea")
    finish(game, "athens")
    assert not any(a.get("area") == "plataea" for a in game.legal_actions()
                   if a["type"] == "move_group")
    with pytest.raises(IllegalAction, match="moved this turn"):
        game.apply({"type": "move_group", "side": "athens", "area": "plataea"})


@pytest.mark.rule("5.1")
def test_5_1_neutral_areas_cannot_be_entered():
    game = action_phase(position({"S1": ("laconia", 3)}), "sparta", 1)
    group(game, "sparta", "laconia")
    assert "neutral" in refused(game, "sparta", "S1", "argolis")
    assert not any("argolis" in a.get("path", []) for a in game.legal_actions())


@pytest.mark.rule("5.1")
def test_5_1_besieged_units_cannot_move_by_land():
    game = action_phase(position({"S22": ("boeotia", 2, "inside"), "A7": ("boeotia", 2)}),
                        "sparta", 1)
    assert not any(a["type"] == "move_group" for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="cannot move"):
        group(game, "sparta", "boeotia")


@pytest.mark.rule("5.1")
def test_5_1_fleets_only_on_coastal_land_and_stop_on_entering_land():
    game = action_phase(position({"A2": ("attica", 3)}), "athens", 1)
    group(game, "athens", "attica")
    assert "share no sea" in refused(game, "athens", "A2", "boeotia")
    assert "must stop" in refused(game, "athens", "A2", "saronic_gulf", "megaris",
                                  "gulf_of_corinth")
    assert "must stop on entering Megaris" in refused(game, "athens", "A2", "megaris", "corinth")
    move(game, "athens", "A2", "megaris")
    assert unit_at(game, "A2") == "megaris"


@pytest.mark.rule("5.1")
def test_5_1_fleets_cannot_enter_inland_areas():
    game = action_phase(position({"A2": ("attica", 3)}), "athens", 1)
    group(game, "athens", "attica")
    assert "share no sea" in refused(game, "athens", "A2", "plataea")


@pytest.mark.rule("5.2")
def test_5_2_only_fleets_move_at_sea():
    game = action_phase(position({"A1": ("attica", 3)}), "athens", 1)
    group(game, "athens", "attica")
    assert "only fleets" in refused(game, "athens", "A1", "saronic_gulf")


@pytest.mark.rule("5.2")
def test_5_2_besieged_port_is_left_only_by_its_offshore_sea():
    game = action_phase(position({"S10": ("corinth", 2, "inside"), "A1": ("corinth", 3)}),
                        "sparta", 1)
    group(game, "sparta", "corinth")
    assert "offshore sea" in refused(game, "sparta", "S10", "saronic_gulf")
    move(game, "sparta", "S10", "gulf_of_corinth")
    assert unit_at(game, "S10") == "gulf_of_corinth"
    assert game.state.inside[game.state.ix.unit("S10")] == 0


@pytest.mark.rule("5.2")
def test_5_2_corinth_reaches_both_seas_across_the_diolkos():
    game = action_phase(position({"S10": ("corinth", 2)}), "sparta", 1)
    group(game, "sparta", "corinth")
    move(game, "sparta", "S10", "saronic_gulf")
    assert unit_at(game, "S10") == "saronic_gulf"


@pytest.mark.rule("5.21")
def test_5_21_sea_transport_carries_one_weaker_greek_land_unit():
    game = action_phase(position({"A2": ("attica", 3), "A1": ("attica", 3), "A7": ("attica", 2),
                                  "A5": ("attica", 1)}), "athens", 1)
    group(game, "athens", "attica")
    assert "weaker" in refused(game, "athens", "A2", "saronic_gulf", "megaris", carry="A1")
    assert "barbarians cannot" in refused(game, "athens", "A2", "saronic_gulf", "megaris",
                                          carry="A5")
    assert "goes to sea" in refused(game, "athens", "A2", "megaris", carry="A7")
    move(game, "athens", "A2", "saronic_gulf", "megaris", carry="A7")
    assert unit_at(game, "A2") == unit_at(game, "A7") == "megaris"
    assert "already moved" in refused(game, "athens", "A7", "plataea")


@pytest.mark.rule("5.21")
def test_5_21_cv_may_be_reduced_to_be_carried():
    game = action_phase(position({"A2": ("attica", 3), "A1": ("attica", 3)}), "athens", 1)
    group(game, "athens", "attica")
    move(game, "athens", "A2", "saronic_gulf", carry="A1", carry_cv=2)
    s = game.state
    assert s.cv[s.ix.unit("A1")] == 2 and unit_at(game, "A1") == "saronic_gulf"


@pytest.mark.rule("5.21")
def test_5_21_reducing_to_board_is_offered_as_its_own_decision():
    game = action_phase(position({"A2": ("attica", 3), "A1": ("attica", 4),
                                  "A7": ("attica", 1)}), "athens", 1)
    group(game, "athens", "attica")
    legal = game.legal_actions()
    boards = [a for a in legal if a["type"] == "board"]
    assert [(a["unit"], a["carry"]) for a in boards] == [("A2", "A1")]
    assert "from strength 4 to 2" in boards[0]["label"]
    # the group's own list stays short: no move carries A1, and none is reduced
    assert not any(a["type"] == "move" and (a.get("carry") == "A1" or "carry_cv" in a)
                   for a in legal)
    game.apply(boards[0])
    assert game.prompt.kind == "board"
    choices = game.legal_actions()
    assert choices[-1]["type"] == "end_board"
    moves = choices[:-1]
    assert moves and all(a["carry"] == "A1" and a["carry_cv"] == 2 for a in moves)
    assert all("reduced to strength 2" in a["label"] for a in moves)
    game.apply(next(a for a in moves if a["path"] == ["saronic_gulf", "chalcis"]))
    s = game.state
    assert s.cv[s.ix.unit("A1")] == 2 and unit_at(game, "A1") == unit_at(game, "A2") == "chalcis"
    reduced = [e for e in game.log if e["kind"] == "board_reduced"]
    assert len(reduced) == 1 and "from strength 4 to 2" in reduced[0]["text"]
    # Sparta reads that a block was reduced, not which one nor by how much (§2.0)
    seen = [e for e in game.log_for("sparta") if e["kind"] == "board_reduced"]
    assert len(seen) == 1 and "A1" not in str(seen[0]) and "strength" not in seen[0]["text"]
    mine = [e for e in game.log_for("athens") if e["kind"] == "board_reduced"]
    assert "from strength 4 to 2" in mine[0]["text"]
    assert game.prompt.kind == "group_move"  # back in the group move


@pytest.mark.rule("5.21")
def test_5_21_going_back_from_boarding_changes_nothing():
    game = action_phase(position({"A2": ("attica", 3), "A1": ("attica", 4)}), "athens", 1)
    group(game, "athens", "attica")
    before = game.state.clone()
    game.apply({"type": "board", "side": "athens", "unit": "A2", "carry": "A1"})
    with pytest.raises(IllegalAction, match="carry_cv' 2"):
        move(game, "athens", "A7", "plataea")
    game.apply({"type": "end_board", "side": "athens"})
    assert game.prompt.kind == "group_move"
    after = game.state
    assert after.cv == before.cv and after.loc == before.loc and after.stack == before.stack


@pytest.mark.rule("5.21")
def test_5_21_reductions_go_no_further_than_boarding_needs():
    game = action_phase(position({"A2": ("attica", 3), "A1": ("attica", 4), "A7": ("attica", 2),
                                  "A6": ("attica", 1)}), "athens", 1)
    group(game, "athens", "attica")
    assert "reduced to 2 cv" in refused(game, "athens", "A2", "saronic_gulf", carry="A1",
                                        carry_cv=1)
    assert "already weaker" in refused(game, "athens", "A2", "saronic_gulf", carry="A7",
                                       carry_cv=1)
    with pytest.raises(IllegalAction, match="already weaker"):
        game.apply({"type": "board", "side": "athens", "unit": "A2", "carry": "A7"})
    with pytest.raises(IllegalAction, match="cannot board"):  # a fleet of 1 cv carries nothing
        game.apply({"type": "board", "side": "athens", "unit": "A6", "carry": "A7"})
    assert not any(a["type"] == "board" and a["unit"] == "A6" for a in game.legal_actions())


@pytest.mark.rule("5.21")
def test_5_21_land_units_at_sea_need_a_fleet():
    s = position({"A2": ("saronic_gulf", 3), "A7": ("saronic_gulf", 2)})
    s.carry[s.ix.unit("A2")] = s.ix.unit("A7")
    game = action_phase(s, "athens", 1)
    group(game, "athens", "saronic_gulf")
    assert "must carry" in refused(game, "athens", "A2", "attica")
    assert "at sea" in refused(game, "athens", "A7", "attica")
    move(game, "athens", "A2", "attica", carry="A7")
    assert unit_at(game, "A7") == "attica"


@pytest.mark.rule("5.22")
def test_5_22_deep_sea_crossing_storm_and_gale():
    s = position({"S3": ("laconia", 3), "S4": ("laconia", 2)})
    game = action_phase(s, "sparta", 1)
    group(game, "sparta", "laconia")
    move(game, "sparta", "S3", "laconian_gulf", "myrtoan_sea")
    rolls = game.state.pending_rolls
    assert len(rolls) == 1 and rolls[0]["kind"] == "deepsea"
    game.state.dice.force([3, 2, 5])  # storm in Spring on 1-3; S3 gale, S4 high seas
    move(game, "sparta", "S4", "laconian_gulf", "myrtoan_sea")
    st = game.state
    assert st.loc[st.ix.unit("S3")] == -1
    assert st.cv[st.ix.unit("S4")] == 1
    storm = [e for e in game.log if e["kind"] == "storm_roll"]
    assert storm and storm[0]["side"] == "athens"  # the opponent rolls for storms


@pytest.mark.rule("5.22")
def test_5_22_no_storm_in_high_summer_on_a_two():
    s = position({"S3": ("laconia", 3)})
    game = action_phase(s, "sparta", 1, season=3)
    group(game, "sparta", "laconia")
    game.state.dice.force([2])
    move(game, "sparta", "S3", "laconian_gulf", "myrtoan_sea")
    assert game.state.cv[game.state.ix.unit("S3")] == 3


@pytest.mark.rule("5.3")
@pytest.mark.parametrize("unit,face,ok", [("A1", 4, False), ("A1", 5, True),
                                          ("A3", 2, False), ("A3", 3, True)])
def test_5_3_forced_march_rolls_regular_5_6_elite_3_6(unit, face, ok):
    if unit == "A1":
        s = position({"A1": ("attica", 3)})
        path = ["boeotia", "phocis", "locris"]
    else:
        s = position({"A3": ("attica", 3)})
        path = ["saronic_gulf", "myrtoan_sea", "laconian_gulf", "laconia"]
    game = action_phase(s, "athens", 1, season=3)
    group(game, "athens", "attica")
    game.state.dice.force([face, 6])
    move(game, "athens", unit, *path, forced=True)
    assert game.state.ix.place(unit_at(game, unit)) != path[-1]
    if not ok:
        assert unit_at(game, unit) == path[-2] and game.prompt.kind != "rolls"
        return
    assert game.prompt.kind == "rolls"
    accept = [a for a in game.legal_actions() if a["accept"]][0]
    game.apply(accept)
    assert unit_at(game, unit) == path[-1]


@pytest.mark.rule("5.3")
def test_5_3_success_may_be_declined_and_range_needs_the_flag():
    game = action_phase(position({"A1": ("attica", 3)}), "athens", 1)
    group(game, "athens", "attica")
    assert "within the normal range" in refused(game, "athens", "A1", "boeotia", forced=True)
    game.state.dice.force([6])
    move(game, "athens", "A1", "boeotia", "phocis", "locris", forced=True)
    decline = [a for a in game.legal_actions() if not a["accept"]][0]
    game.apply(decline)
    assert unit_at(game, "A1") == "phocis"


@pytest.mark.rule("5.4")
def test_5_4_entering_enemy_units_stops_and_engages_by_land():
    game = action_phase(position({"A1": ("attica", 3), "A7": ("attica", 2),
                                  "S7": ("megaris", 2)}), "athens", 1)
    group(game, "athens", "attica")
    assert "must stop in Megaris" in refused(game, "athens", "A1", "megaris", "corinth")
    move(game, "athens", "A1", "megaris")
    move(game, "athens", "A7", "megaris")
    eng = game.state.engagements
    ix = game.state.ix
    assert len(eng) == 1
    assert eng[0]["via"] == "land" and eng[0]["from"] == ix.place("attica")
    assert eng[0]["area"] == ix.place("megaris") and len(eng[0]["units"]) == 2


@pytest.mark.rule("5.41")
def test_5_41_different_routes_make_separate_formations():
    game = action_phase(position({"A1": ("attica", 3), "A7": ("attica", 2),
                                  "S22": ("boeotia", 2)}), "athens", 1)
    group(game, "athens", "attica")
    move(game, "athens", "A1", "boeotia")
    move(game, "athens", "A7", "plataea", "boeotia")
    eng = game.state.engagements
    assert len(eng) == 2 and {len(e["units"]) for e in eng} == {1}


@pytest.mark.rule("5.4")
def test_5_4_besieged_enemies_do_not_stop_movement():
    game = action_phase(position({"A1": ("attica", 3), "S22": ("boeotia", 2, "inside"),
                                  "A7": ("boeotia", 2)}), "athens", 1)
    group(game, "athens", "attica")
    move(game, "athens", "A1", "boeotia", "phocis")
    assert unit_at(game, "A1") == "phocis" and game.state.engagements == []


@pytest.mark.rule("6.5")
def test_5_4_fleet_engagements_by_sea_narrows_and_landing():
    s = position({"A2": ("gulf_of_patrae", 3), "A3": ("saronic_gulf", 3),
                  "A6": ("saronic_gulf", 2), "S10": ("gulf_of_corinth", 2),
                  "S7": ("megaris", 2), "S3": ("myrtoan_sea", 2)})
    game = action_phase(s, "athens", 3)
    group(game, "athens", "gulf_of_patrae")
    move(game, "athens", "A2", "gulf_of_corinth")
    finish(game, "athens")
    group(game, "athens", "saronic_gulf")
    move(game, "athens", "A3", "megaris")
    move(game, "athens", "A6", "myrtoan_sea")
    vias = sorted(e["via"] for e in game.state.engagements)
    assert vias == ["landing", "narrows", "sea"]


@pytest.mark.rule("5.0")
def test_5_0_muster_gathers_units_without_engaging_or_forced_march():
    game = action_phase(position({"A1": ("plataea", 3), "A7": ("megaris", 2),
                                  "A4": ("boeotia", 2), "S22": ("boeotia", 2)}), "athens", 1)
    game.apply({"type": "muster", "side": "athens", "to": "attica"})
    move(game, "athens", "A1", "attica")
    assert "must end in Attica" in refused(game, "athens", "A7", "corinth")
    assert "already moved" in refused(game, "athens", "A1", "plataea")
    move(game, "athens", "A7", "attica")
    assert "force march" in refused(game, "athens", "A4", "attica", "plataea", "boeotia",
                                    "phocis", forced=True)
    moves = [a for a in game.legal_actions() if a["type"] == "move"]
    assert all(a["path"][-1] == "attica" and not a.get("forced") for a in moves)
    assert unit_at(game, "A1") == unit_at(game, "A7") == "attica"


@pytest.mark.rule("5.0")
def test_5_0_muster_cannot_engage():
    game = action_phase(position({"A1": ("megaris", 3), "S22": ("boeotia", 2),
                                  "S11": ("corinth", 1), "S6": ("arcadia", 2)}), "sparta", 1)
    game.apply({"type": "muster", "side": "sparta", "to": "corinth"})
    assert "may not engage" in refused(game, "sparta", "S22", "megaris", "corinth")
    assert not any(a.get("unit") == "S22" for a in game.legal_actions())
    move(game, "sparta", "S6", "corinth")
    assert unit_at(game, "S6") == "corinth"


@pytest.mark.rule("5.21")
@pytest.mark.rule("5.23")
def test_5_23_a_gale_spares_the_passenger_its_fleet_left_behind():
    # A7 rode A2 last turn; A2 crosses the deep sea without it, A6 stays with A7
    s = position({"A2": ("andros_sea", 3), "A6": ("andros_sea", 3), "A7": ("andros_sea", 2)})
    ix = s.ix
    s.carry[ix.unit("A2")] = ix.unit("A7")
    game = action_phase(s, "athens", 1)
    group(game, "athens", "andros_sea")
    move(game, "athens", "A2", "saronic_gulf")
    assert game.state.carry == {ix.unit("A6"): ix.unit("A7")}  # A7 is aboard A6 now
    game.state.dice.force([1, 2])  # a storm, then a gale for A2
    finish(game, "athens")
    assert unit_at(game, "A2") is None
    assert unit_at(game, "A7") == "andros_sea" and unit_at(game, "A6") == "andros_sea"
    assert not [e for e in game.log if e["kind"] == "eliminated" and "A7" in str(e)]


@pytest.mark.rule("3.1")
@pytest.mark.rule("5.3")
def test_5_3_no_forced_march_into_the_enemy_under_the_enemys_augury():
    s = position({"A1": ("attica", 3), "S22": ("phocis", 2)})
    s.flags["augury:athens"] = s.year * 10 + 1  # Sparta's Augury binds Athens this Spring
    game = action_phase(s, "athens", 1, season=1)
    group(game, "athens", "attica")
    assert "cannot engage" in refused(game, "athens", "A1", "boeotia", "phocis")
    why = refused(game, "athens", "A1", "plataea", "boeotia", "phocis", forced=True)
    assert "cannot engage" in why and "Augury" in why


@pytest.mark.rule("5.0")
@pytest.mark.rule("7.4")
def test_5_0_a_move_never_comes_back_to_an_area_it_has_left():
    # a fleet besieged in Megara may not sail out and land straight back among its besiegers
    s = position({"S4": ("megaris", 2, "inside"), "S7": ("megaris", 1, "inside"),
                  "A1": ("megaris", 3)})
    game = action_phase(s, "sparta", 1)
    group(game, "sparta", "megaris")
    assert "comes back to Megaris" in refused(game, "sparta", "S4", "saronic_gulf", "megaris")
    assert not [a for a in game.legal_actions()
                if a.get("unit") == "S4" and a["path"][-1] == "megaris"]
