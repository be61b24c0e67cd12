"""What a role sees does not depend on what it may not see, in every game with hidden facts
(docs/security.md; docs/architecture.md, "Conformance suite").

At points of seeded random games, what each role cannot see is dealt anew
(:mod:`conformance.infosets`: the other side's hand from the cards the role has not seen, the
draw pile's order, the dice to come); the role's view and its log must come out exactly the
same. A view or a log line that named a card of the other hand, the next card of the pile or a
die to come would differ."""

from __future__ import annotations

import random

import pytest
from conformance.infosets import sampler_for
from conformance.playing import positions

from hellenes_nb.core.game import Game

#: positions a scenario, and the drawings of each role's unseen facts at each
POINTS, ACTIONS, DRAWS = 6, 150, 3


def _has_secrets(ruleset) -> bool:
    return not getattr(ruleset, "perfect_information", False)


def differences(game: Game, role: str, rng: random.Random, draws: int = DRAWS) -> list[str]:
    """How the view or the log of ``role`` changed when its unseen facts were dealt anew."""
    out = []
    view, log = game.view(role), game.log_for(role)
    for _ in range(draws):
        other = sampler_for(game)(game, role, rng)
        if game.ruleset.view(other, role) != view:
            out.append(f"{role}'s view changed with the facts it cannot see ({game!r})")
        if game.ruleset.log_for(other, role, 0) != log:
            out.append(f"{role}'s log changed with the facts it cannot see ({game!r})")
    return out


def test_a_role_sees_the_same_whatever_it_cannot_see(ruleset, scenario):
    if not _has_secrets(ruleset):
        pytest.skip(f"{ruleset.name} hides nothing from its players")
    rng = random.Random(11)
    found: list[str] = []
    for seed in (1, 2):
        for game in positions(ruleset, scenario, seed, ACTIONS, POINTS):
            for role in ruleset.roles:
                found += differences(game, role, rng)
    assert not found, "\n".join(found[:5])


def test_the_teacher_sees_what_was_dealt_anew(ruleset, scenario):
    """The check can tell: the teacher's view ("all") does change when a hand is dealt anew
    (else the drawing changed nothing and the test above proved nothing)."""
    if not _has_secrets(ruleset):
        pytest.skip(f"{ruleset.name} hides nothing from its players")
    rng = random.Random(12)
    game = positions(ruleset, scenario, 1, ACTIONS, POINTS)[2]
    changed = False
    for role in ruleset.roles:
        for _ in range(DRAWS * 3):
            other = sampler_for(game)(game, role, rng)
            changed |= game.ruleset.view(other, "all") != game.view("all")
    assert changed, f"dealing anew changed nothing in {game!r}: the drawing is empty"
