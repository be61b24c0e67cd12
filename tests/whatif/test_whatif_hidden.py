"""Hidden facts between continuations (issue 32): each continuation of a position deals anew,
from its own seed, what no side has seen (the undealt deck's order, the dice) through the
game's ``GamePlugin.resample``; the same seed deals the same, and the lesson's own game (what
the lesson shows) is left as it was."""

from __future__ import annotations

from hellenes_nb.core.catalog import plugin_for
from hellenes_nb.lessons.runner import Lesson
from hellenes_nb.whatif.play import continuation_start, play_continuation
from hellenes_nb.whatif.position import lesson_start, position_after


def _decks(start, alt, runs):
    return [list(continuation_start(start, alt, i, seed).state.deck) for i, seed in runs]


def test_earth_water_continuations_see_their_own_deck_order():
    start = lesson_start("xerxes-480-479", "thermopylae")
    lesson = Lesson("xerxes-480-479")  # the lesson as the class sees it, at the decision
    lesson.goto(start.step)
    after = position_after(start, "stand").state
    shown = (list(lesson.game.log), lesson.game.state.to_dict(), lesson.view())
    assert len(after.deck) >= 5  # cards no side has seen yet
    a, b, c = _decks(start, "stand", [(0, 1), (1, 1), (0, 2)])
    assert sorted(a) == sorted(b) == sorted(after.deck)  # the same cards, dealt anew
    assert a != b and a != c  # another game, another base seed: another order
    assert _decks(start, "stand", [(0, 1)]) == [a]  # the same seed: the same order
    hands = continuation_start(start, "stand", 0, 1).state.hands
    assert hands == after.hands  # each hand is known to its owner: it stays
    play_continuation((start, "stand", 0, 1, ("easy", "easy"), "campaign"))
    assert position_after(start, "stand").state.deck == after.deck
    assert (list(lesson.game.log), lesson.game.state.to_dict(), lesson.view()) == shown


def test_hellenes_continuations_see_their_own_deck_order():
    start = lesson_start("pericles-plague-431-429")
    alt = start.alternatives[0].id
    game = position_after(start, alt)
    assert plugin_for(game.ruleset).resample is not None
    a, b = _decks(start, alt, [(0, 3), (1, 3)])
    assert sorted(a) == sorted(game.state.deck) and a != b
    assert _decks(start, alt, [(1, 3)]) == [b]


def test_a_resample_hook_that_cannot_be_called_is_refused_at_registration():
    import dataclasses

    import pytest

    from hellenes_nb.core.catalog import register_game
    from tests.support.toygame import toy_plugin

    bad = dataclasses.replace(toy_plugin(), resample="shuffle")
    with pytest.raises(TypeError, match="the plugin's 'resample' is not callable"):
        register_game(bad)
