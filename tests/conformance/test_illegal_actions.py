"""A refused action changes nothing, in every game on the core (docs/engine.md; the core's
``Game.apply`` promise): malformed actions (not a dict, wrong kinds of values, keys missing or
added, an unknown type), another side's action and an action that was legal a moment ago are
each refused with ``IllegalAction`` in plain words, and the game's saved position, history,
log and undo stay exactly as they were. Positions: the start and a few points of a seeded
random game of every scenario."""

from __future__ import annotations

import random

import pytest
from conformance.playing import played, positions, saved

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction, strip_label

#: positions a scenario, over a random game's first actions
POINTS, ACTIONS = 4, 90
#: values of the wrong kind put in place of an action's entries
WRONG = (None, "", "no-such-thing", -1, 10**12, 10**100, 2.5, float("nan"), float("inf"), True,
         [], {}, ["x"], {"a": 1}, [[1], [2]], (1, 2), b"x", "x" * 3000)
#: words of Python's own errors that a player's message must not be
INTERNALS = ("Traceback", "object has no attribute", "unhashable",
             "not subscriptable", "unsupported operand", "object is not iterable",
             "list indices", "KeyError", "TypeError", "AttributeError", "IndexError")


def _malformed(game: Game, rng: random.Random) -> list:
    """Actions no position can take: of the wrong kind, or a legal one spoilt."""
    legal = [strip_label(a) for a in game.legal_actions()]
    sample = rng.sample(legal, min(3, len(legal)))
    side = sample[0]["side"]
    out: list = ["end_turn", None, 42, [sample[0]], {}, {"side": side},
                 {"type": sample[0]["type"]}, {"type": "no-such-kind", "side": side},
                 {"type": 7, "side": side}, {"type": None, "side": side},
                 {"type": sample[0]["type"], "side": "nobody"},
                 {"type": sample[0]["type"], "side": ["list"]},
                 {"type": {"a": 1}, "side": side}, {"type": ["x"], "side": side},
                 {"type": sample[0]["type"], "side": {"x": 1}},
                 {**sample[0], 1: 2}, {**sample[0], None: 1}, {**sample[0], "type": "x" * 100_000}]
    for action in sample:
        out.append({**action, "unexpected": 1})
        for key in action:
            out.append({k: v for k, v in action.items() if k != key})
            if key == "side":
                continue
            for value in WRONG:
                if type(value) is not type(action[key]) or value != action[key]:
                    out.append({**action, key: value})
    return out


def _not_deciding(game: Game) -> list[dict]:
    """Each legal action given to a role that does not decide now."""
    deciding = {a["side"] for a in game.legal_actions()}
    idle = [r for r in game.roles if r not in deciding]
    return [{**strip_label(a), "side": r} for a in game.legal_actions()[:3] for r in idle]


def _facts(game: Game) -> tuple:
    """What a refusal must leave as it was: the saved position, history, log, undo, prompt."""
    return (saved(game), list(game.history), list(game.log), game.can_undo, game.prompt.kind)


def _refused(game: Game, action, before: tuple | None = None) -> str:
    """Apply ``action``, which must be refused in words with nothing changed; the reason.
    With ``before`` (:func:`_facts` of the game, taken earlier) the full comparison is left
    to the caller, and only that the game kept its very state and history is checked here."""
    full = before is None
    before = _facts(game) if full else before
    state, n = game.state, len(game.history)
    try:
        game.apply(action)
    except IllegalAction as exc:
        message = str(exc)
    except Exception as exc:  # noqa: BLE001 - anything but a refusal is the defect shown
        raise AssertionError(f"{game!r}: {action!r} raised {type(exc).__name__}: {exc}, "
                             "not a refusal in words") from exc
    else:
        raise AssertionError(f"{game!r} took the malformed action {action!r}")
    assert game.state is state and len(game.history) == n, f"{game!r} changed on {action!r}"
    if full:
        assert _facts(game) == before, f"{game!r} changed when it refused {action!r}"
    assert len(message) >= 12 and " " in message and len(message) <= 2100, message
    assert not [w for w in INTERNALS if w in message], (
        f"{game!r}: the refusal of {action!r} is Python's words, not the game's: {message}")
    return message


def test_malformed_actions_are_refused_and_change_nothing(ruleset, scenario):
    rng = random.Random(5)
    tried = 0
    for game in positions(ruleset, scenario, 3, ACTIONS, POINTS):
        if game.over:
            continue
        before = _facts(game)
        legal = [strip_label(a) for a in game.legal_actions()]
        for action in _malformed(game, rng) + _not_deciding(game):
            if isinstance(action, dict) and action in legal:
                continue  # a spoilt value that happens to be a legal choice
            _refused(game, action, before)
            tried += 1
        assert _facts(game) == before, f"{game!r} changed while it refused the actions above"
    assert tried > 50


def test_an_action_legal_a_moment_ago_is_refused_after_it(ruleset, scenario):
    """Play a random game; after each action, the actions that were legal just before and
    cannot be now are refused, nothing changed: the one played (unless it is a choice again)
    and those of a side that no longer decides or of a type no longer offered. (Other
    choices of the same kind may stay legal: a listed move is one of several paths.)"""
    refused = 0
    last: list[dict] = []
    for game in played(ruleset, scenario, 4, ACTIONS):
        now = [strip_label(a) for a in game.legal_actions()]
        offered = {(a["side"], a["type"]) for a in now}
        played_one = strip_label(game.history[-1])
        stale = [a for a in last if a not in now
                 and (a == played_one or (a["side"], a["type"]) not in offered)]
        for action in stale[:4]:
            _refused(game, action)
            refused += 1
        last = now
    assert refused > 0, "no action went stale: the check saw nothing"


@pytest.mark.parametrize("seed", (1,))
def test_a_refusal_inside_a_game_does_not_stop_it(ruleset, scenario, seed):
    """After refusals, the same game still plays its legal actions to the same position as a
    game that never saw them."""
    clean = positions(ruleset, scenario, seed, 30, 2)[-1]
    game = Game.replay(scenario, seed, [])
    rng = random.Random(seed)
    for action in clean.history:
        for bad in _malformed(game, rng)[:6]:
            _refused(game, bad)
        game.apply(action)
    assert saved(game) == saved(clean)
