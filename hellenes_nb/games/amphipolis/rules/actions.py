"""§2 B.3 The action phases: the active player spends PA on one operation (the only move
scenario 10.2 allows, §3.2.1: one operation an action phase) or, with nothing he wants to
move, on holding (a player may not pass while he has PA, §2 B.3); then he pays one PA for all
the combats of the phase and fights them (§2 B.3.3, §4.1). The players alternate; one without
PA is passed over until both have none.

The announcement of §2 B.3.1 is folded into the choice: each choice says what it costs, and
an operation into a zone held by enemy land units is offered only when a PA is left for the
combat (the penalty of §4.1 for a combat that cannot be paid never arises;
docs/rules-decisions.md).

Frame: ``action`` (automatic but for the choice: strategem windows, the choice, the combats,
the close)."""

from __future__ import annotations

from hellenes_nb.core.steps import Step, pop, push, replace_top
from hellenes_nb.games.amphipolis.rules.common import OPS, units_at
from hellenes_nb.games.amphipolis.rules.operations import (
    find_route,
    route_action,
    routes,
    start_op,
)
from hellenes_nb.games.amphipolis.rules.stratagems import window_frames
from hellenes_nb.games.amphipolis.state import SIDES, State

__all__ = ["STEPS"]


def fights(st: State) -> list[str]:
    """Zones where both sides have land units (§4.1)."""
    return [z for z in OPS if units_at(st, z, 0, land=True) and units_at(st, z, 1, land=True)]


class Action(Step):
    kind = "action"
    rules = ("2",)

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        return (frame["side"],) if frame["stage"] == "choose" else ()

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != frame["side"] or frame["stage"] != "choose":
            return []
        return [*(route_action(side, *r) for r in routes(st, side, "B3")),
                {"type": "hold", "side": SIDES[side], "label": "hold (spend 1 PA)"}]

    def apply(self, st: State, frame: dict, action: dict) -> None:
        side = frame["side"]
        replace_top(st, stage="fight")
        if action["type"] == "hold":
            st.pa[side] -= 1
            st.event("hold", "2", f"{SIDES[side].title()} spends 1 PA and moves nothing "
                     f"({st.pa[side]} PA left)", side)
            return
        frm, to, cost = find_route(st, side, "B3", action)
        start_op(st, side, "B3", frm, to, cost)

    def run(self, st: State, frame: dict) -> None:
        side, stage = frame["side"], frame["stage"]
        if stage == "open":
            st.played = [False, False]
            st.barred = []
            st.event("action_phase", "2", f"{SIDES[side].title()}'s action phase "
                     f"({st.pa[side]} PA)", side)
            replace_top(st, stage="choose")
            for f in window_frames(st, (side, 1 - side), "B3"):
                push(st, f)
        elif stage == "fight":
            zones = fights(st)
            replace_top(st, stage="close")
            if zones:
                st.pa[side] -= 1
                st.event("combats", "2", f"{SIDES[side].title()} pays 1 PA for the combats "
                         f"({st.pa[side]} PA left)", side)
                for z in reversed(zones):
                    push(st, {"kind": "battle", "zone": z, "attacker": side, "stage": "open",
                              "mods": []})
        else:
            st.active = 1 - side
            st.barred = []
            pop(st, frame)

    def text(self, st: State, frame: dict) -> str:
        return (f"{SIDES[frame['side']].title()}'s action phase: an operation or hold "
                f"({st.pa[frame['side']]} PA)")


STEPS = (Action(),)
