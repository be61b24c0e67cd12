"""The core drives a game it does not know (docs/architecture.md): a toy ruleset
(tests/support/toygame.py) runs through the generic Game, and the registries refuse what
would make a scenario or a step ambiguous."""

from __future__ import annotations

import pytest
from support.toygame import Over, Roll, Take, Toy

from hellenes_nb import Game, IllegalAction, new_game
from hellenes_nb.core.catalog import (
    GamePlugin,
    plugins,
    register_game,
    ruleset_for,
    scenario_ids,
    unregister_game,
)
from hellenes_nb.core.steps import StepRegistry


def register_ruleset(ruleset):
    """Register a bare ruleset (a plugin record with nothing but it); the ruleset back."""
    return register_game(GamePlugin(ruleset)).ruleset


def unregister_ruleset(ruleset):
    for plugin in [p for p in plugins() if p.ruleset is ruleset]:
        unregister_game(plugin)


@pytest.fixture
def toy():
    ruleset = register_ruleset(Toy())
    yield ruleset
    unregister_ruleset(ruleset)


def test_the_generic_game_plays_a_toy_game_to_its_end(toy):
    game = new_game("toy-pile", seed=5)
    assert game.ruleset is toy and game.roles == ("first", "second")
    assert game.prompt.side == "first" and game.prompt.kind == "take"
    moves = 0
    while not game.over:
        side = game.prompt.side
        game.apply(game.legal_actions(side)[-1])
        moves += 1
        assert moves < 100
    assert game.result["winner"] in ("first", "second")
    assert game.prompt.side == "none" and game.legal_actions() == []


def test_refusals_leave_the_toy_game_unchanged(toy):
    game = new_game("toy-pile", seed=1)
    before = game.to_json()
    for bad in ({"type": "take", "side": "second", "n": 1},
                {"type": "take", "side": "first", "n": 9},
                {"type": "take", "side": "first", "n": 1, "zzz": 1},
                {"type": "jump", "side": "first"},
                {"type": "take", "side": "nobody", "n": 1}):
        with pytest.raises(IllegalAction):
            game.apply(bad)
        assert game.to_json() == before


def test_toy_undo_stops_at_the_die_and_saves_replay(toy):
    game = new_game("toy-pile", seed=3)
    game.apply(game.legal_actions()[0])  # the next turn's die is rolled: a barrier
    with pytest.raises(IllegalAction, match="nothing to undo"):
        game.undo()
    copy = Game.from_json(game.to_json())
    assert copy.to_json() == game.to_json() and copy.ruleset is toy
    clone = game.clone()
    clone.apply(clone.legal_actions()[0])
    assert clone.history != game.history


def test_a_scenario_names_one_game(toy):
    assert ruleset_for("toy-pile") is toy and ruleset_for("431").name == "hellenes"
    assert "toy-pile" in scenario_ids() and "431" in scenario_ids()

    class Clash(Toy):
        name = "clash"

    with pytest.raises(ValueError, match="already a scenario of toy"):
        register_ruleset(Clash())
    with pytest.raises(ValueError, match="already registered"):
        register_ruleset(Toy())
    with pytest.raises(ValueError, match="unknown scenario 'nope'.*431.*toy-pile"):
        ruleset_for("nope")


def test_a_step_registry_refuses_two_steps_of_one_kind():
    with pytest.raises(ValueError, match="two steps handle frames of kind 'take'"):
        StepRegistry("twice", ("a", "b"), (Take(), Take()))
    steps = StepRegistry("once", ("a", "b"), (Roll(), Take(), Over()))
    with pytest.raises(ValueError, match="already belongs to once"):
        StepRegistry("again", ("a", "b"), steps.step_for({"kind": "take"}) and (
            steps.step_for({"kind": "take"}),))
    with pytest.raises(KeyError, match="no rule of once handles frames of kind 'fly'"):
        steps.step_for({"kind": "fly"})
    with pytest.raises(IllegalAction, match="a 'side' of 'a' or 'b'"):
        steps.role({"side": "c"})


def test_an_extended_registry_keeps_the_games_steps_and_adds_a_test_step():
    class End(Over):
        kind = "test_end"

    base = StepRegistry("base", ("a", "b"), (Roll(), Take(), Over()))
    wider = base.extended([End()])
    assert "test_end" in wider and "test_end" not in base
    assert wider.step_for({"kind": "take"}) is base.step_for({"kind": "take"})
    assert base.step_for({"kind": "take"}).registry is base


def test_go_is_all_or_nothing(toy):
    """Game.go applies a route of several actions: when one is refused, none stays."""

    class Routed(Toy):
        name = "routed"

        @property
        def scenarios(self):
            return ("toy-routed",)

        def targets(self, game, role, piece):
            return {"there": []}

        def route(self, game, role, piece, destination):
            return [game.legal_actions(role)[0], {"type": "take", "side": role, "n": 99}]

    routed = register_ruleset(Routed())
    try:
        game = new_game("toy-routed", seed=2)
        before = game.to_json()
        assert game.targets("first", "pile") == {"there": []}
        with pytest.raises(IllegalAction):
            game.go("first", "pile", "there")
        assert game.to_json() == before and game.history == []
        assert new_game("toy-pile").targets("first", "pile") == {}  # no pieces to move
    finally:
        unregister_ruleset(routed)
