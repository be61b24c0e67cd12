"""The conformance checks can fail: each is run on a toy game spoilt in the way it looks for,
and must object (a check that passes everything would prove nothing).

- a refusal in Python's words instead of the game's (a shape check raising TypeError);
- undo that does not give back the log (a state whose copies share it), and a replay that
  does not reach the same position (a die that is not the game's seeded dice);
- a view that shows the other side's hand;
- a game that stops with nothing to choose.
"""

from __future__ import annotations

import random
from typing import Any

import conformance.test_fuzz as fuzz
import conformance.test_identity as identity
import pytest
from conformance import infosets
from conformance.playing import positions, start
from conformance.test_hidden_views import differences
from conformance.test_illegal_actions import _refused
from support.cardtoy import CardToy, redeal
from support.toygame import Over, Roll, Take, Toy, ToyState

from hellenes_nb.core.catalog import GamePlugin, register_game, unregister_game
from hellenes_nb.core.steps import StepRegistry


class _Rude(Toy):
    """Refuses an unknown key with TypeError, not IllegalAction."""

    name = "rude-toy"

    def check_shape(self, action: dict) -> dict | None:
        if set(action) - {"type", "side", "n", "label"}:
            raise TypeError("unexpected keyword")
        return super().check_shape(action)


class _SharedLog(ToyState):
    def clone(self) -> ToyState:
        other = super().clone()
        other.__class__ = _SharedLog
        other.log = self.log  # the spoiling: copies share one log
        return other


class _Spoilt(Toy):
    """A toy of its own name and scenario, to be put in the catalogue beside the toy."""

    scenario = ""

    @property
    def scenarios(self) -> tuple[str, ...]:
        return (self.scenario,)


class _Forgetful(_Spoilt):
    """Its state's copies share the log, so undo cannot give it back."""

    name, scenario = "forgetful-toy", "forgetful-pile"

    def setup(self, scenario: str, seed: int, **options: Any) -> ToyState:
        state = _SharedLog.__new__(_SharedLog)
        state.__dict__ = ToyState(scenario, seed).__dict__
        return state


class _Unseeded(_Spoilt):
    """Its first pile is not the seed's: a replay starts elsewhere."""

    name, scenario = "unseeded-toy", "unseeded-pile"

    def setup(self, scenario: str, seed: int, **options: Any) -> ToyState:
        state = ToyState(scenario, seed)
        state.pile = random.randint(3, 30)
        return state


class _Stuck(Take):
    """Nobody may take the last stone: play stops with nothing to choose."""

    def legal(self, state: ToyState, frame: dict, side: int) -> list[dict]:
        return [a for a in super().legal(state, frame, side) if a["n"] < state.pile]


class _Peeking(CardToy):
    """Each player's view holds the other's hand."""

    def view(self, state, role: str) -> dict[str, Any]:
        return {**super().view(state, role), "hands": [sorted(h) for h in state.hands]}


@pytest.fixture
def in_catalogue():
    added = []

    def add(ruleset):
        added.append(register_game(GamePlugin(ruleset)))
        return ruleset

    yield add
    for plugin in added:
        unregister_game(plugin)


def test_a_refusal_in_pythons_words_fails_the_check():
    game = start(_Rude(), "toy-pile", 1)
    action = {**game.legal_actions()[0], "extra": 1}
    with pytest.raises(AssertionError, match="raised TypeError"):
        _refused(game, action)


def test_undo_that_does_not_give_back_the_log_fails_the_check(in_catalogue):
    ruleset = in_catalogue(_Forgetful())
    with pytest.raises(AssertionError, match="did not restore"):
        identity.test_undo_gives_back_the_position_before_and_stops_at_barriers(
            ruleset, "forgetful-pile")


def test_a_replay_that_starts_elsewhere_fails_the_check(in_catalogue):
    ruleset = in_catalogue(_Unseeded())
    random.seed(1)
    with pytest.raises(AssertionError, match="differ in position"):
        identity.test_a_replay_of_the_history_reaches_the_same_position(
            ruleset, "unseeded-pile")


def test_a_view_showing_the_other_hand_fails_the_check(monkeypatch):
    monkeypatch.setitem(infosets.SAMPLERS, "card-toy", redeal)
    rng = random.Random(1)
    fair = [d for g in positions(CardToy(), "card-toy", 1, 6, 3) for d in
            differences(g, "first", rng)]
    assert fair == []
    game = start(_Peeking(), "card-toy", 1)
    assert differences(game, "first", random.Random(3), draws=8)


def test_a_game_that_stops_with_nothing_to_choose_fails_the_fuzz():
    stuck = Toy()
    stuck.steps = StepRegistry("stuck-toy", stuck.roles, (Roll(), _Stuck(), Over()))
    with pytest.raises(AssertionError, match="nothing to choose"):
        fuzz.test_random_games_keep_the_invariants(stuck, "toy-pile", None, frozenset())
