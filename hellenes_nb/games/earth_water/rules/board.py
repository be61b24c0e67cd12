"""Questions about the map that the rules ask (no decisions here): who controls a city (§2.1,
"Control of cities"), where armies may go by road (§6.4), which cities keep a line of
communication (§8.2), and the card piles (§5.4)."""

from __future__ import annotations

from hellenes_nb.games.earth_water.index import ADJ, CITY, MAJOR, MAJORS, PORTS, N
from hellenes_nb.games.earth_water.state import State

SPARTA = CITY["sparta"]
ATHENAI = CITY["athenai"]
THEBAI = CITY["thebai"]
ABYDOS = CITY["abydos"]
EPHESOS = CITY["ephesos"]


def armies(st: State, side: int, city: int) -> int:
    return st.u[side * N + city]


def fleets(st: State, side: int, city: int) -> int:
    return st.u[(2 + side) * N + city]


def controls(st: State, side: int, city: int) -> bool:
    """A side controls a city it occupies with an army, and its own Major cities while no
    enemy army is in them; a fleet in the port controls nothing (§2.1)."""
    u = st.u
    if u[side * N + city]:
        return True
    return MAJOR[city] == side and not u[(1 - side) * N + city]


def controller(st: State, city: int) -> int:
    """0 or 1 for the side in control, -1 for nobody."""
    if controls(st, 0, city):
        return 0
    if controls(st, 1, city):
        return 1
    return -1


def roads(st: State, city: int) -> list[int]:
    """The cities a road from ``city`` reaches now (the Hellespont only with the bridge,
    §5.1, §6.4)."""
    bridge = st.has("bridge")
    return [c for c, needs in ADJ[city] if bridge or not needs]


def land_targets(st: State, side: int, origin: int) -> dict[int, list[int]]:
    """Where armies of ``side`` leaving ``origin`` by road may stop (§6.4), each with the
    cities it may be entered from: they go on only through cities the side controls, and stop
    in a city with an enemy army (a battle) or one the side does not control."""
    out: dict[int, list[int]] = {}
    seen = {origin}
    todo = [origin]
    enemy = (1 - side) * N
    u = st.u
    while todo:
        here = todo.pop()
        for there in roads(st, here):
            out.setdefault(there, [])
            if here not in out[there]:
                out[there].append(here)
            if there in seen:
                continue
            seen.add(there)
            if not u[enemy + there] and controls(st, side, there):
                todo.append(there)
    out.pop(origin, None)
    return out


def land_movers(st: State, side: int) -> list[int]:
    """Cities from which ``side`` can move armies by road now (the Carneia Festival holds the
    Greek armies in Sparta, card 4)."""
    u = st.u
    base = side * N
    held = SPARTA if side == 0 and st.has("carneia") else -1
    return [c for c in range(N) if u[base + c] and c != held and roads(st, c)]


def naval_movers(st: State, side: int, exclude: int = -1) -> list[int]:
    """Ports holding fleets of ``side`` (except ``exclude``)."""
    u = st.u
    base = (2 + side) * N
    return [p for p in PORTS if u[base + p] and p != exclude]


def supplied(st: State, side: int) -> set[int]:
    """The cities with a line of communication to one of ``side``'s Major cities: a path by
    road through no city the enemy controls (cities nobody controls are fine, §8.2)."""
    enemy = 1 - side
    reached: set[int] = set()
    todo = [m for m in MAJORS[side] if controls(st, side, m)]
    reached.update(todo)
    while todo:
        here = todo.pop()
        for there in roads(st, here):
            if there not in reached and not controls(st, enemy, there):
                reached.add(there)
                todo.append(there)
    return reached


def sea_supply(st: State, side: int) -> bool:
    """Whether fleets may supply cut-off armies: one of the side's Major cities is its own and
    has no enemy fleet in its port (§8.2; docs/rules-decisions.md)."""
    return any(controls(st, side, m) and not fleets(st, 1 - side, m) for m in MAJORS[side])


def drawable(st: State) -> int:
    """Cards that can still be drawn: the draw pile and the discard pile (§5.4)."""
    return len(st.deck) + len(st.discard)


def draw(st: State, n: int) -> list[int]:
    """Draw ``n`` cards (fewer if both piles run out): an empty draw pile is made again from
    the shuffled discard pile (§5.4). Sets the barrier: a draw is a reveal."""
    out = []
    for _ in range(n):
        if not st.deck:
            if not st.discard:
                break
            st.deck = st.discard
            st.discard = []
            st.dice.shuffle(st.deck)
            st.event("reshuffle", "5.4", "The discard pile is shuffled into a new draw pile.")
        out.append(st.deck.pop())
    if out:
        st.barrier = True
    return out
