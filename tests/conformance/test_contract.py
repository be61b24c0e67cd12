"""Every game on the core gives what the core's ``Game`` calls (docs/architecture.md, "The
Ruleset protocol"), for every registered game and the toy: the members exist, the roles are
distinct, every scenario sets up, and what each role (and "all", the teacher) sees is JSON."""

from __future__ import annotations

import json

from conformance.playing import positions, start

#: the members ``Game`` and the services around it read of a ruleset
MEMBERS = ("name", "title", "roles", "steps", "scenarios", "perfect_information", "sets_up",
           "setup", "check_shape", "view", "log_for", "result", "describe", "save_state",
           "read_save")
CALLED = ("sets_up", "setup", "check_shape", "view", "log_for", "result", "describe",
          "save_state", "read_save")


def test_the_ruleset_has_every_member_the_core_calls(ruleset):
    missing = [m for m in MEMBERS if not hasattr(ruleset, m)]
    assert not missing, f"{ruleset.name} lacks {missing}"
    assert [m for m in CALLED if not callable(getattr(ruleset, m))] == []
    assert isinstance(ruleset.name, str) and ruleset.name
    assert isinstance(ruleset.title, str) and ruleset.title
    assert isinstance(ruleset.perfect_information, bool)
    assert ruleset.scenarios and all(isinstance(s, str) for s in ruleset.scenarios)


def test_the_roles_are_distinct_and_the_steps_know_them(ruleset):
    roles = ruleset.roles
    assert len(roles) >= 2 and len(set(roles)) == len(roles), roles
    assert "all" not in roles  # "all" is the teacher's view
    assert tuple(ruleset.steps.roles) == tuple(roles)


def test_every_scenario_sets_up_and_every_view_is_json(ruleset, scenario):
    assert ruleset.sets_up(scenario)
    game = start(ruleset, scenario, 1)
    assert game.state.scenario == scenario
    assert not game.over and game.legal_actions(), "the scenario starts with nothing to do"
    assert game.result is None
    assert isinstance(ruleset.describe(game.state), str)
    for role in (*ruleset.roles, "all"):
        view = game.view(role)
        assert isinstance(view, dict)
        assert json.loads(json.dumps(view)) == view, f"{role}'s view does not survive JSON"
        log = game.log_for(role)
        assert json.loads(json.dumps(log)) == log
    json.dumps(ruleset.save_state(game.state))


def test_a_scenario_it_does_not_know_is_refused_in_words(ruleset):
    assert not ruleset.sets_up("no-such-scenario")
    try:
        ruleset.setup("no-such-scenario", 1)
    except ValueError as exc:
        assert "no-such-scenario" in str(exc)
    else:
        raise AssertionError(f"{ruleset.name} set up a scenario it does not have")


def test_every_registered_game_is_in_the_suite(request, registered_names):
    seen = {item.callspec.params["ruleset"].name for item in request.session.items
            if hasattr(item, "callspec") and "ruleset" in item.callspec.params}
    assert {"hellenes", "earth-water"} <= registered_names
    assert registered_names | {"toy"} <= seen


def test_a_roles_log_read_from_any_point_is_the_end_of_its_whole_log(ruleset, scenario):
    """``log_for(role, start)`` reads the events from ``start`` on as the role may: the end of
    ``log_for(role)``, which is also the view's ``log`` when the view has one."""
    for game in positions(ruleset, scenario, 2, 200, 4):
        for role in (*ruleset.roles, "all"):
            whole = game.log_for(role)
            view = game.view(role)
            assert view.get("log", whole) == whole, f"{role}'s view holds another log"
            for first in range(0, len(game.log) + 1, max(1, len(game.log) // 5)):
                part = game.log_for(role, first)
                assert len(part) <= len(whole)
                assert not part or whole[-len(part):] == part, (
                    f"{role}'s log from event {first} is not the end of its whole log")


def test_every_registered_game_without_a_board_is_named_as_not_yet_on_the_dashboard(
        registered_names):
    """A registered game with no dashboard part is listed in NO_BOARD_YET with the reason (the
    board tests skip it only by that name); a game on the list that has a board leaves it."""
    from conformance.conftest import NO_BOARD_YET

    from hellenes_nb.core.catalog import plugin_for, rulesets

    boardless = {r.name for r in rulesets()
                 if r.name in registered_names and plugin_for(r).dashboard is None}
    assert boardless == set(NO_BOARD_YET), (
        f"games without a dashboard board: {sorted(boardless)}; listed as not yet on the "
        f"dashboard: {sorted(NO_BOARD_YET)}")

