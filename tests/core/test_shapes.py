"""core.shapes.check_shape: the shared check of a flat action's keys and value kinds, used by
Earth & Water and Amphipolis; what does not fit is named in plain words."""

from __future__ import annotations

import pytest

from hellenes_nb.core.shapes import check_shape
from hellenes_nb.core.steps import IllegalAction

SHAPES = {"go": {"side": str}, "move": {"side": str, "to": str, "n": int}}


def test_a_fitting_action_comes_back_clean_without_its_label():
    assert check_shape(SHAPES, {"type": "move", "side": "a", "to": "T5", "n": 2,
                                "label": "words"}) == {"type": "move", "side": "a", "to": "T5",
                                                       "n": 2}


def test_an_unknown_type_is_left_to_the_rules():
    assert check_shape(SHAPES, {"type": "fly", "side": "a"}) is None
    assert check_shape(SHAPES, {"type": 3}) is None


@pytest.mark.parametrize("action,words", [
    ({"type": "go", "side": "a", "extra": 1}, "a go action takes side, not 'extra'"),
    ({"type": "move", "side": "a", "to": "T5", "n": "2"}, "the 'n' of a move action must be int"),
    ({"type": "move", "side": "a", "n": True}, "must be int"),
    ({"type": "move", "side": "a", "n": 2}, "a move action needs to"),
])
def test_what_does_not_fit_is_named(action, words):
    with pytest.raises(IllegalAction, match=words):
        check_shape(SHAPES, action)
