"""§9 Victory: a complete victory when a side holds the citadel of Amphipolis and all eight
operational zones in Phase D.7 (not on turns 0 and 1, §9.1); otherwise victory points at the
end (§9.2) and the level of the result (a draw within 4 points, a strategic victory with at
least double the loser's score, a tactical one otherwise). Scenario 10.2 fixes the citadel's
5 VP to Sparta and Eion's 3 to Athens, and gives Athens 5 more for garrisons at Mendè and
Skionè at the end (§10.2). In the scenarios on the main map the citadel's 5 VP go to the side
holding it, Athens scores 3 while an Athenian combat unit stands in Eion (T5), Sparta 1 for the
walls built and Athens 1 for the walls destroyed (§9.2), and in 10.3 and 10.4 Athens scores 2
if Sparta never attacked a zone where Cleon stood with a force Brasidas led."""

from __future__ import annotations

from hellenes_nb.core.steps import Step
from hellenes_nb.games.amphipolis.rules.common import (
    ATHENS,
    CLEON_VP,
    OPS,
    SPARTA,
    scen_id,
    scenario_of,
    units_at,
)
from hellenes_nb.games.amphipolis.state import SIDES, State

__all__ = ["STEPS", "complete_winner", "level", "scores"]


def scores(st: State) -> list[int]:
    """Both sides' victory points now (Athens, Sparta)."""
    scen = scenario_of(st)
    vp = st.vp[:]
    for side, name in enumerate(SIDES):
        vp[side] += scen.fixed_vp.get(name, 0)
        vp[side] += sum(1 for z in OPS if st.garrison[z] == side)
    if st.flotilla:
        vp[1] += 1
    if scen.main_map:
        vp[st.citadel] += 5
        vp[ATHENS] += 3 if units_at(st, "T5", ATHENS) else 0
        vp[SPARTA] += st.walls == "built"
        vp[ATHENS] += st.walls == "destroyed"
        if scen_id(st) in CLEON_VP and "brasidas_attacked_cleon" not in st.used:
            vp[ATHENS] += 2
    bonus = scen.both_towns_vp
    if bonus is not None:
        side = SIDES.index(bonus.side)
        if all(st.garrison[z] == side for z in bonus.towns):
            vp[side] += bonus.vp
    return vp


def complete_winner(st: State) -> int:
    """The side with the citadel and every operational zone (-1: none; §9.1)."""
    if st.turn <= 1:
        return -1
    for side in (0, 1):
        if st.citadel == side and all(st.garrison[z] == side for z in OPS):
            return side
    return -1


def level(vp: list[int]) -> tuple[int, str]:
    """(winner or -1, how) from the final scores (§9.2)."""
    a, s = vp
    if abs(a - s) <= 4:
        return -1, "draw"
    win = 0 if a > s else 1
    return win, "strategic" if vp[win] >= 2 * vp[1 - win] else "tactical"


class Over(Step):
    kind = "over"
    terminal = True
    rules = ("9",)

    def text(self, st: State, frame: dict) -> str:
        return frame["text"]


STEPS = (Over(),)
