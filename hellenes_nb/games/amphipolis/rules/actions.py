"""§2 B.3 The action phases: the active player spends PA on one operation (§3.2.1: one an
action phase, before any movement, §3.2.2) and, on the main map, on activating zones one after
the other and moving their pieces (:mod:`.mainmoves`, §2 B.3.2); with nothing he wants to move
he holds (a player may not pass while he has PA, §2 B.3: an action phase spends at least one
PA, so a phase of free activations only costs one). Then he pays one PA for all the combats of
the phase and fights them, in the order of the zones (§2 B.3.3, §4.1). The players alternate;
one without PA is passed over until both have none. In scenario 10.2, without the main map,
the phase ends with its operation, as before.

The announcement of §2 B.3.1 is folded into the choice: each choice says what it costs, and
an operation into a zone held by enemy land units is offered only when a PA is left for the
combat (the penalty of §4.1 for a combat that cannot be paid never arises;
docs/rules-decisions.md).

Frame: ``action`` (automatic but for the choice: strategem windows, the choice, the combats,
the close)."""

from __future__ import annotations

from hellenes_nb.core.steps import Step, pop, push, replace_top
from hellenes_nb.games.amphipolis.rules.common import scenario_of
from hellenes_nb.games.amphipolis.rules.mainmoves import (
    activate_action,
    activations,
    fights_pending,
    start_activation,
)
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
    """Zones where both sides have land units (§4.1), the operational map's first."""
    return fights_pending(st)


def _choices(st: State, frame: dict) -> list[dict]:
    side = frame["side"]
    out = []
    if not frame.get("op") and not frame.get("moved_u") and not frame.get("moved_l"):
        out += [route_action(side, *r) for r in routes(st, side, "B3")]
    if scenario_of(st).main_map:
        out += [activate_action(side, z, c) for z, c in activations(st, side, "B3", frame)]
    if frame.get("busy"):
        out.append({"type": "end", "side": SIDES[side], "label": "end the action phase"})
    else:
        out.append({"type": "hold", "side": SIDES[side], "label": "hold (spend 1 PA)"})
    return out


class Action(Step):
    kind = "action"
    rules = ("2",)

    def deciders(self, st: State, frame: dict) -> tuple[int, ...]:
        if frame["stage"] != "choose":
            return ()
        only_end = [a["type"] for a in _choices(st, frame)] == ["end"]
        return () if only_end else (frame["side"],)

    def legal(self, st: State, frame: dict, side: int) -> list[dict]:
        if side != frame["side"] or frame["stage"] != "choose":
            return []
        return _choices(st, frame)

    def apply(self, st: State, frame: dict, action: dict) -> None:
        side, kind = frame["side"], action["type"]
        if kind == "hold":
            replace_top(st, stage="fight", spent=1)
            st.pa[side] -= 1
            st.event("hold", "2", f"{SIDES[side].title()} spends 1 PA and moves nothing "
                     f"({st.pa[side]} PA left)", side)
        elif kind == "end":
            replace_top(st, stage="fight")
        elif kind == "activate":
            start_activation(st, side, "B3", action)
        else:
            frm, to, cost = find_route(st, side, "B3", action)
            main = scenario_of(st).main_map
            replace_top(st, stage="choose" if main else "fight", op=True, busy=True,
                        spent=frame.get("spent", 0) + cost)
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
        elif stage == "choose":
            replace_top(st, stage="fight")
        elif stage == "fight":
            zones = fights(st)
            replace_top(st, stage="close")
            if zones:
                st.pa[side] -= 1
                st.event("combats", "2", f"{SIDES[side].title()} pays 1 PA for the combats "
                         f"({st.pa[side]} PA left)", side)
                entered = frame.get("entered", {})
                for z in reversed(zones):
                    push(st, {"kind": "battle", "zone": z, "attacker": side, "stage": "open",
                              "mods": [], "entered": entered.get(z, [])})
            elif not frame.get("spent") and st.pa[side] > 0:
                st.pa[side] -= 1
                st.event("hold", "2 B.3.1", f"{SIDES[side].title()} spends the one PA an "
                         f"action phase costs at least ({st.pa[side]} PA left)", side)
        else:
            st.active = 1 - side
            st.barred = []
            pop(st, frame)

    def text(self, st: State, frame: dict) -> str:
        return (f"{SIDES[frame['side']].title()}'s action phase: an operation or hold "
                f"({st.pa[frame['side']]} PA)")


STEPS = (Action(),)
