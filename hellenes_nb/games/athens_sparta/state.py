"""The state of a game of *Athens & Sparta* at the start (§3) and the city points it gives
(§1.2, §10.2). A first piece of the engine: the sequence of play, moves and battles are not
built yet (docs/athens-sparta.md, "Not done yet").

The state is plain data (JSON-ready): where each block is and how strong, who controls each
city, which cities are besieged or blockaded and by whom, and the Olympiad and turn.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from hellenes_nb.games.athens_sparta.world import World

__all__ = ["BlockState", "State", "city_points", "held_still", "setup"]

SIDES = ("athens", "sparta")
FIRST_OLYMPIAD = 84  # the war began in the first year of the 84th Olympiad (§2 sidebar)


@dataclass
class BlockState:
    """Where a block is: a hex id, 'pool' (the replacement pool, §3) or 'offmap' (a neutral
    block waiting for its city to join a side, §3.1), 'syracuse' (the Sicily box, §9.2); its
    current steps; the side that commands it (a neutral block has none yet)."""

    where: str
    steps: int
    side: str | None


@dataclass
class State:
    blocks: dict[str, BlockState]
    control: dict[str, str]  # city id -> athens, sparta, neutral, persia (none: no owner)
    besieged: dict[str, str] = field(default_factory=dict)  # city -> besieging side (armies)
    blockaded: dict[str, str] = field(default_factory=dict)  # city -> blockading side (navies)
    olympiad: int = FIRST_OLYMPIAD
    turn: int = 1
    #: the Persian alliance (§9.3): "none", "allied" (Sparta took it) or "ended" (Athens
    #: retook Miletus: it is gone for good)
    persia: str = "none"
    #: city values set in play: Syracuse's from the two cards set aside at Sicily, once shown
    #: (the optional Syracuse points, ``rules/syracusepoints.py``); replaced, never edited
    values: dict[str, int] = field(default_factory=dict)

    @property
    def allied(self) -> bool:
        """Sparta has Persia's support now (§9.3)."""
        return self.persia == "allied"

    def at(self, hex_id: str) -> list[str]:
        """The blocks in a hex, by id."""
        return sorted(b for b, s in self.blocks.items() if s.where == hex_id)

    def sides_in(self, hex_id: str) -> set[str]:
        """The sides with blocks in a hex (neutral blocks off the map have none): read from
        the index :func:`held_still` keeps while nothing moves, else counted afresh."""
        index = self.__dict__.get("_sides_index")
        if index is not None:
            return index.get(hex_id, set())
        return {b.side for b in self.blocks.values() if b.where == hex_id and b.side}


@contextmanager
def held_still(state: State) -> Iterator[State]:
    """While the engine only asks questions of a position (the legal moves), the sides in
    each hex are indexed once; the index goes when the block ends (nothing may move in it)."""
    if "_sides_index" in state.__dict__:
        yield state
        return
    index: dict[str, set[str]] = {}
    for b in state.blocks.values():
        if b.side:
            index.setdefault(b.where, set()).add(b.side)
    state.__dict__["_sides_index"] = index
    try:
        yield state
    finally:
        del state.__dict__["_sides_index"]


def setup(world: World) -> State:
    """The start of the war (§3): every block at full strength in its home city, except the
    replacement pool (reserves, Demos, Helots, Tyrants, Sparta's four rebel navies), the
    neutral blocks (off the map, §3.1) and the siege of Potidaea (held by Sparta, besieged and
    blockaded by Athens)."""
    blocks = {}
    for b in world.blocks:
        if b.start == "pool":
            where = "pool"
        elif b.start == "neutral":
            where = "offmap"
        else:
            city = world.cities[b.home if b.start == "home" else b.start]
            where = "syracuse" if city.offboard else city.hex
        blocks[b.id] = BlockState(where, b.steps, None if b.side == "neutral" else b.side)
    control = {c.id: c.colour for c in world.cities.values() if c.kind == "city"}
    control.update(world.board.start_held)
    state = State(blocks, control)
    for city in world.board.start_besieged:
        owner = control[city]
        besiegers = {world_block.type for world_block in world.blocks
                     if world_block.start == city and world_block.side not in (owner, "neutral")}
        enemy = next(s for s in SIDES if s != owner)
        if besiegers - {"navy"}:
            state.besieged[city] = enemy
        if "navy" in besiegers:
            state.blockaded[city] = enemy
    return state


def city_points(state: State, world: World) -> dict[str, int]:
    """Each side's city points (§10.2): the values of the cities it controls, neutral allies
    included, leaving out every city under siege or blockade (the sidebar 'Starting City
    Points': neither side counts them)."""
    points = dict.fromkeys(SIDES, 0)
    for city, owner in state.control.items():
        if owner in points and city not in state.besieged and city not in state.blockaded:
            points[owner] += state.values.get(city, world.cities[city].value)
    return points
