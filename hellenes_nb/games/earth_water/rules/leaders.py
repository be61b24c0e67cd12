"""Leaders and kings who leave the game (§5.3, §6.2): once their card has been played, a piece
goes on the portrait for good. It comes from the reserve; when the reserve is empty its owner
takes one off the map (a ``pick`` of ``portrait``)."""

from __future__ import annotations

from hellenes_nb.core.steps import IllegalAction, pop, push
from hellenes_nb.games.earth_water.index import N
from hellenes_nb.games.earth_water.rules.common import EWStep, action, city_id, city_of, name, word
from hellenes_nb.games.earth_water.state import State

#: the portrait of each leader or king, by flag: (side whose army goes on it, rule)
PORTRAITS = {"miltiades": (0, "6.2"), "themistocles": (0, "6.2"), "leonidas": (0, "6.2"),
             "darius": (1, "5.3"), "xerxes": (1, "5.3")}


def pay(st: State, flag: str, keep: int = -1) -> None:
    """Put an army on the portrait of ``flag`` (marks the flag). ``keep``: a city (a battle)
    where the owner must keep at least one army if it has to take one off the map."""
    side, rule = PORTRAITS[flag]
    if st.reserve[side]:
        st.reserve[side] -= 1
        st.mark(flag)
        st.event("portrait", rule, f"A {('Greek', 'Persian')[side]} army from the reserve goes "
                 f"on {flag.title()}'s portrait.", side)
        return
    # the reserve is empty, so nearly all the side's armies are on the map (Greece has 9 and
    # at most 3 portraits, Persia 24 and 2): there is always one to take
    push(st, {"kind": "pick", "what": "portrait", "side": side, "flag": flag, "keep": keep})


class Portrait:
    """The owner chooses the army that goes on the portrait when its reserve is empty."""

    rule = "6.2"

    def options(self, st: State, frame: dict, side: int) -> list[dict]:
        keep = frame["keep"]
        return [action("choose_city", side, f"Take the army for the portrait from {name(c)}",
                       city=city_id(c))
                for c in range(N) if st.u[side * N + c] > (1 if c == keep else 0)]

    def act(self, st: State, frame: dict, act: dict) -> None:
        side = frame["side"]
        city = city_of(act)
        if st.u[side * N + city] <= (1 if city == frame["keep"] else 0):
            raise IllegalAction("no army can be taken from there", self.rule)
        st.u[side * N + city] -= 1
        st.mark(frame["flag"])
        st.event("portrait", PORTRAITS[frame["flag"]][1], f"{word(side)} takes an army from "
                 f"{name(city)} for {frame['flag'].title()}'s portrait (its reserve is empty).",
                 side)
        pop(st, frame)

    def text(self, st: State, frame: dict) -> str:
        return (f"{word(frame['side'])} chooses an army for {frame['flag'].title()}'s portrait "
                "(the reserve is empty)")


PICKS = {"portrait": Portrait()}


class PortraitDue(EWStep):
    """Automatic: a leader's portrait is paid once his move is over (Leonidas, card 8)."""

    kind = "portrait_due"
    rules = ("6.2",)

    def step(self, st: State, frame: dict) -> None:
        pop(st, frame)
        pay(st, frame["flag"])


STEPS = (PortraitDue(),)
