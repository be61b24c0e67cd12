"""The blocks that stand face up on the map, for the other side to read whole: a navy on sea
patrol (aid "Sea Patrols"), the armies besieging a city (aid "Sieges": besiegers are left face
up) and the navies blockading a port (aid "Blockades": blockaders stay face up). A block is
face up only while it does so: once the siege or blockade ends, or the navy moves off its
patrol, it stands face down again (docs/athens-sparta.md, "Hidden information").

The view hides them all the same while a Replacement Phase is under way (its choices stay
secret until both sides finish, §8.0)."""

from __future__ import annotations

from hellenes_nb.games.athens_sparta.position import Position
from hellenes_nb.games.athens_sparta.rules.facts import kinds
from hellenes_nb.games.athens_sparta.rules.seapatrol import patrolling

__all__ = ["besiegers", "face_up"]


def besiegers(st: Position) -> dict[str, str]:
    """Block -> place of every army besieging a city and every navy blockading one: the
    besieging side's armies (the blockading side's navies) in the city's hex, or in the
    Sicily box for Syracuse."""
    w, b = st.world, st.board
    types = kinds(w)
    up: dict[str, str] = {}
    for held, navy in ((b.besieged, False), (b.blockaded, True)):
        for city_id, side in held.items():
            city = w.cities[city_id]
            place = city.hex or city.id  # Syracuse is the off-board box (§9.2)
            for k, v in b.blocks.items():
                if v.where == place and v.side == side and v.steps > 0 and \
                        (types[k] == "navy") == navy:
                    up[k] = place
    return up


def face_up(st: Position) -> dict[str, str]:
    """Block -> place of every block standing face up now (module docstring)."""
    return {**patrolling(st), **besiegers(st)}
