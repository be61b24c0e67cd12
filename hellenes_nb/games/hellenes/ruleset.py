"""*Hellenes* behind the core's :class:`~hellenes_nb.core.ruleset.Ruleset` protocol: what the
generic :class:`~hellenes_nb.core.game.Game` asks of the game (docs/architecture.md)."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.steps import StepRegistry
from hellenes_nb.games.hellenes import shapes, targets
from hellenes_nb.games.hellenes.eventlog import READERS, read_event
from hellenes_nb.games.hellenes.index import SEASONS, SIDE_NAMES, index_for
from hellenes_nb.games.hellenes.rules import year_end
from hellenes_nb.games.hellenes.rules.setup import initial_state
from hellenes_nb.games.hellenes.savefile import validate_open
from hellenes_nb.games.hellenes.state import State
from hellenes_nb.games.hellenes.steps import STEPS
from hellenes_nb.games.hellenes.view import view
from hellenes_nb.games.hellenes.world import World, load_world


class Hellenes:
    """The ruleset of *Hellenes: Campaigns of the Peloponnesian War* (one instance,
    :data:`HELLENES`)."""

    name = "hellenes"
    title = "Hellenes: Campaigns of the Peloponnesian War"
    roles = SIDE_NAMES
    #: hidden blocks and cards: the generic search may not read the position
    perfect_information = False

    def __init__(self, steps: StepRegistry = STEPS):
        """``steps``: the game's registry, or one extended with test steps
        (:meth:`StepRegistry.extended`)."""
        self.steps = steps

    @property
    def scenarios(self) -> tuple[str, ...]:
        return tuple(load_world().scenarios)

    def sets_up(self, scenario: str, *, world: World | None = None) -> bool:
        return scenario in (world or load_world()).scenarios

    def setup(self, scenario: str, seed: int, *, world: World | None = None) -> State:
        return initial_state(world or load_world(), str(scenario), seed)

    def check_shape(self, action: dict) -> dict | None:
        return shapes.checked(action)

    def view(self, state: State, role: str) -> dict[str, Any]:
        return view(state, role, self.steps)

    def targets(self, game: Any, role: str, piece: str) -> dict[str, list[dict]]:
        return targets.targets(game, role, piece)

    def route(self, game: Any, role: str, piece: str, destination: str) -> list[dict]:
        return targets.route(game, role, piece, destination)

    def log_for(self, state: State, role: str, start: int = 0) -> list[dict]:
        if role not in READERS:
            raise ValueError(f"a log is read by 'athens', 'sparta' or 'all', not {role!r}")
        return [read_event(ev, role) for ev in state.log[start:]]

    def result(self, state: State) -> dict | None:
        return year_end.result(state)

    def describe(self, state: State) -> str:
        return f"{SEASONS[state.season]} {state.year} BC, prestige {state.prestige:+d}"

    def save_state(self, state: State) -> dict[str, Any]:
        return state.to_dict()

    def read_save(self, data: dict[str, Any], *,
                  world: World | None = None) -> tuple[str, int, list[dict]]:
        save = validate_open(data, index_for(world or load_world()))
        return save.scenario, save.seed, data["history"]


#: the one ruleset object of the game (registered in the catalogue by ``plugin.py``)
HELLENES = Hellenes()
