"""*Amphipolis, 424–422 BC* behind the core's :class:`~hellenes_nb.core.ruleset.Ruleset`
protocol (docs/architecture.md, docs/amphipolis.md). Scenario ids are prefixed with the game's
name (``amphipolis-10.2``) so they stay unique across games."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.steps import StepRegistry
from hellenes_nb.games.amphipolis import shapes
from hellenes_nb.games.amphipolis.rules.sequence import initial_state
from hellenes_nb.games.amphipolis.rules.victory import scores
from hellenes_nb.games.amphipolis.savefile import validate_open
from hellenes_nb.games.amphipolis.state import SIDES, State
from hellenes_nb.games.amphipolis.steps import STEPS
from hellenes_nb.games.amphipolis.view import log_for, view

PREFIX = "amphipolis-"
#: the scenarios this engine plays (10.1, 10.3 and 10.4 need the main map: not yet)
SCENARIOS = ("amphipolis-10.2",)


class Amphipolis:
    """The ruleset of *Amphipolis* (one instance, :data:`AMPHIPOLIS`)."""

    name = "amphipolis"
    title = "Amphipolis, 424–422 BC"
    roles = SIDES
    #: strategems in hand are hidden: the generic search may not read the position
    perfect_information = False

    def __init__(self, steps: StepRegistry = STEPS):
        self.steps = steps

    @property
    def scenarios(self) -> tuple[str, ...]:
        return SCENARIOS

    def sets_up(self, scenario: str, **options: Any) -> bool:
        return scenario in SCENARIOS and not options

    def setup(self, scenario: str, seed: int, **options: Any) -> State:
        if scenario not in SCENARIOS:
            raise ValueError(f"Amphipolis sets up {', '.join(SCENARIOS)} (the others need the "
                             f"main map, not built yet), not {scenario!r}")
        if options:
            raise ValueError(f"Amphipolis takes no options, not {sorted(options)}")
        return initial_state(scenario, seed)

    def check_shape(self, action: dict) -> dict | None:
        return shapes.checked(action)

    def view(self, state: State, role: str) -> dict[str, Any]:
        return view(state, role, self.steps)

    def log_for(self, state: State, role: str, start: int = 0) -> list[dict]:
        return log_for(state, role, start)

    def result(self, state: State) -> dict | None:
        top = state.stack[-1] if state.stack else None
        if top is None or top["kind"] != "over":
            return None
        w = top["winner"]
        return {"winner": SIDES[w] if w >= 0 else None, "how": top["how"],
                "text": top["text"], "vp": dict(zip(SIDES, top["vp"], strict=True))}

    def describe(self, state: State) -> str:
        a, s = scores(state)
        return f"turn {state.turn}, Athens {a} VP, Sparta {s} VP"

    def save_state(self, state: State) -> dict[str, Any]:
        return state.to_dict()

    def read_save(self, data: dict[str, Any], **options: Any) -> tuple[str, int, list[dict]]:
        if options:
            raise ValueError(f"Amphipolis takes no options, not {sorted(options)}")
        validate_open(data)
        return data["scenario"], data["seed"], data["history"]


#: the one ruleset object of the game (registered in the catalogue by ``plugin.py``)
AMPHIPOLIS = Amphipolis()
