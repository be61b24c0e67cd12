"""Fast play on a bare state for the search's rollouts, for any game on the core.

A rollout plays thousands of actions that the engine itself has just listed, on a private copy
of a sampled position. ``Game.apply`` pays for guarantees a rollout does not need there: it
checks the action's shape, asks the step whether the action is legal (for most steps that lists
the legal actions a second time), keeps an undo copy and the history. :func:`apply_listed`
applies a listed action straight through its step and settles the automatic steps after it,
which is what ``Game.apply`` does once its checks have passed.

The two paths must give the same position. ``check=True`` (the bench's and the tests' check
mode) makes every :func:`apply_listed` also play the action through ``Game.apply`` on a copy and
raises :class:`PlayoutMismatch` naming the action when the two states differ.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hellenes_nb.core.game import Game
from hellenes_nb.core.ruleset import Ruleset
from hellenes_nb.core.steps import strip_label

#: ``policy(state, role, legal) -> action``: one of ``legal``, for the role numbered ``role``
Policy = Callable[[Any, int, list[dict]], dict]
#: ``stop(state) -> bool``: cut the rollout here
Stop = Callable[[Any], bool]


class PlayoutMismatch(AssertionError):
    """The fast path and ``Game.apply`` reached different positions (check mode)."""


def apply_listed(ruleset: Ruleset, state: Any, action: dict, check: bool = False) -> None:
    """Apply ``action``, one of the actions the top step has just listed for this very state,
    to ``state`` in place, then run the automatic steps that follow (see the module docstring).
    With ``check``, compare with ``Game.apply`` on a copy (:class:`PlayoutMismatch`)."""
    before = state.clone() if check else None
    steps = ruleset.steps
    frame = state.stack[-1]
    state.barrier = False
    steps.carry_out(state, steps.step_for(frame), frame, strip_label(action))
    if before is not None:
        full = Game(ruleset, before, 0)
        full.apply(action)
        if full.state != state:
            raise PlayoutMismatch(f"the rollout's apply of {strip_label(action)} reached "
                                  "another position than Game.apply")


def deciders(ruleset: Ruleset, state: Any) -> tuple[int, ...]:
    """The roles (by number) who must decide now; () once play has stopped."""
    stack = state.stack
    if not stack:
        return ()
    frame = stack[-1]
    step = ruleset.steps.step_for(frame)
    if step.terminal:
        return ()
    return step.deciders(state, frame)


def listed(ruleset: Ruleset, state: Any, role: int) -> list[dict]:
    """The legal actions of role number ``role`` at the top frame."""
    frame = state.stack[-1]
    return ruleset.steps.step_for(frame).legal(state, frame, role)


def playout(ruleset: Ruleset, state: Any, policy: Policy, stop: Stop, limit: int,
            check: bool = False) -> int:
    """Play ``state`` in place with ``policy`` for every role until ``stop(state)``, the end of
    play or ``limit`` actions; returns the number of actions played. When two roles decide at
    once (Hellenes card play, §3.3) the first listed acts, then the other."""
    played = 0
    while played < limit and not stop(state):
        who = deciders(ruleset, state)
        if not who:
            break
        role = who[0]
        legal = listed(ruleset, state, role)
        apply_listed(ruleset, state, policy(state, role, legal), check)
        played += 1
    return played
