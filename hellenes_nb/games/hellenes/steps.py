"""Every decision step of *Hellenes*, listed once: the game's explicit step registry
(docs/architecture.md). Each rules module lists its own steps in its ``STEPS``."""

from __future__ import annotations

from hellenes_nb.core.steps import StepRegistry
from hellenes_nb.games.hellenes.index import SIDE_NAMES
from hellenes_nb.games.hellenes.rules import (
    appeals,
    boarding,
    card_play,
    cards,
    events,
    new_year,
    peace,
    sequence,
    year_end,
)
from hellenes_nb.games.hellenes.rules.actions import building, moves
from hellenes_nb.games.hellenes.rules.actions import phase as action_phase
from hellenes_nb.games.hellenes.rules.battle import phase, stages
from hellenes_nb.games.hellenes.rules.movement import rolls
from hellenes_nb.games.hellenes.rules.siege import assault, attrition, methods, pillage, sortie
from hellenes_nb.games.hellenes.rules.winter import season

#: the steps of the game, by frame kind
STEPS = StepRegistry("hellenes", SIDE_NAMES, (
    *sequence.STEPS, *new_year.STEPS, *card_play.STEPS, *cards.STEPS, *events.STEPS,
    *appeals.STEPS, *moves.STEPS, *building.STEPS, *action_phase.STEPS, *boarding.STEPS,
    *rolls.STEPS, *phase.STEPS, *stages.STEPS, *methods.STEPS, *assault.STEPS, *attrition.STEPS,
    *sortie.STEPS, *pillage.STEPS,
    *season.STEPS, *peace.STEPS, *year_end.STEPS,
))
