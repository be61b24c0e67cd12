"""Aims for the plan search of *300: Earth & Water* (docs/bots.md, "The plan search"): what a
side's plan for a campaign leans towards, and the few aims worth comparing.

An aim is a pair ``(target, lean)``: a city to march on and hold (-1 for none, :data:`SPREAD` for
every minor city at once: a plan to take points where they are cheap) and what the
campaign is built on, ``"land"`` (armies: raise and march them) or ``"sea"`` (fleets first:
win the sea, carry armies by it, §6.5). :data:`NO_AIM` is the heuristic as it is.
:func:`aim_bonus` is what an aim adds to the heuristic's worth of a position
(:func:`.judge.worth_of`), so the same greedy look ahead that plays the heuristic musters
towards the target (§5.1, §5.2: where armies are raised), moves on it and holds it.
:func:`candidate_aims` lists the aims a side compares at the start of a campaign, from the
pieces on the map only (all of them are in plain sight; no hand is read).
"""

from __future__ import annotations

from hellenes_nb.games.earth_water.index import ADJ, CITIES, MAJOR, MAJORS, PORT, N
from hellenes_nb.games.earth_water.rules.board import controller, roads
from hellenes_nb.games.earth_water.state import State

__all__ = ["NO_AIM", "SPREAD", "Aim", "aim_bonus", "candidate_aims", "distances", "toward"]

Aim = tuple[int, str]
#: no aim: the heuristic's own worth
NO_AIM: Aim = (-1, "")
#: the target of a plan to spread out: every minor city held counts (their points, §9)
SPREAD = -2
#: worth of holding the target at the end of a look ahead
HOLD = 8.0
#: worth of each own army in the target, and in a city a road away from it
ON, NEAR = 4.0, 3.5
#: worth of each army (a "land" aim) or fleet (a "sea" aim) on the map, beside the heuristic's
LEAN = 1.0
#: targets compared at a plan point (each with a land lean; the first also with a sea lean)
TARGETS = 3


def aim_bonus(st: State, side: int, aim: Aim) -> float:
    """What ``aim`` adds to ``side``'s worth of position ``st`` (module docstring)."""
    target, lean = aim
    bonus = 0.0
    u = st.u
    if target >= 0:
        if controller(st, target) == side:
            bonus += HOLD
        bonus += ON * u[side * N + target]
        bonus += NEAR * sum(u[side * N + c] for c in roads(st, target))
    elif target == SPREAD:
        bonus += HOLD / 2 * sum(1 for c in range(N)
                                if MAJOR[c] < 0 and controller(st, c) == side)
    if lean == "land":
        bonus += LEAN * sum(u[side * N:(side + 1) * N])
    elif lean == "sea":
        bonus += LEAN * sum(u[(2 + side) * N:(3 + side) * N])
    return bonus


def toward(legal: list[dict], target: int) -> list[dict]:
    """The actions of ``legal`` that move to, raise or place in ``target`` or a city a road
    from it (what a plan aimed at ``target`` must not leave out of a rollout's choice)."""
    near = {CITIES[target].id} | {CITIES[c].id for c, _b in ADJ[target]}
    return [a for a in legal if a.get("to", a.get("city")) in near]


def distances(st: State, side: int) -> list[int]:
    """For every city, how many moves ``side``'s nearest army needs to reach it, by road
    (§6.4; the Hellespont only with the bridge) or, while the side has a fleet on the map, from
    port to port (§6.5); N+1 for a city out of reach."""
    u = st.u
    far = N + 1
    dist = [far] * N
    todo = [c for c in range(N) if u[side * N + c]]
    for c in todo:
        dist[c] = 0
    by_sea = any(u[(2 + side) * N + c] for c in range(N))
    while todo:
        nxt = []
        for c in todo:
            steps = roads(st, c) + ([p for p in range(N) if PORT[p]] if by_sea and PORT[c]
                                    else [])
            for d in steps:
                if dist[d] == far:
                    dist[d] = dist[c] + 1
                    nxt.append(d)
        todo = nxt
    return dist


def candidate_aims(st: State, side: int) -> list[Aim]:
    """The aims ``side`` compares at the start of a campaign, :data:`NO_AIM` first: the
    :data:`TARGETS` cities it does not control that are worth most for their nearness (a
    city's points, §9, more for the enemy's Major cities, whose fall ends the game, §9; the
    last of them the best minor city, so a plan may grab points rather than storm a Major
    city), each with a land lean, and the first also with a sea lean; last, spreading out over
    the minor cities (:data:`SPREAD`), with no lean."""
    dist = distances(st, side)
    scored = []
    for c in range(N):
        if controller(st, c) == side or dist[c] > N:
            continue
        worth = (2.0 if MAJOR[c] >= 0 else 1.0) + (1.0 if c in MAJORS[1 - side] else 0.0)
        scored.append((-worth / (1 + dist[c]), c))
    ranked = [c for _w, c in sorted(scored)]
    targets = ranked[:TARGETS]
    minor = next((c for c in ranked if MAJOR[c] < 0), -1)
    if minor >= 0 and minor not in targets:
        targets[-1] = minor
    out: list[Aim] = [NO_AIM] + [(c, "land") for c in targets]
    if targets:
        out.append((targets[0], "sea"))
    return out + [(SPREAD, "")]
