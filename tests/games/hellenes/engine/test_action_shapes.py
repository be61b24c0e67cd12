"""Actions carry exactly the keys of a listed action of their type (rules/shapes.py): the shape
table matches what the steps list, key for key, and anything else is refused before any rule
reads it, naming the key, with the game and its history unchanged."""

from __future__ import annotations

import itertools
import random
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellenes_nb.core.game import Game, new_game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.hellenes.shapes import SHAPES
from hellenes_nb.selfplay import pick

SCENARIOS = ("431", "sicily", "413", "415")
#: keys a few random games seldom list (a land unit reduced to board, §5.21: listed only after a
#: 'board' choice); tests/engine/test_movement.py lists them
UNLISTED: set[tuple[str, str]] = set()
#: types that random games of a few seeds may not list (which ones depends on the games);
#: tests/siege/test_hooks.py lists "join" and tests/siege/test_pillage.py "withdraw"
RARE = {"join", "withdraw"}


def _games(seeds: int):
    """(game, legal actions) at every decision of seeded random games of each scenario."""
    for scenario in SCENARIOS:
        for seed in range(seeds):
            game = new_game(scenario, seed)
            rng = random.Random(seed)
            for _ in range(3000):
                if game.over:
                    break
                legal = game.legal_actions()
                yield game, legal
                game.apply(pick(rng, legal, "brisk"))


@pytest.fixture(scope="module")
def listed() -> dict[str, set[frozenset[str]]]:
    """Per action type, every key set (besides type, side and label) that was listed."""
    seen: dict[str, set[frozenset[str]]] = defaultdict(set)
    for _game, legal in _games(6):
        for a in legal:
            seen[a["type"]].add(frozenset(a) - {"type", "side", "label"})
    return seen


def _allowed(t: str) -> set[frozenset[str]]:
    """Every key set the shape of ``t`` allows, without the keys no listing offers."""
    shape = SHAPES[t]
    optional = [k for k in shape.may if (t, k) not in UNLISTED]
    return {frozenset(shape.need) | frozenset(extra)
            for n in range(len(optional) + 1) for extra in itertools.combinations(optional, n)
            if all(shape.only_with[k] in extra for k in extra if k in shape.only_with)}


def test_the_shape_table_is_exactly_what_the_steps_list(listed):
    assert set(listed) <= set(SHAPES), "a listed action type has no shape"
    assert set(SHAPES) - set(listed) <= RARE
    for t, keysets in listed.items():
        assert keysets == _allowed(t), t


def test_listed_values_are_of_the_declared_kinds():
    for _game, legal in _games(2):
        for a in legal:
            shape = SHAPES[a["type"]]
            for key, value in a.items():
                kind = shape.need.get(key) or shape.may.get(key)
                if kind is not None:
                    assert kind.why(value) == "", (a, key)


def _refused(game: Game, action: dict) -> str:
    before, history = game.state.clone(), list(game.history)
    with pytest.raises(IllegalAction) as err:
        game.apply(action)
    assert game.state == before and game.history == history
    return str(err.value)


def test_an_extra_key_is_refused_at_every_kind_of_decision():
    """Steps that check actions by hand (cards, moves, the action phase, winter, retreats)
    took extra keys and stored them in the history."""
    kinds = set()
    for game, legal in _games(2):
        kinds.add(game.state.stack[-1]["kind"])
        msg = _refused(game, {**random.Random(len(game.history)).choice(legal), "zzz": 1})
        assert "'zzz'" in msg and "does not take" in msg
    assert {"card_play", "actions", "group_move", "winter_actions"} <= kinds


def test_the_issue_example_play_card_with_a_god_and_an_unknown_key():
    game = new_game("431", 1)
    event = next(a for a in game.legal_actions() if a.get("use") == "event")
    assert "'zzz'" in _refused(game, {**event, "god": "zeus", "zzz": 1})
    # the god alone is no key of an event play either (§10.3: only a Sacrifice names one)
    assert "names its 'god'" in _refused(game, {**event, "god": "zeus"})
    sacrifice = next(a for a in game.legal_actions() if a.get("use") == "sacrifice")
    assert "names its 'god'" in _refused(game, {k: v for k, v in sacrifice.items()
                                                if k != "god"})


def test_a_missing_key_is_named():
    game = new_game("431", 1)
    event = next(a for a in game.legal_actions() if a.get("use") == "event")
    del event["card"]
    assert "needs the key(s) 'card'" in _refused(game, event)


def test_carry_cv_goes_only_with_a_carried_unit():
    game = new_game("431", 0)
    rng = random.Random(0)
    while game.prompt.kind != "group_move":
        game.apply(pick(rng, game.legal_actions(), "uniform"))
    move = next(a for a in game.legal_actions() if a["type"] == "move" and "carry" not in a)
    assert "'carry_cv' goes only with 'carry'" in _refused(game, {**move, "carry_cv": 1})


#: values of the wrong kind for any key: never a TypeError, KeyError or a traceback
WRONG = st.one_of(st.none(), st.floats(allow_nan=True), st.binary(max_size=4),
                  st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3),
                                                                      st.integers(), max_size=2),
                  st.integers(min_value=10**7), st.text(min_size=101, max_size=120),
                  st.booleans(), st.integers(-5, 5), st.text(max_size=5))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 50), steps=st.integers(0, 60), which=st.integers(0, 10**6),
       value=WRONG)
def test_a_listed_action_with_one_value_changed_is_applied_or_refused_cleanly(
        seed, steps, which, value):
    game = new_game("431", seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            return
        game.apply(pick(rng, game.legal_actions(), "brisk"))
    if game.over:
        return
    legal = game.legal_actions()
    action = legal[which % len(legal)]
    keys = sorted(set(action) - {"label"})
    action = {**action, keys[which % len(keys)]: value}
    before = len(game.history)
    try:
        game.apply(action)
    except IllegalAction as exc:
        assert len(str(exc)) < 2100
        assert len(game.history) == before
    else:  # only an action listed as it now stands goes through, as it was listed
        stored = game.history[before]
        assert any(stored == {k: v for k, v in a.items() if k != "label"}
                   and all(type(stored[k]) is type(a[k]) for k in stored) for a in legal)


def test_the_history_keeps_the_chosen_action_without_its_label():
    game = new_game("413", 4)
    rng = random.Random(4)
    for _ in range(200):
        if game.over:
            break
        a = pick(rng, game.legal_actions(), "brisk")
        game.apply(a)
        assert game.history[-1] == {k: v for k, v in a.items() if k != "label"}


def _same_value_other_type(value):
    """A value equal to ``value`` in Python but of another type (True == 1, 2 == 2.0)."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return float(value)
    return None


def test_a_value_equal_but_of_another_type_is_refused():
    """``{"accept": 1}`` equals ``{"accept": True}``: a listed action compared by value let it
    through and the history kept the 1."""
    tried = set()
    for game, legal in _games(2):
        for a in legal:
            for key, value in a.items():
                other = _same_value_other_type(value)
                if other is None or (a["type"], key) in tried:
                    continue
                tried.add((a["type"], key))
                assert "must be" in _refused(game, {**a, key: other}), (a, key)
    assert {("forced_march", "accept"), ("retreat", "city"), ("play_card", "card")} <= tried
