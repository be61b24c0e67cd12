"""The decision-frame machinery: ``Step`` handlers, a game's :class:`StepRegistry` and
``settle`` (docs/architecture.md, docs/engine.md).

The top frame of ``state.stack`` says what happens next. Each frame ``kind`` has one
:class:`Step` in the game's registry. A step with deciders waits for one of them (roles, by
index) to choose an action; a step without deciders is automatic and ``settle`` runs it. A
``terminal`` step ends play (the game stops). Frames are replaced, never edited in place
(:func:`replace_top`), so clones of a state may share them.

**Undo never passes a reveal.** :meth:`StepRegistry.carry_out` applies a decision and sets
``state.barrier`` (undo stops there) when the decision shows some side what it did not know:
when the step declares it (:attr:`Step.revealing`, :meth:`Step.reveals`: a card played from a
hidden hand), when the state's dice were used (a die rolled, a deck shuffled) or when a rule set
the barrier itself (a card drawn in the middle of an automatic step). The conformance suite
(tests/conformance) checks this for every game.

Nothing here knows a game: a state is any object with a ``stack`` list of frames.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from hellenes_nb.core.dice import Dice
from hellenes_nb.core.echo import cut, shown

#: a game's state (any object with a ``stack`` of frames; each game has its own class)
State = Any

#: the longest message a refusal gives (choices listed in it included)
MAX_MESSAGE = 2000


class IllegalAction(ValueError):
    """A rule forbids the action: ``rule`` is the section (e.g. "5.4"), the message says why
    (the section is added to it unless the message already cites it; a message is at most
    :data:`MAX_MESSAGE` characters)."""

    def __init__(self, message: str, rule: str = ""):
        message = cut(message, MAX_MESSAGE)
        self.rule = rule
        self.message = message
        cited = not rule or re.search(rf"§{re.escape(rule)}(?!\d)(?!\.\d)", message)
        super().__init__(message if cited else f"{message} (§{rule})")


class Step:
    """Handler for one frame kind. Subclasses override what they need (docstring of module)."""

    kind = ""
    rules: tuple[str, ...] = ()
    terminal = False
    #: minor decisions may be taken by a Game's ``auto`` policy
    minor = False
    #: the action types that show another side what it did not know (a card played from a
    #: hidden hand): undo stops after them (:meth:`reveals`)
    revealing: frozenset[str] = frozenset()
    #: the registry this step belongs to (set when the registry is made)
    registry: StepRegistry

    def role(self, action: dict) -> int:
        """The index of the role named by ``action["side"]`` (IllegalAction if missing or bad)."""
        return self.registry.role(action)

    def deciders(self, state: State, frame: dict) -> tuple[int, ...]:
        """Sides that must decide now; () means the step runs by itself."""
        return ()

    def legal(self, state: State, frame: dict, side: int) -> list[dict]:
        """The legal actions of ``side`` at this frame."""
        return []

    def why_illegal(self, state: State, frame: dict, action: dict) -> IllegalAction | None:
        """A plain-words reason why ``action`` is not allowed, or None when it is.

        The default accepts exactly the listed legal actions (ignoring ``label``).
        """
        side = self.role(action)
        wanted = strip_label(action)
        for legal in self.legal(state, frame, side):
            if strip_label(legal) == wanted:
                return None
        choices = "; ".join(a.get("label", str(strip_label(a)))
                            for a in self.legal(state, frame, side)[:8])
        return IllegalAction(
            f"{shown(action.get('type'))} with these details is not a choice in this step "
            f"({self.text(state, frame)}). The choices are: {choices}",
            self.rules[0] if self.rules else "",
        )

    def reveals(self, state: State, frame: dict, action: dict) -> bool:
        """Whether ``action``, checked and about to be carried out at ``frame``, shows some
        side what it did not know, so that undo must stop after it (by default: its type is
        one of :attr:`revealing`). Dice need no declaring: the core sees them used."""
        return action["type"] in self.revealing

    def apply(self, state: State, frame: dict, action: dict) -> None:
        """Carry out a validated action (mutates ``state``, which is a clone)."""
        raise IllegalAction(f"no decision is expected in the step {self.kind!r}")

    def check(self, state: State, frame: dict, action: dict) -> tuple[IllegalAction | None, Any]:
        """:meth:`why_illegal`, with what the checking made that :meth:`apply_checked` may
        reuse (a move's plan; by default nothing). For an action applied straight after its
        check, on the same state, as ``Game`` does: each move is then planned once."""
        return self.why_illegal(state, frame, action), None

    def apply_checked(self, state: State, frame: dict, action: dict, made: Any) -> None:
        """:meth:`apply` of an action that :meth:`check` has just passed on this very state,
        given what the check made (by default unused)."""
        self.apply(state, frame, action)

    def run(self, state: State, frame: dict) -> None:
        """Advance an automatic step; the default simply removes the frame."""
        pop(state, frame)

    def text(self, state: State, frame: dict) -> str:
        """Plain words for the prompt."""
        return self.kind.replace("_", " ")


class StepRegistry:
    """The steps of one game, by frame kind, and the game's roles (explicit: the game lists its
    steps once, in its ruleset; two games may each have a "battle" step)."""

    def __init__(self, game: str, roles: tuple[str, ...], steps: Iterable[Step]):
        self.game = game
        self.roles = roles
        self._steps: dict[str, Step] = {}
        for step in steps:
            if step.kind in self._steps:
                raise ValueError(f"{game}: two steps handle frames of kind {step.kind!r}")
            if getattr(step, "registry", self) is not self:
                raise ValueError(f"{game}: the {step.kind!r} step already belongs to "
                                 f"{step.registry.game}")
            step.registry = self
            self._steps[step.kind] = step

    def extended(self, steps: Iterable[Step], game: str | None = None) -> StepRegistry:
        """A registry with this one's steps and ``steps`` besides (for tests that put a frame
        of their own under the game's, e.g. a terminal one). The game's own steps stay bound to
        this registry."""
        new = StepRegistry.__new__(StepRegistry)
        new.game = game or f"{self.game} (extended)"
        new.roles = self.roles
        new._steps = dict(self._steps)
        for step in steps:
            if step.kind in new._steps:
                raise ValueError(f"{new.game}: two steps handle frames of kind {step.kind!r}")
            step.registry = new
            new._steps[step.kind] = step
        return new

    def __contains__(self, kind: object) -> bool:
        return kind in self._steps

    def __iter__(self) -> Iterator[str]:
        return iter(self._steps)

    def step_for(self, frame: dict) -> Step:
        """The handler of a frame (KeyError naming the kind if this game has none)."""
        try:
            return self._steps[frame["kind"]]
        except KeyError:
            raise KeyError(f"no rule of {self.game} handles frames of kind "
                           f"{frame.get('kind')!r}") from None

    def role(self, action: dict) -> int:
        """The index of the role named by an action's ``side`` key (IllegalAction if missing
        or not one of this game's roles)."""
        name = action.get("side")
        if name not in self.roles:
            names = " or ".join(repr(r) for r in self.roles)
            raise IllegalAction(f"the action needs a 'side' of {names}, got {shown(name)}")
        return self.roles.index(name)

    def carry_out(self, state: State, step: Step, frame: dict, action: dict,
                  made: Any = None, checked: bool = False) -> None:
        """Carry out a decided ``action`` at the top ``frame`` (``step``'s), with what its
        check ``made`` when ``checked``, then run the automatic steps after it. Sets
        ``state.barrier`` when it revealed something: the step says so (:meth:`Step.reveals`)
        or the dice were used (module docstring); a rule may also have set it."""
        reveal = step.reveals(state, frame, action)
        rolled = _dice_at(state)
        if checked:
            step.apply_checked(state, frame, action, made)
        else:
            step.apply(state, frame, action)
        self.settle(state)
        if reveal or _dice_at(state) != rolled:
            state.barrier = True

    def settle(self, state: State, limit: int = 100_000) -> None:
        """Run automatic steps until a decision is needed or a terminal step is reached."""
        for _ in range(limit):
            if not state.stack:
                return
            frame = state.stack[-1]
            step = self.step_for(frame)
            if step.terminal or step.deciders(state, frame):
                return
            step.run(state, frame)
        raise RuntimeError(f"the engine ran {limit} automatic steps without needing a "
                           "decision")


def _dice_at(state: State) -> tuple[int, tuple[int, ...]] | None:
    """Where the state's dice stand (None for a game without :class:`Dice`): it changes
    whenever a die is rolled or a deck shuffled."""
    dice = getattr(state, "dice", None)
    return (dice.state, dice.forced) if isinstance(dice, Dice) else None


def push(state: State, frame: dict) -> None:
    """Put a new frame on top of the stack."""
    state.stack.append(frame)


def pop(state: State, frame: dict | None = None) -> None:
    """Remove the top frame (which must be ``frame`` when given)."""
    top = state.stack.pop()
    if frame is not None and top is not frame:
        raise RuntimeError(f"frame {frame.get('kind')!r} is not on top of the stack")


def replace_top(state: State, **changes: Any) -> dict:
    """Swap the top frame for a copy with ``changes`` (frames are never mutated in place)."""
    new = {**state.stack[-1], **changes}
    state.stack[-1] = new
    return new


def strip_label(action: dict) -> dict:
    """The action without its human-readable ``label``."""
    out = action.copy()
    out.pop("label", None)
    return out


def need(action: dict, key: str, kind: type | tuple[type, ...]) -> Any:
    """The value of ``action[key]``, checked for type (IllegalAction naming the problem)."""
    if key not in action:
        raise IllegalAction(f"the {shown(action.get('type'))} action needs a {shown(key)} "
                            "entry")
    value = action[key]
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        want = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise IllegalAction(
            f"the {shown(key)} entry of a {shown(action.get('type'))} action must be {want}, "
            f"got {shown(value)}"
        )
    return value
