"""*300: Earth & Water* behind the core's :class:`~hellenes_nb.core.ruleset.Ruleset` protocol
(docs/architecture.md, docs/earth-water.md), on the core's :class:`PlainRuleset`."""

from __future__ import annotations

from hellenes_nb.core.plainruleset import PlainRuleset
from hellenes_nb.core.steps import StepRegistry
from hellenes_nb.games.earth_water import shapes
from hellenes_nb.games.earth_water.index import SIDE_NAMES
from hellenes_nb.games.earth_water.rules.campaign import initial_state, leader_text, result
from hellenes_nb.games.earth_water.savefile import validate_open
from hellenes_nb.games.earth_water.state import State
from hellenes_nb.games.earth_water.steps import STEPS
from hellenes_nb.games.earth_water.view import log_for, view

SCENARIO = "earth-water"


class EarthWater(PlainRuleset):
    """The ruleset of *300: Earth & Water* (one instance, :data:`EARTH_WATER`)."""

    name = "earth-water"
    title = "300: Earth & Water"
    roles = SIDE_NAMES
    SCENARIOS = (SCENARIO,)
    make = staticmethod(initial_state)
    checked = staticmethod(shapes.checked)
    view_of = staticmethod(view)
    log_of = staticmethod(log_for)
    validate = staticmethod(validate_open)

    def __init__(self, steps: StepRegistry = STEPS):
        super().__init__(steps)

    def result(self, state: State) -> dict | None:
        return result(state)

    def describe(self, state: State) -> str:
        return f"campaign {state.campaign}, score {leader_text(state.score)}"


#: the one ruleset object of the game (registered in the catalogue by ``plugin.py``)
EARTH_WATER = EarthWater()
