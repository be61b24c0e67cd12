"""The sequence of play: the game year, the four campaigning seasons and player turns.

Frames (bottom to top):

- ``{"kind": "year", "stage": 0..7}`` — New Year (``new_year.py``, §10), Spring, Summer,
  HighSummer, Fall, Winter (``winter/season.py``, §9), Year End (``year_end.py``, §9.5), then
  the next year begins (Year End ends the game with a ``game_over`` frame when the campaign is
  over);
- ``{"kind": "season", "season": s, "stage": n}`` — initiative card play (§3.3), then the
  first and second player turns;
- ``{"kind": "turn", "side": s, "stage": n, "begun": 0|1}`` — at the start a declaration of war
  where the Peace can be broken (§12.1), then (stage 0) the action phase (an event, or actions,
  §3.1, §4.0), then the combat phase (§6.0); control is refreshed after each phase (§1.4);
- ``{"kind": "combat_phase", "side": s}`` — handled by ``battle/phase.py``.
"""

from __future__ import annotations

from hellenes_nb.core.steps import Step, pop, push, replace_top
from hellenes_nb.core.words import count
from hellenes_nb.games.hellenes.index import NEW_YEAR, SEASONS, WINTER, YEAR_END, side_title
from hellenes_nb.games.hellenes.rules import cards, control, peace
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules.events import resolve_event
from hellenes_nb.games.hellenes.rules.winter import season as winter  # noqa: F401
from hellenes_nb.games.hellenes.state import State


class Year(Step):
    kind = "year"
    rules = ("10.0", "3.3", "9.0", "9.5")

    def run(self, state, frame):
        stage = frame["stage"]
        replace_top(state, stage=stage + 1)
        if stage == NEW_YEAR:
            push(state, {"kind": "new_year", "stage": 0})
        elif stage < WINTER:
            push(state, {"kind": "season", "season": stage, "stage": 0})
        elif stage == WINTER:
            push(state, {"kind": "winter", "stage": 0})
        elif stage == YEAR_END:
            push(state, {"kind": "year_end", "stage": "tribute"})
        else:
            replace_top(state, stage=0)


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
            scenario_rules.note_season_end(state)
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
    rules = ("3.1", "4.0", "6.0", "1.4", "12.1")

    def run(self, state, frame):
        side, stage = frame["side"], frame["stage"]
        name = side_title(side)
        if stage == 0 and not frame.get("begun"):
            start_turn(state, side)
            scenario_rules.refresh_neutral(state)
            scenario_rules.note_expeditionaries(state)
            replace_top(state, begun=1)
            if peace.can_declare(state):
                push(state, {"kind": "declare_war", "side": side})
        elif stage == 0:
            replace_top(state, stage=1)
            play = state.played[side]
            if play is not None and play["use"] == "event":
                state.actions_left = 0
                state.event("turn", "3.1", f"{name}'s turn: an event, so no actions", side)
                resolve_event(state, side)
            else:
                state.actions_left = peace.actions_for_turn(state, side)
                state.event("turn", "4.0", f"{name}'s turn: {count(state.actions_left, 'action')}",
                            side, actions=state.actions_left)
                push(state, {"kind": "actions", "side": side})
        elif stage == 1:
            control.refresh(state)
            scenario_rules.note_expeditionaries(state)  # those who came in this phase
            replace_top(state, stage=2)
            push(state, {"kind": "combat_phase", "side": side})
        else:
            control.refresh(state)
            state.actions_left = 0
            pop(state, frame)


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (Year(), Season(), Turn())
