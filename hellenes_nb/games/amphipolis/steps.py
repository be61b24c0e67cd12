"""The decision steps of *Amphipolis*, listed once (docs/architecture.md, "Decisions: frames
and steps")."""

from __future__ import annotations

from hellenes_nb.core.steps import StepRegistry
from hellenes_nb.games.amphipolis.rules import (
    actions,
    advantage,
    arrivals,
    attrition,
    combat,
    mainmoves,
    operations,
    sequence,
    sieges,
    stratagems,
    victory,
)
from hellenes_nb.games.amphipolis.state import SIDES

STEPS = StepRegistry("amphipolis", SIDES, (
    *sequence.STEPS, *arrivals.STEPS, *actions.STEPS, *operations.STEPS, *mainmoves.STEPS,
    *combat.STEPS, *sieges.STEPS, *attrition.STEPS, *stratagems.STEPS, *advantage.STEPS,
    *victory.STEPS,
))
