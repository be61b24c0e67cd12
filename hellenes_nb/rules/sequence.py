"""The sequence of play: the game year, New Year, the four campaigning seasons and player turns.

Frames (bottom to top):

- ``{"kind": "year", "stage": 0..5}`` — New Year, then Spring, Summer, HighSummer, Fall, then
  Winter. Winter (§9) and Year End (§9.5) belong to engine II: for now the game stops at the
  start of Winter with a ``stopped`` frame.
- ``{"kind": "new_year", "stage": n}`` — deal six cards, one card each as event or Sacrifice
  (§10.1–§10.3).
- ``{"kind": "season", "season": s, "stage": n}`` — initiative card play (§3.3), then the
  first and second player turns.
- ``{"kind": "turn", "side": s, "stage": n}`` — action phase (an event, or actions, §3.1, §4.0),
  then the combat phase (§6.0); control is refreshed after each phase (§1.4).
- ``{"kind": "combat_phase", "side": s}`` — handled by ``rules/battles.py`` when it is
  installed; the fallback here ends the phase only when no area is disputed.
"""

from __future__ import annotations

from . import cards, control
from .state import State
from .steps import STEPS, Step, pop, push, register, replace_top
from .world_index import SEASONS, SIDE_NAMES

WINTER = 5


def stop(state: State, reason: str) -> None:
    """End play with a ``stopped`` frame explaining why."""
    push(state, {"kind": "stopped", "reason": reason})
    state.event("stopped", "", reason)


class Year(Step):
    kind = "year"
    rules = ("10.0", "3.3", "9.0")

    def run(self, state, frame):
        stage = frame["stage"]
        replace_top(state, stage=stage + 1)
        if stage == 0:
            push(state, {"kind": "new_year", "stage": 0})
        elif stage < WINTER:
            push(state, {"kind": "season", "season": stage, "stage": 0})
        else:
            state.season = WINTER
            stop(state, f"Winter {state.year} BC: Winter (§9) and Year End (§9.5) will come "
                        "with engine II; play stops here.")


class NewYear(Step):
    kind = "new_year"
    rules = ("10.1", "10.2", "10.3")

    def run(self, state, frame):
        stage = frame["stage"]
        if stage == 0:
            state.season = 0
            state.event("new_year", "10.1", f"New Year {state.year} BC")
            cards.deal(state)
            replace_top(state, stage=1)
            push(state, {"kind": "card_play", "new_year": 1})
        elif stage in (1, 2):
            replace_top(state, stage=stage + 1)
            side = state.first if stage == 1 else 1 - state.first
            play = state.played[side]
            if play is not None and play["use"] == "event":
                cards.resolve_event(state, side)
            elif play is not None and play.get("god"):
                state.event("sacrifice", "10.3", f"{SIDE_NAMES[side].title()} sacrifices "
                            f"to {play['god'].title()}", side, god=play["god"])
        else:
            cards.discard_played(state)
            pop(state, frame)


class Season(Step):
    kind = "season"
    rules = ("3.3",)

    def run(self, state, frame):
        stage = frame["stage"]
        if stage == 0:
            state.season = frame["season"]
            state.event("season", "3.3", f"{SEASONS[state.season]} {state.year} BC")
            replace_top(state, stage=1)
            push(state, {"kind": "card_play", "new_year": 0})
        elif stage in (1, 2):
            replace_top(state, stage=stage + 1)
            side = state.first if stage == 1 else 1 - state.first
            push(state, {"kind": "turn", "side": side, "stage": 0})
        else:
            cards.discard_played(state)
            pop(state, frame)


def start_turn(state: State, side: int) -> None:
    """Reset the per-turn bookkeeping at the start of a player turn (§5.0, §6.4)."""
    state.active = side
    state.moved = bytearray(len(state.moved))
    state.retreated = bytearray(len(state.retreated))
    state.engagements = []
    state.pending_rolls = []
    state.carry = {f: c for f, c in state.carry.items()
                   if state.loc[f] >= 0 and state.loc[f] == state.loc[c]
                   and state.ix.is_sea(state.loc[f])}


class Turn(Step):
    kind = "turn"
    rules = ("3.1", "4.0", "6.0", "1.4")

    def run(self, state, frame):
        side, stage = frame["side"], frame["stage"]
        name = SIDE_NAMES[side].title()
        if stage == 0:
            start_turn(state, side)
            replace_top(state, stage=1)
            play = state.played[side]
            if play is not None and play["use"] == "event":
                state.actions_left = 0
                state.event("turn", "3.1", f"{name}'s turn: an event, so no actions", side)
                cards.resolve_event(state, side)
            else:
                state.actions_left = cards.action_count(state, side)
                state.event("turn", "4.0", f"{name}'s turn: {state.actions_left} action(s)",
                            side, actions=state.actions_left)
                push(state, {"kind": "actions", "side": side})
        elif stage == 1:
            control.refresh(state)
            replace_top(state, stage=2)
            push(state, {"kind": "combat_phase", "side": side})
        else:
            control.refresh(state)
            state.actions_left = 0
            pop(state, frame)


class CombatPhaseFallback(Step):
    """Stands in for ``rules/battles.py``: passes only when there is nothing to fight."""

    kind = "combat_phase"
    rules = ("6.0",)

    def run(self, state, frame):
        places = control.disputed(state)
        pop(state, frame)
        if places:
            names = ", ".join(state.ix.place_name[p] for p in places)
            stop(state, f"Battles are due in {names}, but the combat phase on the map "
                        "(rules/battles.py) is not installed; play stops here.")


class Stopped(Step):
    kind = "stopped"
    terminal = True

    def text(self, state, frame):
        return frame["reason"]


for _step in (Year(), NewYear(), Season(), Turn(), Stopped()):
    register(_step)
if "combat_phase" not in STEPS:
    register(CombatPhaseFallback())
