"""The Preparation Phase (§5): each side spends its talents, Persia first (§5.1), then Greece
(§5.2). Cards are bought first, all at once, and drawn; then armies and fleets are raised one
at a time, and Persia may build the pontoon bridge. Unspent talents are lost. Mines of Laurion
(card 1) opens the same step for Greece with 3 talents and no fleet limit."""

from __future__ import annotations

from hellenes_nb.core.steps import IllegalAction, pop
from hellenes_nb.games.earth_water.index import PORT, WORLD, N
from hellenes_nb.games.earth_water.rules.board import ABYDOS, controls, draw, drawable
from hellenes_nb.games.earth_water.rules.campaign import king_alive, sudden_death
from hellenes_nb.games.earth_water.rules.common import (
    SideStep,
    action,
    adj,
    city_id,
    city_of,
    name,
    plural,
    word,
)
from hellenes_nb.games.earth_water.state import State

__all__ = ["STEPS"]

SETUP = WORLD.setup
SUDDEN_DEATH = 11


def fleet_cost(side: int) -> int:
    return SETUP.costs.fleet.greece if side == 0 else SETUP.costs.fleet.persia


def army_cities(st: State, side: int) -> list[int]:
    """Where a raised army may be placed: a city the side controls (its Major cities count
    while no enemy army is in them, §5.1; docs/rules-decisions.md)."""
    return [c for c in range(N) if controls(st, side, c)]


def fleet_ports(st: State, side: int) -> list[int]:
    """Where a raised fleet may be placed: the port of a city the side controls with no enemy
    fleet in it (§5.1, §5.2)."""
    enemy = (3 - side) * N
    return [c for c in range(N) if PORT[c] and controls(st, side, c) and not st.u[enemy + c]]


class Prepare(SideStep):
    """One side's preparation: ``stage`` "buy" (how many cards, §5.1) then "raise"."""

    kind = "prepare"
    rules = ("5.0",)

    def options(self, st: State, frame: dict, side: int) -> list[dict]:
        talents = frame["talents"]
        rule = "5.1" if side == 1 else "5.2"
        if frame["stage"] == "buy":
            most = min(SETUP.limits.cards, talents // SETUP.costs.card, drawable(st))
            cost = SETUP.costs.card
            return [action("buy_cards", side, f"Buy {plural(n, 'card')} "
                           f"({plural(n * cost, 'talent')}, §{rule})"
                           if n else f"Buy no cards (§{rule})", n=n) for n in range(most + 1)]
        out = []
        if talents >= SETUP.costs.army and st.reserve[side]:
            out += [action("raise_army", side, f"Raise an army in {name(c)} "
                           f"({SETUP.costs.army} talent, §{rule})", city=city_id(c))
                    for c in army_cities(st, side)]
        cost = fleet_cost(side)
        if (talents >= cost and st.reserve[2 + side]
                and (frame["extra"] or frame["fleets"] < SETUP.limits.fleets)):
            out += [action("raise_fleet", side, f"Raise a fleet in the port of {name(c)} "
                           f"({plural(cost, 'talent')}, §{rule})", city=city_id(c))
                    for c in fleet_ports(st, side)]
        if side == 1 and self.can_bridge(st, talents):
            out.append(action("build_bridge", side, f"Build the pontoon bridge over the "
                              f"Hellespont ({SETUP.costs.bridge} talents, §5.1)"))
        out.append(action("end_preparation", side, f"End the preparation ("
                          f"{plural(talents, 'talent')} unspent are lost, §{rule})"))
        return out

    @staticmethod
    def can_bridge(st: State, talents: int) -> bool:
        """Persia may build the bridge while it occupies Abydos with an army (§5.1)."""
        return (not st.has("bridge") and talents >= SETUP.costs.bridge
                and st.u[N + ABYDOS] > 0)

    def act(self, st: State, frame: dict, act: dict) -> None:
        side, kind = frame["side"], act["type"]
        if kind == "buy_cards":
            self.buy(st, frame, act["n"])
        elif kind == "raise_army":
            city = city_of(act)
            st.reserve[side] -= 1
            st.u[side * N + city] += 1
            self._spend(st, frame, SETUP.costs.army)
            st.event("raise", self.rule(side), f"{word(side)} raises an army in {name(city)}.",
                     side, city=city_id(city))
        elif kind == "raise_fleet":
            city = city_of(act)
            st.reserve[2 + side] -= 1
            st.u[(2 + side) * N + city] += 1
            self._spend(st, frame, fleet_cost(side), fleets=frame["fleets"] + 1)
            st.event("raise", self.rule(side), f"{word(side)} raises a fleet in the port of "
                     f"{name(city)}.", side, city=city_id(city))
        elif kind == "build_bridge":
            st.mark("bridge")
            self._spend(st, frame, SETUP.costs.bridge)
            st.event("bridge", "5.1", "Persia builds the pontoon bridge: the road from Abydos "
                     "to Pella is open.", side)
        elif kind == "end_preparation":
            left = frame["talents"]
            st.event("prepared", self.rule(side), f"{word(side)} ends its preparation"
                     + (f"; {plural(left, 'talent')} go unspent." if left else "."), side)
            pop(st, frame)
        else:
            raise IllegalAction(f"{kind!r} is not a preparation choice", "5.0")

    @staticmethod
    def rule(side: int) -> str:
        return "5.2" if side == 0 else "5.1"

    @staticmethod
    def _spend(st: State, frame: dict, talents: int, **more: int) -> None:
        st.stack[-1] = {**frame, "talents": frame["talents"] - talents, **more}

    def buy(self, st: State, frame: dict, n: int) -> None:
        side = frame["side"]
        cards = draw(st, n)
        st.hands[side].extend(cards)
        listed = ", ".join(f"#{c} {WORLD.cards[c].halves[side].title}" for c in cards)
        st.event("buy", self.rule(side), f"{word(side)} buys {plural(len(cards), 'card')}"
                 + (f": {listed}." if cards else "."), side, private=side if cards else None,
                 public=f"{word(side)} buys {plural(len(cards), 'card')}." if cards else None,
                 **({"cards": cards} if cards else {}))
        if side == 1 and SUDDEN_DEATH in cards and king_alive(st):
            pop(st, frame)
            sudden_death(st, in_operations=False)
            return
        self._spend(st, frame, n * SETUP.costs.card, stage="raise")

    def text(self, st: State, frame: dict) -> str:
        side = frame["side"]
        extra = " (Mines of Laurion)" if frame["extra"] else ""
        what = "buys cards" if frame["stage"] == "buy" else "raises armies and fleets"
        return (f"{adj(side)} preparation{extra}: {word(side)} {what}, "
                f"{plural(frame['talents'], 'talent')} left")


STEPS = (Prepare(),)
