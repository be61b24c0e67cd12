"""The public game object: ``new_game``, ``Game`` and ``IllegalAction`` (docs/engine.md).

A :class:`Game` wraps one :class:`~hellenes_nb.rules.state.State`. ``apply`` works on a clone
and swaps it in only when every rule is satisfied, so a refused action never changes the game.
Undo steps back over the player's own choices but never across a die roll or a card, recruit or
battle reveal (``state.barrier``). ``(scenario, seed, history)`` replays to the same state.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .rules import actions, cards, movement, sequence, shapes, year_end  # noqa: F401
from .rules.echo import cut, shown
from .rules.eventlog import READERS, read_event
from .rules.setup import initial_state
from .rules.state import State
from .rules.steps import IllegalAction, Step, action_side, settle, step_for
from .rules.view import view as _view
from .rules.world_index import SEASONS, SIDE_NAMES, index_for
from .saves.model import (
    OPEN_FORMAT,
    SAVE_VERSION,
    first_difference,
    parse_json,
    save_kind,
    validate_open,
)
from .world import World, load_world

for _optional in ("battles", "siege"):
    try:
        importlib.import_module(f"hellenes_nb.rules.{_optional}")
    except ModuleNotFoundError as _exc:  # the module is written by another part of the engine
        if _exc.name != f"hellenes_nb.rules.{_optional}":
            raise

__all__ = ["Game", "IllegalAction", "Prompt", "new_game"]

#: ``auto(game, side, choices) -> action`` picks minor decisions for a side
AutoPolicy = Callable[["Game", str, list[dict]], dict]


@dataclass(frozen=True)
class Prompt:
    """Whose decision it is and what they may choose."""

    side: str  # "athens", "sparta", "both", or "none" once the game has stopped
    kind: str
    text: str
    rules: tuple[str, ...]
    choices: list[dict] = field(default_factory=list)


class Game:
    """One game of Hellenes (see the module docstring for the guarantees)."""

    def __init__(self, state: State, seed: int, *, history: list[dict] | None = None,
                 auto: AutoPolicy | dict[str, AutoPolicy] | None = None):
        self._state = state
        self.seed = seed
        self.history: list[dict] = list(history or [])
        self._undo: list[tuple[State, int]] = []
        self.auto = auto
        settle(self._state)
        self._run_auto()

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def new(cls, scenario: str, seed: int = 0, *, world: World | None = None,
            auto: AutoPolicy | dict[str, AutoPolicy] | None = None) -> Game:
        """Set up ``scenario`` ("431", "sicily", "413", "415") with dice seeded by ``seed``."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"the seed must be a whole number, not {seed!r}")
        world = world or load_world()
        return cls(initial_state(world, str(scenario), seed), seed, auto=auto)

    @classmethod
    def replay(cls, scenario: str, seed: int, actions_: list[dict], *,
               world: World | None = None) -> Game:
        """Replay ``actions_`` from the start of ``scenario`` with ``seed``."""
        game = cls.new(scenario, seed, world=world)
        for a in actions_:
            game.apply(a)
        return game

    # -- reading -----------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The current state (read it; change it only through :meth:`apply`)."""
        return self._state

    @property
    def log(self) -> Sequence[dict]:
        """Every event so far, the engine's full record (a read-only, list-like ``EventLog``):
        who, what, where, dice and the rule section. Anything shown to one side reads
        :meth:`log_for` instead."""
        return self._state.log

    def log_for(self, side: str, start: int = 0) -> list[dict]:
        """The events from index ``start`` on as ``side`` may read them ("athens", "sparta",
        or "all" for the teacher): enemy blocks it does not know are not named, and the other
        side's private events show only their public words (docs/engine.md, "Hidden
        information"). ``view(side)["log"]`` is ``log_for(side)``."""
        if side not in READERS:
            raise ValueError(f"a log is read by 'athens', 'sparta' or 'all', not {side!r}")
        return [read_event(ev, side) for ev in self._state.log[start:]]

    @property
    def over(self) -> bool:
        """True once play has stopped: the game has a result (§14.2) or nothing is left to do."""
        return self._waiting_step() is None

    def _waiting_step(self) -> Step | None:
        """The handler of the top frame while play goes on; None once it has stopped (an empty
        stack or a terminal step), so callers look the step up once instead of twice."""
        stack = self._state.stack
        if not stack:
            return None
        step = step_for(stack[-1])
        return None if step.terminal else step

    @property
    def result(self) -> dict | None:
        """The result once the game is over (§14.2): ``{"winner": "athens"/"sparta"/None,
        "how", "prestige", "text"}``; None while play goes on."""
        return year_end.result(self._state)

    @property
    def prompt(self) -> Prompt:
        """The decision play is waiting for."""
        st = self._state
        if not st.stack:
            return Prompt("none", "stopped", "The game is over.", ())
        top = st.stack[-1]
        step = step_for(top)
        if step.terminal:
            return Prompt("none", "stopped", step.text(st, top), step.rules)
        deciders = step.deciders(st, top)
        who = "both" if len(deciders) == 2 else SIDE_NAMES[deciders[0]]
        return Prompt(who, top["kind"], step.text(st, top), step.rules,
                      _choices(st, top, step, deciders))

    def legal_actions(self, side: str | None = None) -> list[dict]:
        """The legal actions now, for every deciding side or only ``side``."""
        st = self._state
        step = self._waiting_step()
        if step is None:
            return []
        top = st.stack[-1]
        deciders = step.deciders(st, top)
        if side is not None:
            if side not in SIDE_NAMES:
                raise ValueError(f"side must be 'athens' or 'sparta', not {side!r}")
            deciders = tuple(d for d in deciders if SIDE_NAMES[d] == side)
        return _choices(st, top, step, deciders)

    def view(self, side: str) -> dict[str, Any]:
        """What ``side`` may see ("athens", "sparta", or "all" for the teacher)."""
        return _view(self._state, side)

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
        clean = shapes.checked(action)
        old = self._state
        step = self._waiting_step()
        if step is None:
            raise IllegalAction(f"play has stopped: {self.prompt.text}")
        top = old.stack[-1]
        side = action_side(action)
        deciders = step.deciders(old, top)
        if side not in deciders:
            waiting = " and ".join(SIDE_NAMES[d].title() for d in deciders)
            raise IllegalAction(f"it is not {SIDE_NAMES[side].title()}'s decision now: "
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
        step.apply_checked(new, frame, clean, made)
        settle(new)
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
            side = SIDE_NAMES[deciders[0]]
            policy = self._policy(side)
            if policy is None:
                break
            events += self._apply_one(policy(self, side, self.legal_actions(side)))
        return events

    def undo(self) -> None:
        """Take back the last action unless a die roll or a reveal came since (§ engine.md)."""
        if not self._undo:
            raise IllegalAction("nothing to undo: no action since the start, a die roll or a "
                                "reveal")
        self._state, n = self._undo.pop()
        del self.history[n:]

    def clone(self) -> Game:
        """An independent copy (shares no mutable state with this game)."""
        g = Game.__new__(Game)
        g._state = self._state.clone()
        g.seed = self.seed
        g.history = list(self.history)
        g._undo = list(self._undo)
        g.auto = self.auto
        return g

    # -- saving ------------------------------------------------------------------------------
    def to_json(self) -> str:
        """The whole game as JSON, open to anyone who reads the file: scenario, seed, actions
        so far and the whole state, hidden information included (the teacher's and hot-seat
        save; a game against the computer is saved sealed, docs/dashboard.md)."""
        return json.dumps({"format": OPEN_FORMAT, "version": SAVE_VERSION,
                           "scenario": self._state.scenario, "seed": self.seed,
                           "history": self.history, "state": self._state.to_dict()})

    @classmethod
    def from_json(cls, text: str | bytes, *, world: World | None = None) -> Game:
        """Load a game saved by :meth:`to_json`, or ValueError in plain words naming what is
        wrong. Only JSON is read, within limits (size, nesting, number of moves); every entry
        is checked (types, ranges, names that exist, every unit listed once); then the moves
        are replayed from the scenario and seed, and must be legal and reach exactly the saved
        position. Returns the replayed game, with its undo history (docs/security.md)."""
        data = parse_json(text)
        if save_kind(data) == "sealed":
            raise ValueError("this is a sealed save of a game against the computer: only "
                             "Dashboard.load on the installation that saved it can open it")
        world = world or load_world()
        save = validate_open(data, index_for(world))
        game = cls._replayed(save.scenario, save.seed, data["history"], world)
        replayed = json.loads(json.dumps(game._state.to_dict()))
        diff = first_difference(data["state"], replayed)
        if diff is not None:
            raise ValueError("the position stored in the file does not follow from its own "
                             "list of moves (edited by hand, or saved by another version of "
                             f"the rules): {diff}")
        return game

    @classmethod
    def _replayed(cls, scenario: str, seed: int, moves: list[dict], world: World) -> Game:
        """:meth:`replay` for a save: a refused move is a ValueError naming its number."""
        try:
            game = cls.new(scenario, seed, world=world)
        except (KeyError, ValueError) as exc:
            raise ValueError(f"the saved game names a scenario this version cannot set up: "
                             f"{exc}") from exc
        for i, action in enumerate(moves, 1):
            try:
                game.apply(action)
            except (IllegalAction, KeyError, TypeError, ValueError, IndexError) as exc:
                raise ValueError(f"move {i} of the saved game is not legal from the position "
                                 f"before it: {exc}") from exc
        return game

    def __repr__(self) -> str:
        st = self._state
        p = self.prompt
        return (f"<Game {st.scenario} seed={self.seed}: {SEASONS[st.season]} {st.year} BC, "
                f"prestige {st.prestige:+d}, {len(self.history)} actions, "
                f"waiting for {p.side} ({p.kind})>")


def _choices(st: State, top: dict, step: Step, deciders: tuple[int, ...]) -> list[dict]:
    """The legal actions of ``deciders`` (already asked of ``step``) at the top frame."""
    out: list[dict] = []
    for d in deciders:
        out.extend(step.legal(st, top, d))
    return out


def new_game(scenario: str, seed: int = 0, *, world: World | None = None,
             auto: AutoPolicy | dict[str, AutoPolicy] | None = None) -> Game:
    """Start ``scenario`` ("431", "sicily", "413", "415") with dice seeded by ``seed``."""
    return Game.new(scenario, seed, world=world, auto=auto)
