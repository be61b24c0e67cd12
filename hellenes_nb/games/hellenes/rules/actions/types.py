"""§4.0 what an action of the action phase is (:class:`ActionType`: its cost, legal list, check
and effect), what it costs where (§15.2), and the checks of the unit and place an action
names."""

from __future__ import annotations

from hellenes_nb.core.steps import IllegalAction, need
from hellenes_nb.games.hellenes.index import side_of, side_title
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.state import State


class ActionType:
    """One kind of action in the action phase (cost in actions, legal list, check, effect)."""

    type = ""
    rules: tuple[str, ...] = ()
    cost = 1

    def legal(self, state: State, side: int) -> list[dict]:
        return []

    def why_illegal(self, state: State, side: int, action: dict) -> IllegalAction | None:
        return None

    def apply(self, state: State, side: int, action: dict) -> None:
        """Carry out the action (the action cost is already paid)."""


def _where(state: State, action: dict) -> int:
    """The place an action is located in (its area, destination, place or unit), or -1."""
    ix = state.ix
    for key in ("area", "to", "place"):
        v = action.get(key)
        if isinstance(v, str) and v in ix.place_of:
            return ix.place_of[v]
    v = action.get("unit")
    if isinstance(v, str) and v in ix.unit_of:
        return state.loc[ix.unit_of[v]]
    return -1


def cost_of(state: State, handler: ActionType, action: dict) -> int:
    """Actions this action costs: the handler's cost, doubled in neutral SICILY (§15.2)."""
    return handler.cost * scenario_rules.action_cost(state, _where(state, action))


def place_arg(state: State, action: dict, key: str) -> int:
    """The place an action names under ``key`` (IllegalAction when missing or unknown)."""
    value = need(action, key, str)
    try:
        return state.ix.place(value)
    except KeyError as exc:
        raise IllegalAction(str(exc.args[0])) from None


def unit_arg(state: State, action: dict, key: str = "unit") -> int:
    """The unit an action names under ``key`` (IllegalAction when missing or unknown)."""
    value = need(action, key, str)
    try:
        return state.ix.unit(value)
    except KeyError as exc:
        raise IllegalAction(str(exc.args[0])) from None


def own_unit(state: State, u: int, side: int) -> None:
    """IllegalAction unless unit ``u`` is of ``side``."""
    if side_of(u) != side:
        raise IllegalAction(f"{state.ix.describe(u)} is not a {side_title(side)} unit")


def next_group(state: State) -> int:
    """A fresh number for a group activation (formations never span two activations)."""
    n = state.flags.get("group_seq", 0) + 1
    state.flags["group_seq"] = n
    return n
