"""Small constructed positions on the real map, and a driver for the decision frames."""

from __future__ import annotations

from collections.abc import Callable

from hellenes_nb.games.hellenes.index import index_for
from hellenes_nb.games.hellenes.state import State
from hellenes_nb.games.hellenes.steps import STEPS
from hellenes_nb.games.hellenes.world import load_world

_IX = None


def ix():
    """The shared world index of the real map."""
    global _IX
    if _IX is None:
        _IX = index_for(load_world())
    return _IX


def new_state(active: int = 0, season: int = 2, year: int = 431, seed: int = 1) -> State:
    """An empty position: ``active`` side acting first in ``season`` of ``year``."""
    s = State(ix(), "431", seed)
    s.year, s.season = year, season
    s.active = s.first = active
    return s


def P(place: str) -> int:
    return ix().place(place)


def U(key: str) -> int:
    return ix().unit(key)


def put(s: State, key: str, place: str, cv: int, inside: bool = False) -> int:
    """Place unit ``key`` in ``place`` with ``cv`` (inside the city if ``inside``)."""
    u = U(key)
    s.loc[u] = P(place)
    s.cv[u] = cv
    s.inside[u] = 1 if inside else 0
    return u


def engage(s: State, keys: list[str], area: str, came_from: str, via: str,
           group: int = 1) -> None:
    """Record that ``keys`` engaged ``area`` from ``came_from`` this turn (§5.4)."""
    units = tuple(U(k) for k in keys)
    for u in units:
        s.moved[u] = 1
    s.engagements.append({"area": P(area), "side": units[0] // 60, "from": P(came_from),
                          "via": via, "group": group, "path": (P(came_from), P(area)),
                          "units": units})


def besiege(s: State, place: str, besieger: int, since: tuple[int, int, int]) -> None:
    """Record an established siege (and the loyal city's garrison if §7.3 gives one)."""
    p = P(place)
    s.sieges[p] = {"besieger": besieger, "since": list(since), "blockaded_since": None}
    if ix().city_loyalty[p] == 1 - besieger:
        s.garrisons.setdefault(p, [1 - besieger, 0])


def decide(s: State, action: dict) -> None:
    """Apply one decision to the top frame (raising its IllegalAction), then settle."""
    top = s.stack[-1]
    step = STEPS.step_for(top)
    reason = step.why_illegal(s, top, action)
    if reason is not None:
        raise reason
    step.apply(s, top, action)
    STEPS.settle(s)


def legal(s: State) -> list[dict]:
    """Every legal action of every decider at the top frame."""
    if not s.stack:
        return []
    top = s.stack[-1]
    step = STEPS.step_for(top)
    return [a for d in step.deciders(s, top) for a in step.legal(s, top, d)]


Chooser = Callable[[State, list[dict]], dict]


def first(s: State, choices: list[dict]) -> dict:
    return choices[0]


def play(s: State, chooser: Chooser = first, limit: int = 500) -> None:
    """Answer decisions with ``chooser`` until the stack empties or a terminal frame."""
    STEPS.settle(s)
    for _ in range(limit):
        choices = legal(s)
        if not choices:
            return
        decide(s, chooser(s, choices))
    raise AssertionError("too many decisions")


def combat(s: State, side: int, chooser: Chooser = first, **frame) -> None:
    """Run ``side``'s whole combat phase."""
    s.stack.append({"kind": "combat_phase", "side": side, **frame})
    play(s, chooser)


def kinds(s: State) -> list[str]:
    return [e["kind"] for e in s.log]


def choose_retreat(side: str, times: int = 1) -> Chooser:
    """A chooser that declares a retreat for ``side`` the first ``times`` times it is offered,
    and otherwise takes the first choice."""
    left = [times]

    def chooser(s: State, choices: list[dict]) -> dict:
        for a in choices:
            if (a["type"] == "battle_choice" and a["choice"] == "retreat"
                    and a["side"] == side and left[0] > 0):
                left[0] -= 1
                return a
        return choices[0]

    return chooser


def stop_at_retreat(s: State, side: int) -> None:
    """Settle and answer decisions with the first choice until ``side`` must pick retreat
    destinations (the top frame is then a battle in its retreat stage)."""
    STEPS.settle(s)
    for _ in range(200):
        top = s.stack[-1]
        if top["kind"] == "battle" and top["stage"] == "retreat" and legal(s):
            return
        decide(s, legal(s)[0])
    raise AssertionError("no retreat decision came")


def events(s: State, kind: str) -> list[dict]:
    return [e for e in s.log if e["kind"] == kind]
