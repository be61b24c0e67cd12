"""§5.21 reducing a land unit to board a fleet: its own decision.

A fleet carries one land unit weaker than itself; a stronger one may give up steps to board
(§5.21). Listing every move of a fleet with every such unit would multiply a port's list of
moves by its land units, so the choice comes in two steps:

- the frame that lists moves (a group move, or Winter's free moves) offers ``{"type": "board",
  "side", "unit": fleet, "carry": land unit}`` for each land unit too strong for a fleet that
  has somewhere to take it (:func:`offers`);
- choosing it pushes ``{"kind": "board", "side", "unit", "carry"}``: the fleet's moves
  carrying that unit with ``carry_cv`` one less than the fleet's cv, exactly the moves the
  frame below accepts, and ``end_board`` to go back without reducing anything.

The unit is reduced only when the move is made (``execution.execute``). The frame below
answers the moves: the step of each frame kind that offers boarding has a ``board_moves(state,
frame, fleet, land unit)`` method, the moves that frame accepts of the fleet carrying that unit
reduced to board it, without ``carry_cv``; none unless the unit is one of
``check.board_choices`` (``actions.moves.GroupMove``, ``winter.season.WinterActions``).
"""

from __future__ import annotations

from collections.abc import Callable

from hellenes_nb.core.steps import IllegalAction, Step, pop, push
from hellenes_nb.games.hellenes.index import SIDE_NAMES, action_side, side_of, side_title
from hellenes_nb.games.hellenes.state import State

#: the move action types of the frames that offer boarding
MOVE_TYPES = ("move", "winter_move")


def offers(state: State, side: int, f: int, units: tuple[int, ...],
           moves: Callable[[int], bool]) -> list[dict]:
    """The ``board`` actions for fleet ``f``: one per land unit of ``units``
    (``check.board_choices``) for which ``moves`` says the fleet has a move with that
    cargo."""
    ix = state.ix
    out = []
    cv = state.cv
    for c in units:
        if moves(c):
            out.append({"type": "board", "side": SIDE_NAMES[side], "unit": ix.unit_key[f],
                        "carry": ix.unit_key[c],
                        "label": f"{ix.describe(f)}: take {ix.describe(c)} aboard, "
                                 f"reduced from strength {cv[c]} to {cv[f] - 1} (one less than "
                                 "the fleet), then choose the move (§5.21)"})
    return out


def _units(state: State, action: dict) -> tuple[int, int]:
    """The fleet and land unit an action names (IllegalAction on unknown keys)."""
    ix = state.ix
    try:
        return ix.unit(action.get("unit")), ix.unit(action.get("carry"))
    except (KeyError, TypeError):
        raise IllegalAction(f"'unit' and 'carry' must name units, got {action.get('unit')!r} "
                            f"and {action.get('carry')!r}", "5.21") from None


def refusal(state: State, frame: dict, action: dict,
            moves: Callable[[State, dict, int, int], list[dict]]) -> IllegalAction | None:
    """Why the frame ``frame``, whose step lists a fleet's moves with a cargo by ``moves`` (its
    ``board_moves``), refuses a ``board`` action."""
    try:
        f, c = _units(state, action)
    except IllegalAction as exc:
        return exc
    ix = state.ix
    side = frame["side"]
    if side_of(f) != side or side_of(c) != side:
        return IllegalAction("only your own units board your fleets", "5.21")
    if state.cv[c] < state.cv[f]:
        return IllegalAction(f"{ix.describe(c)} is already weaker than {ix.describe(f)}: it "
                             "boards without being reduced (a move with 'carry')", "5.21")
    if not moves(state, frame, f, c):
        return IllegalAction(
            f"{ix.describe(c)} cannot board {ix.describe(f)} now: a fleet of strength 2 or more, "
            "free to move, takes aboard one unmoved Greek land unit of its own place, on a move "
            "to sea it can make (§5.21)", "5.21")
    return None


def start(state: State, frame: dict, action: dict) -> None:
    """Push the ``board`` frame of a ``board`` action that :func:`refusal` passed."""
    f, c = _units(state, action)
    push(state, {"kind": "board", "side": frame["side"], "unit": f, "carry": c})


class Board(Step):
    """Where the fleet goes with the land unit reduced to board it, or back (§5.21)."""

    kind = "board"
    rules = ("5.21",)

    def deciders(self, state, frame):
        return (frame["side"],)

    def _moves(self, state: State, frame: dict) -> list[dict]:
        parent = state.stack[-2]
        return self.registry.step_for(parent).board_moves(state, parent, frame["unit"],
                                                          frame["carry"])

    def legal(self, state, frame, side):
        if side != frame["side"]:
            return []
        ix = state.ix
        f, c = frame["unit"], frame["carry"]
        cv = state.cv[f] - 1
        plain = f"carrying {ix.describe(c)}"
        out = [{**a, "carry_cv": cv,
                "label": a["label"].replace(plain, f"{plain} reduced to strength {cv}")}
               for a in self._moves(state, frame)]
        out.append({"type": "end_board", "side": SIDE_NAMES[side],
                    "label": f"Back: {ix.describe(c)} does not board (it loses no strength)"})
        return out

    def why_illegal(self, state, frame, action):
        return self.check(state, frame, action)[0]

    def check(self, state, frame, action):
        """The reason the action is refused, or None and what the frame below made of the
        move (its plan)."""
        ix = state.ix
        f, c = frame["unit"], frame["carry"]
        if action_side(action) != frame["side"]:
            return IllegalAction(f"it is {side_title(frame['side'])}'s choice"), None
        t = action.get("type")
        if t == "end_board":
            return None, None
        want = state.cv[f] - 1
        if t not in MOVE_TYPES or action.get("unit") != ix.unit_key[f] \
                or action.get("carry") != ix.unit_key[c] or action.get("carry_cv") != want:
            return IllegalAction(
                f"choose a move of {ix.describe(f)} carrying {ix.describe(c)} with 'carry_cv' "
                f"{want}, or 'end_board' to go back", "5.21"), None
        parent = state.stack[-2]
        return self.registry.step_for(parent).check(state, parent, action)

    def apply(self, state, frame, action):
        self.apply_checked(state, frame, action, None)

    def apply_checked(self, state, frame, action, made):
        pop(state, frame)
        if action["type"] == "end_board":
            return
        parent = state.stack[-1]
        step = self.registry.step_for(parent)
        if made is None:
            err, made = step.check(state, parent, action)
            if err is not None:
                raise err
        step.apply_checked(state, parent, action, made)

    def text(self, state, frame):
        return ("Where does the fleet go with the land unit reduced to board it? Or go back "
                "(§5.21)")


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (Board(),)
