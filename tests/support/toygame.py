"""A toy game on the core, to show the core knows no game: two players take turns removing one
or two stones from a pile, a die adds stones before each turn, and whoever takes the last stone
wins. It has everything the core drives: roles, steps (one automatic, one decided, one
terminal), a seeded die in the state, a barrier after the roll, a log, a view per role and an
open save."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.catalog import GamePlugin
from hellenes_nb.core.dice import Dice
from hellenes_nb.core.steps import IllegalAction, Step, StepRegistry, pop, push

ROLES = ("first", "second")


class ToyState:
    """The pile, whose turn it is, the die, the frames and the log."""

    def __init__(self, scenario: str, seed: int):
        self.scenario = scenario
        self.pile = 3
        self.turn = 0
        self.dice = Dice(seed)
        self.stack: list[dict] = [{"kind": "over"}, {"kind": "roll"}]
        self.log: list[dict] = []
        self.barrier = False

    def clone(self) -> ToyState:
        other = ToyState.__new__(ToyState)
        other.__dict__ = {**self.__dict__, "dice": self.dice.clone(), "stack": self.stack[:],
                          "log": self.log[:]}
        return other

    def event(self, text: str) -> None:
        self.log.append({"kind": "toy", "text": text})


class Roll(Step):
    """Automatic: a die adds 0-2 stones (a barrier: undo stops here)."""

    kind = "roll"

    def run(self, state: ToyState, frame: dict) -> None:
        extra = state.dice.roll() // 3 if state.pile else 0
        state.pile += extra
        state.barrier = True
        state.event(f"the die adds {extra}")
        pop(state, frame)
        if state.pile:
            push(state, {"kind": "take", "side": state.turn})


class Take(Step):
    """The player to move takes one or two stones."""

    kind = "take"
    rules = ("1",)

    def deciders(self, state: ToyState, frame: dict) -> tuple[int, ...]:
        return (frame["side"],)

    def legal(self, state: ToyState, frame: dict, side: int) -> list[dict]:
        return [{"type": "take", "side": ROLES[side], "n": n, "label": f"take {n}"}
                for n in (1, 2) if n <= state.pile]

    def apply(self, state: ToyState, frame: dict, action: dict) -> None:
        state.pile -= action["n"]
        state.event(f"{action['side']} takes {action['n']}")
        pop(state, frame)
        if state.pile == 0:
            state.stack[-1] = {"kind": "over", "winner": frame["side"]}
            return
        state.turn = 1 - state.turn
        push(state, {"kind": "roll"})

    def text(self, state: ToyState, frame: dict) -> str:
        return f"{ROLES[frame['side']]} takes stones from a pile of {state.pile}"


class Over(Step):
    kind = "over"
    terminal = True

    def text(self, state: ToyState, frame: dict) -> str:
        return f"{ROLES[frame.get('winner', 0)]} took the last stone"


class Toy:
    """The toy's ruleset (the core's Ruleset protocol)."""

    name = "toy"
    title = "Toy: the last stone"
    roles = ROLES
    #: nothing is hidden but the dice to come (the generic search may play it)
    perfect_information = True

    def __init__(self) -> None:
        self.steps = StepRegistry("toy", ROLES, (Roll(), Take(), Over()))

    @property
    def scenarios(self) -> tuple[str, ...]:
        return ("toy-pile",)

    def sets_up(self, scenario: str, **options: Any) -> bool:
        return scenario in self.scenarios

    def setup(self, scenario: str, seed: int, **options: Any) -> ToyState:
        if scenario not in self.scenarios:
            raise ValueError(f"the toy has no scenario {scenario!r}")
        return ToyState(scenario, seed)

    def check_shape(self, action: dict) -> dict | None:
        if action.get("type") != "take":
            return None
        extra = set(action) - {"type", "side", "n", "label"}
        if extra:
            raise IllegalAction(f"a take does not take {sorted(extra)}")
        return {k: v for k, v in action.items() if k != "label"}

    def view(self, state: ToyState, role: str) -> dict[str, Any]:
        return {"pile": state.pile, "role": role}

    def log_for(self, state: ToyState, role: str, start: int = 0) -> list[dict]:
        return list(state.log[start:])

    def result(self, state: ToyState) -> dict | None:
        top = state.stack[-1] if state.stack else None
        if top is None or "winner" not in top:
            return None
        return {"winner": ROLES[top["winner"]], "how": "last stone", "text": "the last stone"}

    def describe(self, state: ToyState) -> str:
        return f"pile {state.pile}"

    def save_state(self, state: ToyState) -> dict[str, Any]:
        return {"scenario": state.scenario, "pile": state.pile, "turn": state.turn,
                "dice": state.dice.to_dict(), "stack": state.stack, "log": state.log}

    def read_save(self, data: dict[str, Any], **options: Any) -> tuple[str, int, list[dict]]:
        return data["scenario"], data["seed"], data["history"]


def toy_plugin(ruleset: Toy | None = None) -> GamePlugin:
    """The toy as the catalogue takes it (core/catalog.py): its ruleset and the facts a
    summary reports of a position; everything else left at the neutral defaults."""
    return GamePlugin(ruleset or Toy(), phase_ends=frozenset({"take"}),
                      selfplay_facts=lambda state: {"pile": state.pile})
