"""The game's decision steps, listed once (docs/architecture.md, "Decisions: frames and
steps")."""

from __future__ import annotations

from hellenes_nb.core.steps import StepRegistry
from hellenes_nb.games.earth_water.index import SIDE_NAMES
from hellenes_nb.games.earth_water.rules import (
    battle,
    campaign,
    leaders,
    movement,
    operations,
    picks,
    preparation,
    reactions,
    supply,
)

STEPS = StepRegistry("earth-water", SIDE_NAMES, (
    *campaign.STEPS, *preparation.STEPS, *operations.STEPS, *movement.STEPS, *battle.STEPS,
    *reactions.STEPS, *picks.STEPS, *leaders.STEPS, *supply.STEPS,
))
