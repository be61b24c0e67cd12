"""The decision steps of *Athens & Sparta*, listed once (docs/architecture.md, "Decisions:
frames and steps")."""

from __future__ import annotations

from hellenes_nb.core.steps import StepRegistry
from hellenes_nb.games.athens_sparta.position import SIDES
from hellenes_nb.games.athens_sparta.rules import (
    afterbattle,
    bidding,
    combatphase,
    mulligan,
    operations,
    replacement,
    sequence,
    strategics,
    syracuse,
    syracusepoints,
)

STEPS = StepRegistry("athens-sparta", SIDES, (*sequence.STEPS, *operations.STEPS,
                                              *combatphase.STEPS, *afterbattle.STEPS,
                                              *mulligan.STEPS, *strategics.STEPS,
                                              *replacement.STEPS, *syracuse.STEPS,
                                              *syracusepoints.STEPS, *bidding.STEPS))
