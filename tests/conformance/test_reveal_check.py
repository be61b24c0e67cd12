"""The conformance suite's test of a reveal can fail: on a toy card game (tests/support/
cardtoy.py) it finds a card played from a hidden hand that undo could take back when the step
leaves out its declaration, and nothing when the declaration is there; and it takes a choice
that shows nothing hidden (a pass) for no reveal."""

from __future__ import annotations

import random

import pytest
from conformance import infosets
from conformance.reveals import play_checking_reveals, revealed
from support.cardtoy import card_toy, redeal

from hellenes_nb.core.game import Game


@pytest.fixture(autouse=True)
def _toy_sampler(monkeypatch):
    monkeypatch.setitem(infosets.SAMPLERS, "card-toy", redeal)


def _played(kind: str) -> tuple[Game, dict, Game]:
    ruleset = card_toy(leaky=True)
    before = Game(ruleset, ruleset.setup("card-toy", 3), 3)
    action = next(a for a in before.legal_actions() if a["type"] == kind)
    after = before.clone()
    after.apply(action)
    return before, action, after


def test_a_card_played_shows_the_other_player_what_it_did_not_know():
    before, action, after = _played("play")
    assert revealed(before, action, after, "second", random.Random(1))
    assert revealed(before, action, after, "first", random.Random(1)) is None  # its own card


def test_a_pass_shows_nobody_anything():
    before, action, after = _played("pass")
    for role in ("first", "second"):
        assert revealed(before, action, after, role, random.Random(1)) is None


def test_the_suite_catches_a_step_that_does_not_declare_its_reveal():
    problems, checked = play_checking_reveals(card_toy(leaky=True), "card-toy", 1, 40)
    assert checked and problems and all("'type': 'play'" in p for p in problems)
    problems, checked = play_checking_reveals(card_toy(), "card-toy", 1, 40)
    assert checked and not problems
