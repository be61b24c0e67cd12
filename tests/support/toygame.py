"""A toy second game for the services' tests: Pebbles. Two roles, north and south, take turns
taking one or two pebbles from a pile; whoever takes the last one wins. It follows the core's
Ruleset protocol but is never registered, so the real registry stays as it is."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import Step, StepRegistry

ROLES = ("north", "south")


@dataclass
class PebblesState:
    pile: int
    stack: list[dict] = field(default_factory=list)
    log: list[dict] = field(default_factory=list)
    barrier: bool = False

    def clone(self) -> PebblesState:
        return copy.deepcopy(self)


class Take(Step):
    kind = "take"

    def deciders(self, state, frame):
        return (frame["turn"],)

    def legal(self, state, frame, side):
        return [{"type": "take", "side": ROLES[side], "n": n, "label": f"take {n}"}
                for n in (1, 2) if n <= state.pile]

    def apply(self, state, frame, action):
        state.pile -= action["n"]
        state.log.append({"type": "took", "side": action["side"], "n": action["n"]})
        if state.pile == 0:
            state.stack[-1] = {"kind": "over", "winner": action["side"]}
        else:
            frame["turn"] = 1 - frame["turn"]


class Over(Step):
    kind = "over"
    terminal = True


class Pebbles:
    name = "pebbles"
    title = "Pebbles"
    roles = ROLES

    def __init__(self):
        self.steps = StepRegistry("pebbles", ROLES, [Take(), Over()])

    @property
    def scenarios(self) -> tuple[str, ...]:
        return ("pebbles-7",)

    def sets_up(self, scenario: str, **options: Any) -> bool:
        return scenario in self.scenarios

    def setup(self, scenario: str, seed: int, **options: Any) -> PebblesState:
        return PebblesState(pile=7, stack=[{"kind": "take", "turn": 0}])

    def check_shape(self, action: dict) -> dict | None:
        if action.get("type") != "take":
            return None
        return {"type": "take", "side": action["side"], "n": int(action["n"])}

    def view(self, state: PebblesState, role: str) -> dict[str, Any]:
        return {"pile": state.pile}

    def log_for(self, state: PebblesState, role: str, start: int = 0) -> list[dict]:
        return state.log[start:]

    def result(self, state: PebblesState) -> dict | None:
        top = state.stack[-1] if state.stack else None
        if top is None or top["kind"] != "over":
            return None
        return {"winner": top["winner"], "how": "last_pebble", "text": f"{top['winner']} wins"}

    def describe(self, state: PebblesState) -> str:
        return f"{state.pile} pebbles left"

    def save_state(self, state: PebblesState) -> dict[str, Any]:
        return {"pile": state.pile}

    def read_save(self, data: dict[str, Any], **options: Any) -> tuple[str, int, list[dict]]:
        return "pebbles-7", 0, data["history"]


PEBBLES = Pebbles()


def pebbles_game(seed: int = 0) -> Game:
    """A new game of Pebbles on the core's generic Game (not through the registry)."""
    return Game(PEBBLES, PEBBLES.setup("pebbles-7", seed), seed)
