"""§6 Attrition, in Phase D.6: one die for each zone where a side has units outside a rear base,
a city zone, the port (M1) and an operational zone whose garrison is its own, modified by +1
on clear or elevated ground, +1 with 30 PF or more of land units, +1 in winter and -1 in an
armistice turn. 5: one unit reduced; 6: half the units (rounded down); more: all.

Frame: ``attrition`` (automatic, one zone after another; the owner picks the units in a
``loss`` frame)."""

from __future__ import annotations

from hellenes_nb.core.steps import Step, pop, push, replace_top
from hellenes_nb.games.amphipolis.rules.common import (
    ARMISTICE,
    OPS,
    W,
    land_pf,
    season,
    units_at,
    zname,
)
from hellenes_nb.games.amphipolis.state import SIDES, State

__all__ = ["STEPS", "attrition_frame", "modifier", "units_hit"]


def zones(st: State, side: int) -> list[str]:
    """The zones ``side`` checks: operational zones with an enemy garrison, and zones of the
    main map other than cities and the port."""
    main = [z.id for z in W.main if z.terrain not in ("city", "port")
            and units_at(st, z.id, side)]
    return [z for z in OPS if st.garrison[z] != side and units_at(st, z, side)] + main


def attrition_frame(st: State, side: int) -> dict:
    return {"kind": "attrition", "side": side, "zones": zones(st, side), "stage": "next"}


def modifier(st: State, zone: str, side: int) -> int:
    ground = 1 if W.zone[zone].terrain in ("clear", "elevated") else 0
    return ground + ((1 if land_pf(st, zone, side) >= 30 else 0) + (1 if season(st.turn) == "winter"
                                                            else 0)
            - (1 if st.turn in ARMISTICE else 0))


def units_hit(total: int, count: int) -> int:
    """How many units a modified result reduces (§6)."""
    if total <= 4:
        return 0
    if total == 5:
        return 1
    return count // 2 if total == 6 else count


class Attrition(Step):
    kind = "attrition"
    rules = ("6",)

    def run(self, st: State, frame: dict) -> None:
        side = frame["side"]
        if frame["stage"] == "next":
            if not frame["zones"]:
                pop(st, frame)
                return
            replace_top(st, zone=frame["zones"][0], zones=frame["zones"][1:], stage="roll")
        elif frame["stage"] == "roll":
            die = st.dice.roll()
            replace_top(st, die=die, stage="resolve")
            push(st, {"kind": "reroll", "die": die,
                      "what": f"attrition of {SIDES[side].title()} in {zname(frame['zone'])}"})
        else:
            zone = frame["zone"]
            mod = modifier(st, zone, side)
            total = frame["die"] + mod
            count = len(units_at(st, zone, side))
            n = units_hit(total, count)
            st.event("attrition", "6", f"Attrition of {SIDES[side].title()} in {zname(zone)}: "
                     f"die {frame['die']}{mod:+d} = {total}, "
                     + (f"{n} unit(s) reduced" if n else "no effect"), side)
            replace_top(st, stage="next")
            if n:
                push(st, {"kind": "loss", "side": side, "zone": zone, "n": n, "land": False,
                          "picked": [], "rule": "6", "why": f"attrition in {zname(zone)}"})


STEPS = (Attrition(),)
