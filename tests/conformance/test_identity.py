"""Replays, saves and undo give back exactly the same game, in every game on the core
(docs/architecture.md, "Conformance suite"):

- ``Game.replay(scenario, seed, history)`` reaches the very position the game is in;
- ``Game.from_json(game.to_json())``, at several points of a game, is the same game (position,
  history, what each role sees, the choices) and plays on the same;
- ``undo`` gives back exactly the position and history before the last action, and is not
  offered at the start nor right after a barrier (a die rolled, something revealed).

Each on seeded random games of every scenario."""

from __future__ import annotations

import random

from conformance.playing import played, positions, saved

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction, strip_label

SEEDS = (1, 2)
#: actions at most a game, and the points of it checked
ACTIONS, POINTS = 120, 4


def _same(a: Game, b: Game) -> None:
    assert saved(a) == saved(b), f"{a!r} and {b!r} differ in position"
    assert [strip_label(x) for x in a.history] == [strip_label(x) for x in b.history]
    for role in (*a.roles, "all"):
        assert a.view(role) == b.view(role), f"{role} sees another game"
    assert a.legal_actions() == b.legal_actions()


def test_a_replay_of_the_history_reaches_the_same_position(ruleset, scenario):
    for seed in SEEDS:
        for game in positions(ruleset, scenario, seed, ACTIONS, POINTS):
            _same(Game.replay(scenario, seed, list(game.history)), game)


def test_a_saved_game_loads_as_the_same_game_and_plays_on_the_same(ruleset, scenario):
    for seed in SEEDS:
        for game in positions(ruleset, scenario, seed, ACTIONS, POINTS):
            loaded = Game.from_json(game.to_json())
            _same(loaded, game)
            rng = random.Random(seed)
            for _ in range(8):
                if game.over:
                    break
                action = rng.choice(game.legal_actions())
                game.apply(action)
                loaded.apply(action)
            _same(loaded, game)


def test_undo_gives_back_the_position_before_and_stops_at_barriers(ruleset, scenario):
    undone = barriers = 0
    for seed in SEEDS:
        game = Game(ruleset, ruleset.setup(scenario, seed), seed)
        assert not game.can_undo, "undo offered before any action"
        rng = random.Random(seed)
        for _ in range(ACTIONS):
            if game.over:
                break
            before, history = saved(game), list(game.history)
            action = rng.choice(game.legal_actions())
            game.apply(action)
            after = saved(game)
            if game.state.barrier:
                barriers += 1
                assert not game.can_undo, f"undo offered right after a barrier: {game!r}"
                try:
                    game.undo()
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"undo passed a barrier: {game!r}")
                assert saved(game) == after
                continue
            if not game.can_undo or rng.random() < 0.5:
                continue
            game.undo()
            undone += 1
            assert saved(game) == before, f"undo of {strip_label(action)} did not restore"
            assert game.history == history
            game.apply(action)  # the same action again: the same position
            assert saved(game) == after
    assert undone > 0, "no action could be undone: the check saw nothing"
    assert barriers > 0, "no barrier was met: the check saw nothing"


def test_undo_of_several_actions_goes_back_step_by_step(ruleset, scenario):
    """Undo after undo walks back through every saved position since the last barrier."""
    walked = 0
    for game in played(ruleset, scenario, 3, ACTIONS):
        if not game.can_undo:
            continue
        trail = Game.replay(scenario, 3, [])
        states = [saved(trail)]
        for action in game.history:
            trail.apply(action)
            states.append(saved(trail))
        copy = game.clone()
        n = len(copy.history)
        while copy.can_undo:
            copy.undo()
            assert saved(copy) == states[len(copy.history)]
            walked += 1
        assert len(copy.history) < n
        if walked > 6:
            break
    assert walked > 0
