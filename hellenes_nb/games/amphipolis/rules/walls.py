"""§5 Construction: the walls the Spartans may build around Amphipolis (T12/T11, T11/T9 and
the corner at the juncture point, docs/rules-decisions.md), and §5.2 their destruction by the
Athenian sappers (S11) and their rebuilding.

Rule functions on a position, tested with forced dice; not yet called in Phase C (no scenario
that uses the main map is playable yet, docs/amphipolis.md)."""

from __future__ import annotations

from hellenes_nb.games.amphipolis.rules.common import ATHENS, SPARTA, units_at
from hellenes_nb.games.amphipolis.state import State

__all__ = ["build_need", "may_build", "try_build", "sap"]


def build_need(turn: int) -> int:
    """The least die roll that builds the walls on ``turn`` (§5.1): 5 in turns 0-3, 4 during
    the armistice (turns 4-7), 6 in turns 8 and 9."""
    return 5 if turn <= 3 else 4 if turn <= 7 else 6


def may_build(st: State) -> str:
    """Why Sparta may not try to build the walls in this Phase C ("" when it may, §5.1, §5.2):
    it must hold the Advantage and the citadel, no Athenian combat unit may stand in T9 or T7,
    the walls must not stand already, and walls destroyed by S11 may be rebuilt only from the
    end of the turn after."""
    if st.walls == "built":
        return "the walls already stand"
    if st.advantage != SPARTA:
        return "Sparta must hold the Advantage (§5.1)"
    if st.citadel != SPARTA:
        return "Sparta must hold the citadel of Amphipolis (§5.1)"
    if units_at(st, "T9", ATHENS) or units_at(st, "T7", ATHENS):
        return "Athenian units stand in T9 or T7 (§5.1)"
    if st.walls == "destroyed" and f"sapped:{st.turn}" in st.used:
        return "walls destroyed this turn can be rebuilt only at the end of the next (§5.2)"
    return ""


def try_build(st: State) -> bool:
    """Roll for the walls (§5.1); they stand from now on when the die reaches the need."""
    why = may_build(st)
    if why:
        raise ValueError(f"Sparta cannot build the walls now: {why}")
    roll, need = st.dice.roll(), build_need(st.turn)
    built = roll >= need
    if built:
        st.walls = "built"
    st.event("walls", "5.1", f"Sparta rolls {roll} for the walls (needs {need} or more): "
             + ("the walls are built" if built else "not this turn"), SPARTA, roll=roll)
    return built


def sap(st: State) -> None:
    """S11: the Athenian sappers destroy the walls Sparta built (§5.2)."""
    if st.walls != "built":
        raise ValueError("there are no walls built by Sparta to destroy (§5.2)")
    st.walls = "destroyed"
    st.used = [*st.used, f"sapped:{st.turn}"]
    st.event("walls", "5.2", "Athenian sappers destroy the Spartan walls (S11)", ATHENS)
