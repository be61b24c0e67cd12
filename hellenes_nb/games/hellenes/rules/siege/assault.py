"""§8.1 siege assault: declaring it (and the Treachery Assault of §3.1), and the defender's choice
to capitulate before the blocks are revealed (§8.13; frame ``{"kind": "capitulation", "place",
"side", "besieger", "treachery"}``). The assault itself is a battle (``battle/``)."""

from __future__ import annotations

from hellenes_nb.core.steps import IllegalAction, Step, pop, push
from hellenes_nb.games.hellenes.index import SIDE_NAMES, side_title
from hellenes_nb.games.hellenes.rules import victory
from hellenes_nb.games.hellenes.rules.losses import eliminate
from hellenes_nb.games.hellenes.rules.siege.condition import (
    besieger_of,
    inside_units,
    siege_condition,
)
from hellenes_nb.games.hellenes.rules.siege.records import capture
from hellenes_nb.games.hellenes.state import State


def start_assault(state: State, p: int, side: int, treachery: bool = False) -> None:
    """Declare a siege assault on ``p``: the defender may capitulate first (§8.1, §8.13)."""
    ix = state.ix
    if besieger_of(state, p) != side:
        raise IllegalAction(f"{side_title(side)} does not besiege {ix.city_name[p]}", "8.1")
    what = "a Treachery Assault" if treachery else "a siege assault"
    state.event("assault_declared", "3.1" if treachery else "8.1",
                f"{side_title(side)} declares {what} on {ix.city_name[p]}", side, place=p)
    push(state, {"kind": "capitulation", "place": p, "side": 1 - side, "besieger": side,
                 "treachery": treachery})


def treachery_assault(state: State, side: int, p: int) -> None:
    """The Treachery event (§3.1): one assault round without double defense on a city ``side``
    besieges; capitulation is allowed and the assaulters fall back if the city holds."""
    rec = state.sieges.get(p)
    if rec is None or rec["besieger"] != side or siege_condition(state, p) != side:
        raise IllegalAction(f"Treachery needs a city that {side_title(side)} besieges; "
                            f"{state.ix.city_name[p]} is not one", "3.1")
    start_assault(state, p, side, treachery=True)


class Capitulation(Step):
    """Before an assault is revealed the defender may surrender the city (§8.13)."""

    kind = "capitulation"
    rules = ("8.13", "8.1")

    def deciders(self, state, frame):
        return (frame["side"],)

    def legal(self, state, frame, side):
        if side != frame["side"]:
            return []
        city = state.ix.city_name[frame["place"]]
        name = SIDE_NAMES[side]
        return [{"type": "capitulate", "side": name, "accept": False,
                 "label": f"Defend {city} against the assault"},
                {"type": "capitulate", "side": name, "accept": True,
                 "label": f"Capitulate: give up {city} and every defender, ceding 1 Prestige"}]

    def apply(self, state, frame, action):
        p, d, b = frame["place"], frame["side"], frame["besieger"]
        pop(state, frame)
        if action["accept"]:
            for u in inside_units(state, p, d):
                eliminate(state, u, "8.13", "the city capitulated")
            capture(state, p, b, "capitulation")
            victory.gain(state, b, victory.CAPITULATION, "8.13",
                         f"{state.ix.city_name[p]} capitulates", place=p)
            return
        push(state, {"kind": "battle", "place": p, "side": b, "mode": "assault",
                     "treachery": frame["treachery"], "stage": "start"})

    def text(self, state, frame):
        return (f"{side_title(frame['besieger'])} assaults {state.ix.city_name[frame['place']]}: "
                f"{side_title(frame['side'])} may capitulate before the blocks are revealed")


#: the steps of this chapter (listed in the ruleset's registry)
STEPS = (Capitulation(),)
