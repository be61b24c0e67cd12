"""The generic game object every ruleset runs on: ``Game`` and ``Prompt`` (docs/architecture.md).

A :class:`Game` wraps one state of its :class:`~hellenes_nb.core.ruleset.Ruleset`. ``apply``
works on a clone and swaps it in only when every rule is satisfied, so a refused action never
changes the game. Undo steps back over the player's own choices but never across a die roll or
a reveal (``state.barrier``). ``(scenario, seed, history)`` replays to the same state.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from hellenes_nb.core.catalog import origin_builder, ruleset_for
from hellenes_nb.core.echo import cut, shown
from hellenes_nb.core.ruleset import PieceMoves, Ruleset, role_names
from hellenes_nb.core.savejson import (
    OPEN_FORMAT,
    SAVE_VERSION,
    Origin,
    first_difference,
    parse_json,
    refusal,
    save_kind,
)
from hellenes_nb.core.steps import IllegalAction, Step

__all__ = ["AutoPolicy", "Game", "IllegalAction", "Prompt", "new_game"]

#: ``auto(game, side, choices) -> action`` picks minor decisions for a side
AutoPolicy = Callable[["Game", str, list[dict]], dict]

@dataclass(frozen=True)
class Prompt:
    """Whose decision it is and what they may choose."""

    side: str  # a role ("athens"), "both" when two decide at once, or "none" once play stops
    kind: str
    text: str
    rules: tuple[str, ...]
    choices: list[dict] = field(default_factory=list)


class Game:
    """One game of any registered ruleset (see the module docstring for the guarantees)."""

    def __init__(self, ruleset: Ruleset, state: Any, seed: int, *,
                 history: list[dict] | None = None,
                 auto: AutoPolicy | dict[str, AutoPolicy] | None = None):
        self.ruleset = ruleset
        self._steps = ruleset.steps
        self._state = state
        self.seed = seed
        self.history: list[dict] = list(history or [])
        self._undo: list[tuple[Any, int]] = []
        self.auto = auto
        #: where the game began when not at its scenario's setup (:meth:`rebase`), else None
        self.origin: dict[str, Any] | None = None
        self._steps.settle(self._state)
        self._run_auto()

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def new(cls, scenario: str, seed: int = 0, *,
            auto: AutoPolicy | dict[str, AutoPolicy] | None = None, **options: Any) -> Game:
        """Set up ``scenario`` (any registered game's: "431", "sicily", ...) with dice seeded by
        ``seed``; ``options`` go to the game's setup."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"the seed must be a whole number, not {shown(seed)}")
        ruleset = ruleset_for(scenario, **options)
        return cls(ruleset, ruleset.setup(str(scenario), seed, **options), seed, auto=auto)

    @classmethod
    def begin(cls, scenario: str, seed: int, origin: dict[str, Any] | None = None,
              **options: Any) -> Game:
        """The game as it began: the setup of ``scenario``, or the position ``origin`` names
        (:meth:`rebase`), rebuilt by its registered builder. ValueError in plain words when
        that position cannot be rebuilt or is not of this scenario and seed."""
        if origin is None:
            return cls.new(scenario, seed, **options)
        try:
            kind = Origin.model_validate(origin).kind
        except ValidationError as exc:
            raise refusal(exc, "the game's origin") from None
        build = origin_builder(kind)  # a game's plugin says how (Hellenes: "lesson")
        if build is None:
            raise ValueError(f"the game began at a {kind} position, which this installation "
                             "cannot rebuild")
        game = build(origin, seed)
        if (game.state.scenario, game.seed) != (scenario, seed):
            raise ValueError(f"the {kind} named as the game's origin starts scenario "
                             f"{game.state.scenario!r} with seed {game.seed}, not scenario "
                             f"{scenario!r} with seed {seed}")
        return game

    def rebase(self, origin: dict[str, Any]) -> None:
        """Make this position the game's start from now on: ``origin`` says how to build it
        again (a lesson's step, ``{"kind": "lesson", "name": "pylos-425", "step": 5}``). A
        save records the origin and the moves after it, and loading rebuilds the start with
        :meth:`begin` instead of the scenario's setup; the history and undo start afresh."""
        try:
            Origin.model_validate(origin)
        except ValidationError as exc:
            raise refusal(exc, "the game's origin") from None
        self.origin = dict(origin)
        self.history = []
        self._undo = []

    @classmethod
    def replay(cls, scenario: str, seed: int, actions_: list[dict], **options: Any) -> Game:
        """Replay ``actions_`` from the start of ``scenario`` with ``seed``."""
        game = cls.new(scenario, seed, **options)
        for a in actions_:
            game.apply(a)
        return game

    # -- reading -----------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The current state (read it; change it only through :meth:`apply`)."""
        return self._state

    @property
    def roles(self) -> tuple[str, ...]:
        """The game's roles ("athens", "sparta")."""
        return self.ruleset.roles

    @property
    def log(self) -> Sequence[dict]:
        """Every event so far, the engine's full record (a read-only, list-like log): who,
        what, where, dice and the rule section. Anything shown to one side reads
        :meth:`log_for` instead."""
        return self._state.log

    def log_for(self, side: str, start: int = 0) -> list[dict]:
        """The events from index ``start`` on as ``side`` may read them (a role, or "all" for
        the teacher): what that side may not know is left out (docs/engine.md, "Hidden
        information"). ``view(side)["log"]`` is ``log_for(side)``. ``start`` is a whole number,
        0 or more (ValueError otherwise)."""
        if not isinstance(start, int) or isinstance(start, bool) or start < 0:
            raise ValueError(f"log_for's start is the index of the first event to read, a whole "
                             f"number 0 or more, not {shown(start)}")
        return self.ruleset.log_for(self._state, side, start)

    @property
    def over(self) -> bool:
        """True once play has stopped: the game has a result or nothing is left to do."""
        return self._waiting_step() is None

    def _waiting_step(self) -> Step | None:
        """The handler of the top frame while play goes on; None once it has stopped (an empty
        stack or a terminal step), so callers look the step up once instead of twice."""
        stack = self._state.stack
        if not stack:
            return None
        step = self._steps.step_for(stack[-1])
        return None if step.terminal else step

    @property
    def result(self) -> dict | None:
        """The result once the game is over (``{"winner", "how", "text", ...}``); None while
        play goes on."""
        return self.ruleset.result(self._state)

    @property
    def prompt(self) -> Prompt:
        """The decision play is waiting for."""
        st = self._state
        if not st.stack:
            return Prompt("none", "stopped", "The game is over.", ())
        top = st.stack[-1]
        step = self._steps.step_for(top)
        if step.terminal:
            return Prompt("none", "stopped", step.text(st, top), step.rules)
        deciders = step.deciders(st, top)
        return Prompt(role_names(self.ruleset, deciders), top["kind"], step.text(st, top),
                      step.rules, _choices(st, top, step, deciders))

    def legal_actions(self, side: str | None = None) -> list[dict]:
        """The legal actions now, for every deciding side or only ``side``."""
        st = self._state
        step = self._waiting_step()
        if step is None:
            return []
        top = st.stack[-1]
        deciders = step.deciders(st, top)
        if side is not None:
            self._check_role(side)
            deciders = tuple(d for d in deciders if self.ruleset.roles[d] == side)
        return _choices(st, top, step, deciders)

    def view(self, side: str) -> dict[str, Any]:
        """What ``side`` may see (a role, or "all" for the teacher)."""
        return self.ruleset.view(self._state, side)

    def targets(self, side: str, piece: str) -> dict[str, list[dict]]:
        """Where ``piece`` of ``side`` may go now: destination -> the actions that take it
        there, as planned from this position ({} when it cannot move, or when the game has no
        pieces that go from place to place). What a piece is belongs to the game (Hellenes: a
        unit key, or an area id for the side's group there); a map highlights these
        destinations and plays one with :meth:`go`."""
        self._check_role(side)
        if not isinstance(self.ruleset, PieceMoves):
            return {}
        return self.ruleset.targets(self, side, piece)

    def go(self, side: str, piece: str, destination: str, *,
           labels: list[str | None] | None = None) -> list[dict]:
        """Take ``piece`` of ``side`` to one of its :meth:`targets`: the game chooses each
        action after the ones before it and applies them in turn; returns the log events.
        All or nothing: when any of them is refused (IllegalAction) the game is unchanged.
        ``labels``, when given a list, gets one entry per move added to the history: the
        label the route's action brings (the engine's), None for a minor decision that the
        ``auto`` policy took after it."""
        self._check_role(side)
        if not isinstance(self.ruleset, PieceMoves):
            raise IllegalAction(f"{self.ruleset.title} has no pieces that go from place to "
                                "place")
        trial = self.clone()
        events: list[dict] = []
        added: list[str | None] = []
        for action in self.ruleset.route(trial, side, piece, destination):
            n = len(trial.history)
            events += trial.apply(action)
            label = action.get("label") if isinstance(action, dict) else None
            added += [label if isinstance(label, str) else None,
                      *[None] * (len(trial.history) - n - 1)]
        self._state, self.history, self._undo = trial._state, trial.history, trial._undo
        if labels is not None:
            labels.extend(added)
        return events

    def _check_role(self, side: str) -> None:
        roles = self.ruleset.roles
        if side not in roles:
            names = " or ".join(repr(r) for r in roles)
            raise ValueError(f"side must be {names}, not {shown(side)}")

    # -- acting ------------------------------------------------------------------------------
    def apply(self, action: dict) -> list[dict]:
        """Apply one action; returns the log events it caused (the full record: to show them to
        one side, read ``log_for(side, start)`` instead). Raises IllegalAction (with the
        reason and rule) and leaves the game unchanged when the action is not allowed."""
        events = self._apply_one(action)
        events += self._run_auto()
        return events

    def _apply_one(self, action: dict) -> list[dict]:
        if not isinstance(action, dict):
            raise IllegalAction(f"an action is a dict such as {{'type': 'end_actions', "
                                f"'side': 'athens'}}, not {type(action).__name__}")
        # the shape first (exact keys, values of the right kind): the clean copy is what the
        # rules read and the history keeps; None for a type that no step takes
        clean = self.ruleset.check_shape(action)
        old = self._state
        step = self._waiting_step()
        if step is None:
            raise IllegalAction(f"play has stopped: {self.prompt.text}")
        top = old.stack[-1]
        roles = self.ruleset.roles
        side = self._steps.role(action)
        deciders = step.deciders(old, top)
        if side not in deciders:
            waiting = " and ".join(roles[d].title() for d in deciders)
            raise IllegalAction(f"it is not {roles[side].title()}'s decision now: "
                                f"waiting for {waiting} ({step.text(old, top)})")
        new = old.clone()
        new.barrier = False
        frame = new.stack[-1]
        try:
            reason, made = step.check(new, frame, action if clean is None else clean)
        except IllegalAction as exc:
            reason = exc
        except (KeyError, TypeError, ValueError) as exc:
            reason = IllegalAction(f"the action is malformed: {cut(str(exc))}")
        if reason is None and clean is None:  # no step takes a type without a shape
            reason = IllegalAction(f"{shown(action['type'])} is not a kind of action")
        if reason is not None:
            raise reason
        n0 = len(new.log)
        self._steps.carry_out(new, step, frame, clean, made, checked=True)
        if new.barrier:
            self._undo.clear()
        else:
            self._undo.append((old, len(self.history)))
        self._state = new
        self.history.append(clean)
        return new.log[n0:]

    def _policy(self, side: str) -> AutoPolicy | None:
        if isinstance(self.auto, dict):
            return self.auto.get(side)
        return self.auto

    def _run_auto(self) -> list[dict]:
        """Let the ``auto`` policy take minor decisions (e.g. accepting a forced march)."""
        events: list[dict] = []
        if self.auto is None:  # no policy for either side: nothing to take automatically
            return events
        while (step := self._waiting_step()) is not None:
            st = self._state
            top = st.stack[-1]
            deciders = step.deciders(st, top)
            if not step.minor or len(deciders) != 1:
                break
            side = self.ruleset.roles[deciders[0]]
            policy = self._policy(side)
            if policy is None:
                break
            events += self._apply_one(policy(self, side, self.legal_actions(side)))
        return events

    @property
    def can_undo(self) -> bool:
        """Whether :meth:`undo` would take an action back now (False at the start and right
        after a die roll or a reveal)."""
        return bool(self._undo)

    def undo(self) -> None:
        """Take back the last action unless a die roll or a reveal came since (docs/engine.md)."""
        if not self._undo:
            raise IllegalAction("nothing to undo: no action since the start, a die roll or a "
                                "reveal")
        self._state, n = self._undo.pop()
        del self.history[n:]

    def clone(self) -> Game:
        """An independent copy (shares no mutable state with this game)."""
        g = Game.__new__(Game)
        g.ruleset = self.ruleset
        g._steps = self._steps
        g._state = self._state.clone()
        g.seed = self.seed
        g.history = list(self.history)
        g._undo = list(self._undo)
        g.auto = self.auto
        g.origin = self.origin
        return g

    # -- saving ------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The whole game as JSON, open to anyone who reads the file: scenario, seed, actions
        so far and the whole state, hidden information included (the teacher's and hot-seat
        save; a game against the computer is saved sealed, docs/dashboard.md). A game that
        began elsewhere than its scenario's setup also names its ``origin``."""
        data = {"format": OPEN_FORMAT, "version": SAVE_VERSION,
                "scenario": self._state.scenario, "seed": self.seed,
                "history": self.history, "state": self.ruleset.save_state(self._state)}
        if self.origin is not None:
            data["origin"] = self.origin
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str | bytes, **options: Any) -> Game:
        """Load a game saved by :meth:`to_json`, or ValueError in plain words naming what is
        wrong. Only JSON is read, within limits (size, nesting, number of moves); the game
        checks every entry (types, ranges, names that exist); then the moves are replayed
        from the scenario and seed, and must be legal and reach exactly the saved position.
        Returns the replayed game, with its undo history (docs/security.md)."""
        data = parse_json(text)
        if save_kind(data) == "sealed":
            raise ValueError("this is a sealed save of a game against the computer: only "
                             "Dashboard.load on the installation that saved it can open it")
        ruleset = ruleset_for(str(data.get("scenario")), **options)
        scenario, seed, moves = ruleset.read_save(data, **options)
        game = cls._replayed(scenario, seed, moves, options, data.get("origin"))
        replayed = json.loads(json.dumps(ruleset.save_state(game._state)))
        diff = first_difference(data["state"], replayed)
        if diff is not None:
            raise ValueError("the position stored in the file does not follow from its own "
                             "list of moves (edited by hand, or saved by another version of "
                             f"the rules): {diff}")
        return game

    @classmethod
    def _replayed(cls, scenario: str, seed: int, moves: list[dict],
                  options: dict[str, Any], origin: dict[str, Any] | None = None) -> Game:
        """:meth:`replay` for a save (from its ``origin`` if it has one, :meth:`begin`): a
        refused move is a ValueError naming its number."""
        try:
            game = cls.begin(scenario, seed, origin, **options)
        except (KeyError, ValueError, OSError) as exc:
            what = "a scenario" if origin is None else "a starting position"
            raise ValueError(f"the saved game names {what} this version cannot set up: "
                             f"{exc}") from exc
        for i, action in enumerate(moves, 1):
            try:
                game.apply(action)
            except (IllegalAction, KeyError, TypeError, ValueError, IndexError) as exc:
                raise ValueError(f"move {i} of the saved game is not legal from the position "
                                 f"before it: {exc}") from exc
        return game

    def __repr__(self) -> str:
        p = self.prompt
        return (f"<Game {self._state.scenario} seed={self.seed}: "
                f"{self.ruleset.describe(self._state)}, {len(self.history)} actions, "
                f"waiting for {p.side} ({p.kind})>")


def new_game(scenario: str, seed: int = 0, *,
             auto: AutoPolicy | dict[str, AutoPolicy] | None = None, **options: Any) -> Game:
    """Start ``scenario`` of any game in the catalogue (Hellenes: "431", "sicily", "413",
    "415"; 300: Earth & Water: "earth-water") with dice seeded by ``seed``; ``options`` go to
    the game's setup (Hellenes: ``world=``)."""
    return Game.new(scenario, seed, auto=auto, **options)


def _choices(st: Any, top: dict, step: Step, deciders: tuple[int, ...]) -> list[dict]:
    """The legal actions of ``deciders`` (already asked of ``step``) at the top frame."""
    out: list[dict] = []
    for d in deciders:
        out.extend(step.legal(st, top, d))
    return out
