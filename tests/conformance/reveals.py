"""Telling a reveal from the outside, for any game on the core (the conformance suite).

**What a reveal is.** An action reveals something to a role when, having seen it done, the role
knows more of what was hidden from it than its view before could tell it: a card taken from a
hidden hand, a card drawn, a die rolled. The test does not read the rules to decide; it asks
the role's information set. :mod:`.infosets` draws positions the role cannot tell from the real
one (the other hand, the draw pile's order and the dice dealt anew), and two things count as
evidence:

- **the same action, another outcome**: in a drawn position the very action the actor took
  gives the role another view than it has now, so what it sees depends on what it could not
  see (a die, a draw);
- **no choice could have shown this**: in a drawn position none of the actor's choices gives
  the role the view it has now, so the action showed which cards were where (a card played
  from a hidden hand).

For the actor itself only the action it took counts (it knows its own choice). What is
compared is what the role may see: the view without its log, and the log from the action on
as that role reads it, both whole, so anything a game shows a role counts.
"""

from __future__ import annotations

import random
from typing import Any

from conformance.infosets import sampler_for

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction, strip_label

__all__ = ["play_checking_reveals", "revealed", "seen_by"]


def seen_by(game: Game, state: Any, role: str, since: int) -> tuple[dict, list[dict]]:
    """What ``role`` sees of ``state``: its view without the log, and the log from ``since``."""
    view = dict(game.ruleset.view(state, role))
    view.pop("log", None)
    return view, game.ruleset.log_for(state, role, since)


def _after(twin: Game, action: dict, role: str, since: int) -> tuple[dict, list[dict]] | None:
    trial = twin.clone()
    try:
        trial.apply(action)
    except IllegalAction:
        return None
    return seen_by(trial, trial.state, role, since)


def _choices(twin: Game, action: dict) -> list[dict]:
    """The actor's choices in a drawn position, those of the action's type first."""
    legal = [strip_label(a) for a in twin.legal_actions(action["side"])]
    return sorted(legal, key=lambda a: a["type"] != action["type"])


def _twin(before: Game, role: str, rng: random.Random) -> Game:
    alt = sampler_for(before)(before, role, rng)
    assert before.ruleset.view(alt, role) == before.view(role), (
        f"the {before.ruleset.name} sampler drew a position that {role} can tell from the "
        "real one")
    return Game(before.ruleset, alt, before.seed)


def revealed(before: Game, action: dict, after: Game, role: str, rng: random.Random,
             samples: int = 3) -> str | None:
    """Why ``action``, played in ``before`` to give ``after``, told ``role`` something it did
    not know (module docstring); None when no drawn position shows it did."""
    action = strip_label(action)
    since = len(before.state.log)
    seen = seen_by(after, after.state, role, since)
    for _ in range(samples):
        twin = _twin(before, role, rng)
        outcome = _after(twin, action, role, since)
        if outcome is not None and outcome != seen:
            return ("the same action in a position it could not tell from this one (other "
                    "cards in the hidden hand and the draw pile, other dice) would have shown "
                    "it something else")
        if role != action["side"] and not any(
                _after(twin, a, role, since) == seen for a in _choices(twin, action)):
            return (f"no choice of {action['side']} in a position it could not tell from "
                    "this one would have shown it this")
    return None


def play_checking_reveals(ruleset, scenario: str, seed: int, actions: int) -> tuple[list, int]:
    """Play ``actions`` random legal actions (fewer when the game ends); return the reveals
    that undo could take back, and how many actions were checked."""
    game = Game(ruleset, ruleset.setup(scenario, seed), seed)
    rng = random.Random(seed)
    problems, checked = [], 0
    for n in range(actions):
        if game.over:
            break
        action = rng.choice(game.legal_actions())
        before = game.clone()
        game.apply(action)
        if not game.can_undo:
            continue
        checked += 1
        for role in game.roles:
            why = revealed(before, action, game, role, rng)
            if why:
                problems.append(f"{ruleset.name} {scenario} seed {seed}, action {n + 1} "
                                f"{strip_label(action)} at {before.prompt.kind!r}: {why}, "
                                "yet undo can take it back")
    return problems, checked
