"""A toy card game on the core, for the tests of undo and reveals (tests/core,
tests/conformance): two players each hold cards face down; on its turn a player plays a card
face up, rolls a die for all to see, or passes; two passes in a row end the game. Playing a card
is declared a reveal (``Turn.revealing``); :func:`card_toy` with ``leaky=True`` gives the same
game with the declaration left out, the defect the conformance suite must catch."""

from __future__ import annotations

import random
from typing import Any

from hellenes_nb.core.dice import Dice
from hellenes_nb.core.steps import IllegalAction, Step, StepRegistry, pop
from support.toygame import ROLES, Toy

__all__ = ["CardToy", "card_toy", "redeal"]

CARDS = tuple(range(1, 9))


class CardState:
    """The hands, the draw pile, the cards face up, whose turn, the dice, frames and log."""

    def __init__(self, scenario: str, seed: int):
        self.scenario = scenario
        self.dice = Dice(seed)
        deck = list(CARDS)
        self.dice.shuffle(deck)
        self.hands = [deck[:2], deck[2:4]]
        self.deck = deck[4:]
        self.table: list[int] = []
        self.turn = 0
        self.passes = 0
        self.stack: list[dict] = [{"kind": "done"}, {"kind": "turn"}]
        self.log: list[dict] = []
        self.barrier = False

    def clone(self) -> CardState:
        other = CardState.__new__(CardState)
        other.__dict__ = {**self.__dict__, "dice": self.dice.clone(), "stack": self.stack[:],
                          "log": self.log[:], "hands": [h[:] for h in self.hands],
                          "deck": self.deck[:], "table": self.table[:]}
        return other


class Turn(Step):
    """The player whose turn it is plays a card, rolls a die or passes."""

    kind = "turn"
    rules = ("1",)
    revealing = frozenset({"play"})

    def deciders(self, state: CardState, frame: dict) -> tuple[int, ...]:
        return (state.turn,)

    def legal(self, state: CardState, frame: dict, side: int) -> list[dict]:
        name = ROLES[side]
        return ([{"type": "play", "side": name, "card": c, "label": f"play {c}"}
                 for c in state.hands[side]]
                + [{"type": "roll", "side": name, "label": "roll a die"},
                   {"type": "pass", "side": name, "label": "pass"}])

    def apply(self, state: CardState, frame: dict, action: dict) -> None:
        side, kind = state.turn, action["type"]
        if kind == "play":
            state.hands[side].remove(action["card"])
            state.table.append(action["card"])
            state.log.append({"text": f"{ROLES[side]} plays {action['card']}"})
        elif kind == "roll":
            state.log.append({"text": f"{ROLES[side]} rolls {state.dice.roll()}"})
        else:
            state.log.append({"text": f"{ROLES[side]} passes"})
        state.passes = state.passes + 1 if kind == "pass" else 0
        state.turn = 1 - side
        if state.passes == 2:
            pop(state, frame)


class LeakyTurn(Turn):
    """The same turn without its declaration: a card played does not stop undo."""

    revealing = frozenset()


class Done(Step):
    kind = "done"
    terminal = True


class CardToy(Toy):
    """The ruleset (the core's Ruleset protocol; what it shares with the stones toy comes from
    there)."""

    name = "card-toy"
    title = "Toy: cards face down"
    perfect_information = False

    def __init__(self, leaky: bool = False):
        turn = LeakyTurn() if leaky else Turn()
        self.steps = StepRegistry(self.name, ROLES, (turn, Done()))

    @property
    def scenarios(self) -> tuple[str, ...]:
        return ("card-toy",)

    def setup(self, scenario: str, seed: int, **options: Any) -> CardState:
        return CardState(scenario, seed)

    def check_shape(self, action: dict) -> dict | None:
        if action.get("type") not in ("play", "roll", "pass"):
            return None
        if set(action) - {"type", "side", "card", "label"}:
            raise IllegalAction("a toy action has a type, a side and perhaps a card")
        return {k: v for k, v in action.items() if k != "label"}

    def view(self, state: CardState, role: str) -> dict[str, Any]:
        me = ROLES.index(role)
        return {"hand": sorted(state.hands[me]), "other": len(state.hands[1 - me]),
                "deck": len(state.deck), "table": state.table[:], "turn": ROLES[state.turn],
                "log": list(state.log)}

    def describe(self, state: CardState) -> str:
        return f"{len(state.table)} cards face up"

    def save_state(self, state: CardState) -> dict[str, Any]:
        return {"hands": state.hands, "table": state.table, "dice": state.dice.to_dict()}


def card_toy(leaky: bool = False) -> CardToy:
    """The toy's ruleset; ``leaky`` leaves out the declaration that a card played reveals."""
    return CardToy(leaky)


def redeal(game: Any, role: str, rng: random.Random) -> CardState:
    """What ``role`` may believe: the other hand drawn again from the cards it has not seen
    (that hand and the draw pile), and other dice."""
    st = game.state.clone()
    other = 1 - ROLES.index(role)
    unseen = st.hands[other] + st.deck
    rng.shuffle(unseen)
    n = len(st.hands[other])
    st.hands[other], st.deck = unseen[:n], unseen[n:]
    st.dice = Dice(rng.getrandbits(64))
    return st
