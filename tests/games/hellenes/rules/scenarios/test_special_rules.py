"""Every scenario special rule of data/hellenes/special_rules.yaml (§12, §13.2, §15), tested on
the real map through the checks the engine calls."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from support.hellenes_year_end_positions import IX, WORLD, P, U, act, action_game, board
from support.paths import DATA

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.hellenes.rules import events, peace, year_end
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules.actions.building import recruit_barred
from hellenes_nb.games.hellenes.rules.movement.check import cargo_choices, plan_move
from hellenes_nb.games.hellenes.ruleset import HELLENES
from hellenes_nb.games.hellenes.state import ASIDE, POOL

ATHENS, SPARTA = 0, 1
PERSIAN_AID, PERICLES = 49, 1
TESTED_ELSEWHERE = {"reduced_tribute", "athens_tribute_penalty"}  # tests/year/test_year_end.py


def _move(s, key: str, path: list[str], **kw):
    u = U(key)
    return plan_move(s, u, [P(x) for x in path],
                     limits=scenario_rules.move_limits(s, u), **kw)


def test_every_special_rule_key_is_used_by_a_scenario_and_has_a_test():
    keys = {r["key"] for r in yaml.safe_load(
        (DATA / "special_rules.yaml").read_text(encoding="utf-8"))}
    assert {k for sc in WORLD.scenarios.values() for k in sc.rules} == keys
    source = Path(__file__).read_text(encoding="utf-8")
    assert all(f"KEY {k}" in source or k in TESTED_ELSEWHERE for k in keys)


@pytest.mark.rule("2.27")  # KEY odrysians_need_no_leader
def test_odrysians_only_while_athens_has_no_leader():
    s = board({}, leaders=True)
    assert "no leader" in recruit_barred(s, U("A37"))
    s = board({})
    assert recruit_barred(s, U("A37")) is None


@pytest.mark.rule("15.1")  # KEY pericles_protection
def test_pericles_shields_athens_from_civil_war_and_ostracism_needs_a_pillage():
    s = board({}, leaders=True)
    assert "Pericles" in scenario_rules.civil_war_barred(s, ATHENS)
    assert scenario_rules.civil_war_barred(s, SPARTA) == ""
    s.season = 2
    assert "pillaged" in scenario_rules.ostracism_barred(s, PERICLES)
    s.flags["pillaged_now:attica"] = s.year * 100 + 1 * 10 + SPARTA  # Spring, by Sparta
    assert scenario_rules.ostracism_barred(s, PERICLES) == ""
    s.season = 3
    assert scenario_rules.ostracism_barred(s, PERICLES)
    assert scenario_rules.civil_war_barred(board({}, scenario="413", leaders=True), ATHENS) == ""


@pytest.mark.rule("15.1")  # KEY pericles_plague
def test_the_second_plague_in_athens_kills_pericles_and_ends_plagues():
    s = board({}, leaders=True)
    scenario_rules.note_plague_in_athens(s)
    assert s.leaders[ATHENS] == PERICLES and scenario_rules.plague_barred(s) == ""
    scenario_rules.note_plague_in_athens(s)
    assert s.leaders[ATHENS] is None and all(n != PERICLES for n, _ in s.in_play)
    assert "no further plague" in scenario_rules.plague_barred(s)
    year_end.reshuffle(s)
    assert PERICLES not in s.deck  # his card leaves the game


@pytest.mark.rule("12.0")  # KEY peace_of_nicias
def test_peace_land_units_stay_home_and_fleets_pass_enemies_but_end_at_home():
    s = board({"S1": ("laconia", 3), "A12": ("andros_sea", 3), "S20": ("saronic_gulf", 3),
               "A13": ("attica", 3)}, scenario="415", year=415)
    assert _move(s, "S1", ["arcadia"]).end == P("arcadia")  # Mantinea: Spartan home colour
    with pytest.raises(IllegalAction, match="home territory"):
        _move(s, "S1", ["argolis"])
    plan = _move(s, "A12", ["saronic_gulf", "attica"])  # sails through the Spartan fleet
    assert plan.end == P("attica") and not plan.engage_via
    with pytest.raises(IllegalAction, match="may not engage"):
        _move(s, "A12", ["saronic_gulf"])
    with pytest.raises(IllegalAction, match="offshore seas"):
        _move(s, "A13", ["andros_sea"])
    assert scenario_rules.capacity(s, P("attica")) == 3 * IX.city_value[P("attica")]
    assert s.flags.get("no_rebels") == 1
    assert "Peace of Nicias" in recruit_barred(s, U("S36"))
    revolt = next(n for n, c in WORLD.cards.items() if c.event == "revolt")
    assert "Peace of Nicias" in events.event_reason(s, SPARTA, revolt, False)


@pytest.mark.rule("12.0")  # KEY peace_of_nicias
def test_peace_forced_marches_succeed_at_once_in_greece_only():
    # within GREECE a forced sail needs no roll (§12.0 rule 2b) ...
    s = board({"A12": ("gulf_of_corinth", 3)}, scenario="415", year=415)
    u = U("A12")
    plan = plan_move(s, u, [P("gulf_of_patrae"), P("sea_of_leucas"),
                            P("sea_of_corcyra"), P("corcyra")], forced=True,
                     limits=scenario_rules.move_limits(s, u))
    assert plan.forced_target == -1 and plan.end == P("corcyra")
    # ... but one into the Gulf of Rhegium (SICILY) is rolled for as usual (§5.3)
    s = board({"A49": ("corcyra", 3)}, scenario="415", year=415)
    u = U("A49")
    plan = plan_move(s, u, [P("sea_of_corcyra"), P("ionian_gulf"), P("ionian_sea"),
                            P("gulf_of_rhegium")], forced=True,
                     limits=scenario_rules.move_limits(s, u))
    assert plan.forced_target == P("gulf_of_rhegium") and plan.end == P("ionian_sea")


@pytest.mark.rule("12.0")  # KEY sicily_campaign_prep
def test_pro_athenian_units_may_also_end_at_corcyra_under_the_peace():
    s = board({"A12": ("sea_of_leucas", 3), "S20": ("sea_of_leucas", 3)}, scenario="415",
              year=415)
    assert _move(s, "A12", ["sea_of_corcyra"]).end == P("sea_of_corcyra")
    with pytest.raises(IllegalAction, match="home territory"):
        _move(s, "S20", ["sea_of_corcyra"])


@pytest.mark.rule("12.0")  # KEY public_works
def test_public_works_costs_athens_an_action_without_six_expeditionaries_in_sicily():
    s = board({}, scenario="415", year=415)
    s.played = [{"card": 17, "use": "actions"}, None]
    assert peace.actions_for_turn(s, ATHENS) == 2
    for k in ("A47", "A48", "A49", "A50", "A51", "A52"):
        s.loc[U(k)], s.cv[U(k)] = P("catana"), 2
    assert peace.actions_for_turn(s, ATHENS) == 3
    s.loc[U("A52")] = P("attica")
    s.loc[U("A58")], s.cv[U("A58")] = P("catana"), 2  # Sicilian allies are not expeditionaries
    assert peace.actions_for_turn(s, ATHENS) == 2


@pytest.mark.rule("15.2")  # KEY peace_unbreakable
def test_the_peace_cannot_be_broken_in_the_sicily_scenario():
    assert not peace.can_declare(board({}, scenario="sicily"))
    assert peace.can_declare(board({}, scenario="415"))


@pytest.mark.rule("12.1")  # KEY war_can_resume
@pytest.mark.rule("12.13")  # KEY spartan_recruits_41_46
def test_war_resumes_at_the_start_of_a_turn_for_the_year_cost():
    game = Game.new("415", seed=3)
    while game.prompt.kind != "declare_war":
        game.apply(game.legal_actions()[0])
    side = game.prompt.side
    st = game.state
    assert all(st.loc[u] == ASIDE for u in range(100, 106))
    act(game, "declare_war", declare=True)
    assert st is not game.state
    st = game.state
    assert st.prestige == (-10 if side == "athens" else 5)
    assert scenario_rules.war_resumed(st) and not scenario_rules.peace(st)
    assert all(st.loc[u] == POOL for u in range(100, 106))
    assert "no_rebels" not in st.flags
    assert peace.war_cost(board({}, scenario="415", year=413), SPARTA) == 3
    assert peace.war_cost(board({}, scenario="415", year=410), ATHENS) == 0


@pytest.mark.rule("15.3")  # KEY war_resumed
@pytest.mark.rule("12.12")  # KEY decelea
def test_413_starts_at_war_with_decelea_capacity():
    s = board({}, scenario="413")
    assert scenario_rules.war_resumed(s) and not scenario_rules.peace(s)
    assert scenario_rules.capacity(s, P("boeotia")) == 12
    assert scenario_rules.capacity(board({}), P("boeotia")) == 8
    assert not peace.can_declare(s)


@pytest.mark.rule("13.2")  # KEY persian_units_need_aid
def test_persian_units_and_persia_need_persian_aid():
    s = board({}, scenario="413")
    assert "Persian Aid" in recruit_barred(s, U("S41"))
    scenario_rules.refresh_neutral(s)
    assert s.neutral[P("lydia")] and s.neutral[P("phrygia")]
    s.in_play.append([PERSIAN_AID, SPARTA])
    scenario_rules.refresh_neutral(s)
    assert not s.neutral[P("lydia")] and recruit_barred(s, U("S41")) is None


@pytest.mark.rule("15.2")  # KEY sicily_neutral
def test_sicily_actions_cost_double_and_pillage_pays_nothing_until_expeditionaries_came():
    s = board({"A58": ("catana", 2)}, scenario="sicily", year=415)
    s.season = 1
    assert scenario_rules.action_cost(s, P("catana")) == 2
    assert scenario_rules.action_cost(s, P("attica")) == 1
    assert scenario_rules.pillage_prestige(s, P("syracuse"), 1) == 0
    scenario_rules.note_season_end(s)  # a Sicilian ally is no expeditionary
    assert scenario_rules.sicily_neutral_now(s)
    s.loc[U("A47")], s.cv[U("A47")] = P("catana"), 3
    assert scenario_rules.action_cost(s, P("catana")) == 2  # not in an earlier season yet
    scenario_rules.note_season_end(s)
    assert scenario_rules.action_cost(s, P("catana")) == 1
    assert scenario_rules.pillage_prestige(s, P("syracuse"), 1) == 1
    s.year = 414
    assert scenario_rules.action_cost(s, P("catana")) == 2  # a new year: neutral again


@pytest.mark.rule("15.2")  # KEY sicily_neutral
def test_a_group_move_in_neutral_sicily_needs_two_actions():
    s = board({"A58": ("segesta", 2)}, scenario="sicily", year=415)
    game = action_game(s, "athens", 1)
    assert not any(a["type"] == "move_group" for a in game.legal_actions())
    with pytest.raises(IllegalAction, match="double in neutral Sicily"):
        game.apply({"type": "move_group", "side": "athens", "area": "segesta"})


@pytest.mark.rule("15.2")
def test_expeditionaries_that_came_and_went_within_a_season_end_sicilys_neutrality():
    # an Athenian fleet stands at Catana as Spring begins and sails out of Sicily that Spring:
    # it has been in Sicily, so from the next season on actions there cost the usual amount
    s = board({"A49": ("catana", 3)}, scenario="sicily", year=415)
    s.season, s.first = 1, ATHENS
    s.played = [{"card": 17, "use": "actions"}, {"card": 21, "use": "actions"}]  # 3 actions
    s.stack = [{"kind": "year", "stage": 5}, {"kind": "season", "season": 1, "stage": 3},
               {"kind": "turn", "side": ATHENS, "stage": 0}]  # Athens' turn begins
    game = Game(HELLENES, s, seed=1)
    assert scenario_rules.sicily_neutral_now(game.state)
    act(game, "move_group", area="catana")
    away = next(a for a in game.legal_actions() if a["type"] == "move"
                and IX.region[P(a["path"][-1])] != "sicily")
    game.apply(away)  # the group's only unit; its 2 actions (§15.2) were Athens' last
    while game.state.season == 1:
        game.apply(game.legal_actions()[0])
    assert IX.region[game.state.loc[U("A49")]] != "sicily"
    assert not scenario_rules.sicily_neutral_now(game.state)
    assert scenario_rules.action_cost(game.state, P("syracuse")) == 1
    assert [e["rule"] for e in game.log if e["kind"] == "sicily_entered"] == ["15.2"]


@pytest.mark.rule("15.2")  # KEY athens_units_frozen_until_414
@pytest.mark.rule("15.2")  # KEY greek_recruits_to_sicily
def test_units_that_started_in_athens_wait_for_414_but_recruits_do_not():
    s = board({"A55": ("attica", 2), "A12": ("attica", 2)}, scenario="sicily", year=415)
    assert scenario_rules.setup_area(s, U("A55")) == "attica"
    with pytest.raises(IllegalAction, match="before 414"):
        _move(s, "A55", ["boeotia"])
    assert scenario_rules.setup_area(s, U("A12")) == ""
    assert scenario_rules.move_limits(s, U("A12")).unit == ""
    s.year = 414
    assert scenario_rules.move_limits(s, U("A55")).unit == ""


@pytest.mark.rule("5.0")
@pytest.mark.rule("15.2")
def test_a_muster_is_offered_only_where_a_unit_may_go_within_the_scenario_limits():
    # §15.2 rule 3 holds A55 in Athens until 414: no muster may be offered for it alone
    game = action_game(board({"A55": ("attica", 2)}, scenario="sicily", year=415), "athens", 2)
    assert not [a for a in game.legal_actions() if a["type"] == "muster"]
    with pytest.raises(IllegalAction, match="can reach Plataea in a muster"):
        game.apply({"type": "muster", "side": "athens", "to": "plataea"})
    assert game.state.actions_left == 2
    # a unit free to move makes the muster legal, and the muster offers its move
    game = action_game(board({"A55": ("attica", 2), "A1": ("attica", 2)}, scenario="sicily",
                             year=415), "athens", 2)
    assert "plataea" in [a["to"] for a in game.legal_actions() if a["type"] == "muster"]
    act(game, "muster", to="plataea")
    assert {a["unit"] for a in game.legal_actions() if a["type"] == "move"} == {"A1"}


@pytest.mark.rule("15.2")  # KEY athens_units_frozen_until_414
def test_a_unit_held_in_athens_cannot_leave_as_a_fleets_passenger():
    s = board({"A49": ("attica", 3), "A56": ("attica", 2)}, scenario="sicily", year=415)
    fleet, held = U("A49"), U("A56")
    assert scenario_rules.setup_area(s, held) == "attica"
    with pytest.raises(IllegalAction, match="cannot be carried away: .*before 414") as err:
        plan_move(s, fleet, [P("saronic_gulf")], carry=held,
                  limits=scenario_rules.move_limits(s, fleet))
    assert str(err.value).count("§15.2") == 1            # the section is cited once
    assert held not in cargo_choices(s, fleet)
    s.year = 414
    assert held in cargo_choices(s, fleet)


@pytest.mark.rule("15.2")  # KEY sicilians_stay
def test_sicilian_units_never_leave_sicily():
    s = board({"S51": ("syracusan_sea", 3), "A58": ("segesta", 2)}, scenario="sicily",
              year=414)
    with pytest.raises(IllegalAction, match="cannot leave SICILY"):
        _move(s, "S51", ["ionian_sea"])
    assert _move(s, "S51", ["gulf_of_rhegium"]).end == P("gulf_of_rhegium")


@pytest.mark.rule("15.4")  # KEY expeditions
def test_only_the_years_expedition_may_enter_italy_or_sicily():
    s = board({"A49": ("ionian_gulf", 3), "A12": ("ionian_gulf", 3), "A57": ("attica", 3)},
              scenario="415", year=415)
    s.flags["war_resumed"] = 1  # lift the Peace so that only the expedition rule applies
    assert _move(s, "A49", ["ionian_sea"]).end == P("ionian_sea")
    with pytest.raises(IllegalAction, match="1st Expedition"):
        _move(s, "A12", ["ionian_sea"])
    s.flags.pop("war_resumed")
    with pytest.raises(IllegalAction, match="2nd Expedition cannot leave Athens"):
        _move(s, "A57", ["saronic_gulf"])
    s.year = 414
    with pytest.raises(IllegalAction, match="2nd Expedition"):
        _move(s, "A49", ["ionian_sea"])
    s.year = 413
    s.flags["war_resumed"] = 1
    assert _move(s, "A12", ["ionian_sea"]).end == P("ionian_sea")


@pytest.mark.rule("15.2")  # KEY gela_conditional
def test_gela_stops_being_neutral_once_a_gelan_unit_leaves():
    s = board({"S55": ("gela", 2)}, scenario="sicily", year=414)
    scenario_rules.refresh_neutral(s)
    assert s.neutral[P("gela")]
    s.loc[U("S55")] = P("camarina")
    scenario_rules.refresh_neutral(s)
    assert not s.neutral[P("gela")] and s.flags["gela_open"] == 1
    s.loc[U("S55")] = P("gela")
    scenario_rules.refresh_neutral(s)
    assert not s.neutral[P("gela")]  # once open, Gela stays open
