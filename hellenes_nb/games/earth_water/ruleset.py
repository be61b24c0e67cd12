"""*300: Earth & Water* behind the core's :class:`~hellenes_nb.core.ruleset.Ruleset` protocol
(docs/architecture.md, docs/earth-water.md)."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.steps import StepRegistry
from hellenes_nb.games.earth_water import shapes
from hellenes_nb.games.earth_water.index import SIDE_NAMES
from hellenes_nb.games.earth_water.rules.campaign import initial_state, leader_text, result
from hellenes_nb.games.earth_water.savefile import validate_open
from hellenes_nb.games.earth_water.state import State
from hellenes_nb.games.earth_water.steps import STEPS
from hellenes_nb.games.earth_water.view import log_for, view

SCENARIO = "earth-water"


class EarthWater:
    """The ruleset of *300: Earth & Water* (one instance, :data:`EARTH_WATER`)."""

    name = "earth-water"
    title = "300: Earth & Water"
    roles = SIDE_NAMES
    #: hidden blocks and cards: the generic search may not read the position
    perfect_information = False

    def __init__(self, steps: StepRegistry = STEPS):
        self.steps = steps

    @property
    def scenarios(self) -> tuple[str, ...]:
        return (SCENARIO,)

    def sets_up(self, scenario: str, **options: Any) -> bool:
        return scenario == SCENARIO and not options

    def setup(self, scenario: str, seed: int, **options: Any) -> State:
        if scenario != SCENARIO:
            raise ValueError(f"300: Earth & Water has one scenario, {SCENARIO!r}, not "
                             f"{scenario!r}")
        if options:
            raise ValueError(f"300: Earth & Water takes no options, not {sorted(options)}")
        return initial_state(scenario, seed)

    def check_shape(self, action: dict) -> dict | None:
        return shapes.checked(action)

    def view(self, state: State, role: str) -> dict[str, Any]:
        return view(state, role, self.steps)

    def log_for(self, state: State, role: str, start: int = 0) -> list[dict]:
        return log_for(state, role, start)

    def result(self, state: State) -> dict | None:
        return result(state)

    def describe(self, state: State) -> str:
        return f"campaign {state.campaign}, score {leader_text(state.score)}"

    def save_state(self, state: State) -> dict[str, Any]:
        return state.to_dict()

    def read_save(self, data: dict[str, Any], **options: Any) -> tuple[str, int, list[dict]]:
        if options:
            raise ValueError(f"300: Earth & Water takes no options, not {sorted(options)}")
        validate_open(data)
        return data["scenario"], data["seed"], data["history"]


#: the one ruleset object of the game (registered in the catalogue by ``plugin.py``)
EARTH_WATER = EarthWater()
