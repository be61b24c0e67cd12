"""§4.0 the action phase: the acting player spends the turn's actions in any order, choosing
among every action type (:data:`ACTION_TYPES`), then ends the phase; forced marches and
storms are rolled after it (§5.3, §5.22).

Frame: ``{"kind": "actions", "side": s}``."""

from __future__ import annotations

from hellenes_nb.core.echo import shown
from hellenes_nb.core.steps import IllegalAction, Step, pop, push
from hellenes_nb.core.words import count
from hellenes_nb.games.hellenes.index import SIDE_NAMES, action_side, side_title
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules.actions.building import Build, DetachGarrison, Recruit
from hellenes_nb.games.hellenes.rules.actions.moves import MoveGroup, Muster
from hellenes_nb.games.hellenes.rules.actions.types import ActionType, cost_of
from hellenes_nb.games.hellenes.rules.cards import season_ban
from hellenes_nb.games.hellenes.rules.siege.pillage import PillageAction
from hellenes_nb.games.hellenes.state import State

#: every action type of the action phase, by type, in listing order (pillaging, §4.3/§5.5,
#: is the siege chapter's)
ACTION_TYPES: dict[str, ActionType] = {handler.type: handler for handler in (
    MoveGroup(), Muster(), Build(), Recruit(), DetachGarrison(), PillageAction())}


#: what an Earthquake forbids, by action type (§3.1)
BANNED_BY = {"move_group": "move", "muster": "move", "pillage": "pillage"}


def _banned(state: State, side: int, action_type: str) -> str:
    """Why a season-long event forbids ``side`` this action type now, or "" (§3.1)."""
    what = BANNED_BY.get(action_type)
    return season_ban(state, side, what) if what else ""

class ActionPhase(Step):
    """Spend the turn's actions in any order, then end the phase (§4.0)."""

    kind = "actions"
    rules = ("4.0",)

    def deciders(self, state, frame):
        return (frame["side"],) if state.actions_left > 0 else ()

    def legal(self, state, frame, side):
        if side != frame["side"]:
            return []
        out = []
        left = state.actions_left
        # unless costs vary by place, each action costs at most its handler's cost
        vary = scenario_rules.costs_vary(state)
        for handler in ACTION_TYPES.values():
            if handler.cost <= left and not _banned(state, side, handler.type):
                listed = handler.legal(state, side)
                out.extend((a for a in listed if cost_of(state, handler, a) <= left) if vary
                           else listed)
        out.append({"type": "end_actions", "side": SIDE_NAMES[side],
                    "label": f"End the action phase ({count(state.actions_left, 'action')} "
                             "left unused)"})
        return out

    def why_illegal(self, state, frame, action):
        side = action_side(action)
        if side != frame["side"]:
            return IllegalAction(f"it is {side_title(frame['side'])}'s action phase")
        t = action.get("type")
        if t == "end_actions":
            return None
        handler = ACTION_TYPES.get(t)
        if handler is None:
            return IllegalAction(f"{shown(t)} is not an action; the action types are "
                                 f"{', '.join(sorted(ACTION_TYPES))} and 'end_actions'", "4.0")
        ban = _banned(state, side, t)
        if ban:
            return IllegalAction(ban, "3.1")
        cost = cost_of(state, handler, action)
        if cost > state.actions_left:
            extra = " (double in neutral Sicily, §15.2)" if cost > handler.cost else ""
            return IllegalAction(f"{t} costs {count(cost, 'action')}{extra} and only "
                                 f"{state.actions_left} remain", "4.0")
        try:
            return handler.why_illegal(state, side, action)
        except IllegalAction as exc:
            return exc

    def apply(self, state, frame, action):
        if action["type"] == "end_actions":
            self.run(state, frame)
            return
        handler = ACTION_TYPES[action["type"]]
        state.actions_left -= cost_of(state, handler, action)
        handler.apply(state, frame["side"], action)

    def run(self, state, frame):
        state.actions_left = 0
        pop(state, frame)
        if state.pending_rolls:
            push(state, {"kind": "rolls", "side": frame["side"], "stage": "forced",
                         "await": ()})

    def text(self, state, frame):
        return (f"{side_title(frame['side'])}'s action phase: "
                f"{count(state.actions_left, 'action')} left")


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (ActionPhase(),)
