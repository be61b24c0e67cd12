"""Fields a clone shares with its original until one of them uses them (``state.COPY_ON_USE``).

A change made through either state after ``clone()`` must never show in the other, whichever
of the two touches the field first, and however many clones share it."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellenes_nb.core.game import new_game
from hellenes_nb.games.hellenes.state import COPY_ON_USE, FIELDS, State


def _state() -> State:
    game = new_game("431", seed=4)
    rng = random.Random(4)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions()))
    return game.state


def _change(s: State, name: str, tag: int) -> None:
    """Change field ``name`` of ``s`` in place, the way rule code does."""
    value = getattr(s, name)
    if name == "dice":
        for _ in range(tag):
            value.randbelow(1000)
    elif name in ("hands", "sacrifices"):
        value[0].append(tag)
    elif isinstance(value, dict):
        value[10_000 + tag] = [tag]
    elif isinstance(value, list):
        value.append(tag)
    else:  # array or bytearray of small ints, one per unit or place
        value[0] = (value[0] + 1 + tag) % 100


def _snapshot(s: State) -> dict:
    out = {f: repr(getattr(s, f)) for f in FIELDS if f not in ("ix", "log")}
    out["dice"] = repr(s.dice.to_dict())
    return out


def test_every_shared_field_is_a_state_field():
    assert set(COPY_ON_USE) <= set(FIELDS)


@pytest.mark.parametrize("name", sorted(COPY_ON_USE))
@pytest.mark.parametrize("first", ["original", "clone"])
def test_a_change_after_clone_stays_in_the_state_that_made_it(name, first):
    s = _state()
    before = _snapshot(s)
    c = s.clone()
    a, b = (s, c) if first == "original" else (c, s)
    _change(a, name, 1)
    assert _snapshot(b) == before
    assert _snapshot(a)[name] != before[name]
    _change(b, name, 2)
    assert _snapshot(a)[name] != _snapshot(b)[name]


def test_dice_of_a_clone_roll_the_same_faces_independently():
    s = _state()
    c = s.clone()
    faces = [s.dice.roll() for _ in range(20)]
    assert [c.dice.roll() for _ in range(20)] == faces
    assert s.dice == c.dice


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.sampled_from(sorted(COPY_ON_USE))),
                min_size=1, max_size=12))
def test_chains_of_clones_never_share_a_change(ops):
    """Clone a family of states and change fields in any order: each state sees exactly the
    changes made through it and its ancestors before each clone was taken."""
    root = _state()
    family = [root]
    expected = [_snapshot(root)]
    for tag, (who, name) in enumerate(ops):
        who %= len(family)
        if tag % 3 == 0:
            family.append(family[who].clone())
            expected.append(_snapshot(family[who]))
            continue
        _change(family[who], name, tag)
        expected[who] = _snapshot(family[who])
    assert [_snapshot(s) for s in family] == expected


def test_saved_state_reads_through_shared_fields():
    s = _state()
    c = s.clone()
    assert c.to_dict() == s.to_dict()
    assert c == s


def test_copy_copy_gives_an_independent_clone():
    s = _state()
    c = copy.copy(s)
    c.hands[0].append(999)
    c.cv[0] += 1
    assert 999 not in s.hands[0] and s.cv[0] != c.cv[0]
