"""The Game API: apply on a clone, undo up to a barrier, save/load, replay, clone, repr."""

from __future__ import annotations

import copy
import json

import pytest
from support.hellenes_bot_positions import random_moves
from support.hellenes_mini_world import WORLD, action_phase, mini_world, position, unit_at

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.hellenes.world.records import SetupEntry

SETUP = [SetupEntry("athens", 1, "attica", 3), SetupEntry("athens", 2, "attica", 2),
         SetupEntry("athens", 3, "attica", 3), SetupEntry("sparta", 1, "laconia", 3),
         SetupEntry("sparta", 3, "messenia", 2), SetupEntry("sparta", 10, "corinth", 2)]
MINI = mini_world(SETUP)


def play(seed: int, steps: int) -> Game:
    return random_moves(Game.new("mini", seed, world=MINI), seed, steps)


def test_new_game_waits_for_both_players_new_year_cards():
    game = Game.new("mini", 3, world=MINI)
    p = game.prompt
    assert p.side == "both" and p.kind == "card_play"
    assert len(game.state.hands[0]) == len(game.state.hands[1]) == 6
    sides = {a["side"] for a in p.choices}
    assert sides == {"athens", "sparta"}
    assert all(a["use"] in ("sacrifice", "event") for a in p.choices)


def test_illegal_action_leaves_state_unchanged_and_says_why():
    game = action_phase(position({"S1": ("laconia", 3)}), "sparta", 2)
    before = game.state.clone()
    with pytest.raises(IllegalAction) as err:
        game.apply({"type": "build", "side": "sparta", "unit": "S99"})
    assert "S99" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        game.apply({"type": "fly", "side": "sparta"})
    assert "not an action" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        game.apply({"type": "end_actions", "side": "athens"})
    assert "not Athens's decision" in str(err.value)
    with pytest.raises(IllegalAction):
        game.apply(["not", "a", "dict"])  # type: ignore[arg-type]
    with pytest.raises(IllegalAction) as err:
        game.apply({"type": "move_group", "side": "sparta"})
    assert "'area'" in str(err.value)
    assert game.state == before
    assert game.history == []


def test_undo_restores_the_previous_state_but_not_across_a_roll():
    game = action_phase(position({"S1": ("laconia", 3), "S2": ("laconia", 2)}), "sparta", 3)
    start = game.state.clone()
    game.apply({"type": "move_group", "side": "sparta", "area": "laconia"})
    game.apply({"type": "move", "side": "sparta", "unit": "S1", "path": ["messenia"]})
    assert unit_at(game, "S1") == "messenia"
    game.undo()
    game.undo()
    assert game.state == start and game.history == []
    game.apply({"type": "recruit", "side": "sparta"})  # draws blocks: a barrier
    with pytest.raises(IllegalAction, match="nothing to undo"):
        game.undo()


def test_label_is_ignored_when_matching():
    game = Game.new("mini", 5, world=MINI)
    a = dict(game.legal_actions("athens")[0])
    a["label"] = "anything at all"
    game.apply(a)
    assert game.state.played[0]["card"] == a["card"]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_save_load_replay_and_clone_give_identical_states(seed):
    game = play(seed, 30)
    text = game.to_json()
    json.loads(text)
    loaded = Game.from_json(text, world=MINI)
    assert loaded.state == game.state
    assert loaded.history == game.history
    again = Game.replay("mini", seed, game.history, world=MINI)
    assert again.state == game.state
    twin = game.clone()
    assert twin.state == game.state
    if not twin.over:
        twin.apply(twin.legal_actions()[0])
        assert twin.state != game.state


def test_clone_shares_no_mutable_state():
    s = position({"S1": ("laconia", 3)})
    c = s.clone()
    c.loc[60] = 9
    c.hands[0].append(99)
    c.stack.append({"kind": "x"})
    c.event("x", "0", "only in the clone")
    c.garrisons[3] = [0, 1]
    assert s.loc[60] != 9 and 99 not in s.hands[0]
    assert {"kind": "x"} not in s.stack and 3 not in s.garrisons
    assert c.log[-1]["kind"] == "x" and all(e["kind"] != "x" for e in s.log)
    assert copy.deepcopy(s, {id(s.ix): s.ix}) == s


def test_bad_saves_are_refused_in_plain_words():
    with pytest.raises(ValueError, match="not valid JSON"):
        Game.from_json("{", world=WORLD)
    with pytest.raises(ValueError, match="not a saved Hellenes game"):
        Game.from_json("{}", world=WORLD)


def test_repr_has_no_memory_address():
    game = Game.new("mini", 1, world=MINI)
    text = repr(game)
    assert "0x" not in text and "mini" in text and "431" in text


def test_unknown_scenario_is_named():
    with pytest.raises(ValueError, match="unknown scenario 'nope'"):
        Game.new("nope", 1, world=MINI)
