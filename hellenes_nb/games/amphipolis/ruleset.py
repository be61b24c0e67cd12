"""*Amphipolis, 424–422 BC* behind the core's :class:`~hellenes_nb.core.ruleset.Ruleset`
protocol (docs/architecture.md, docs/amphipolis.md), on the core's :class:`PlainRuleset`.
Scenario ids are prefixed with the game's name (``amphipolis-10.2``) so they stay unique
across games."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.plainruleset import PlainRuleset
from hellenes_nb.core.steps import StepRegistry
from hellenes_nb.games.amphipolis import shapes
from hellenes_nb.games.amphipolis.oldsaves import with_old_choices
from hellenes_nb.games.amphipolis.rules.sequence import initial_state
from hellenes_nb.games.amphipolis.rules.victory import scores
from hellenes_nb.games.amphipolis.savefile import validate_open
from hellenes_nb.games.amphipolis.state import SIDES, State
from hellenes_nb.games.amphipolis.steps import STEPS
from hellenes_nb.games.amphipolis.view import log_for, view

PREFIX = "amphipolis-"
#: the scenarios this engine plays (all four of §10)
SCENARIOS = ("amphipolis-10.1", "amphipolis-10.2", "amphipolis-10.3", "amphipolis-10.4")


class Amphipolis(PlainRuleset):
    """The ruleset of *Amphipolis* (one instance, :data:`AMPHIPOLIS`)."""

    name = "amphipolis"
    title = "Amphipolis, 424–422 BC"
    roles = SIDES
    SCENARIOS = SCENARIOS
    make = staticmethod(initial_state)
    checked = staticmethod(shapes.checked)
    view_of = staticmethod(view)
    log_of = staticmethod(log_for)
    validate = staticmethod(validate_open)

    def __init__(self, steps: StepRegistry = STEPS):
        super().__init__(steps)

    def final(self, state: State, top: dict) -> dict:
        return {"vp": dict(zip(SIDES, top["vp"], strict=True))}

    def read_save(self, data: dict[str, Any], **options: Any) -> tuple[str, int, list[dict]]:
        """The core's reading, the moves of a save made before the reinforcement choices
        completed with the engine's old picks (:mod:`.oldsaves`)."""
        scenario, seed, moves = super().read_save(data, **options)
        return scenario, seed, with_old_choices(scenario, seed, moves, data.get("origin"))

    def describe(self, state: State) -> str:
        a, s = scores(state)
        return f"turn {state.turn}, Athens {a} VP, Sparta {s} VP"


#: the one ruleset object of the game (registered in the catalogue by ``plugin.py``)
AMPHIPOLIS = Amphipolis()
