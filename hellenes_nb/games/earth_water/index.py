"""The engine's numbers for the map and the pieces, read once from the packaged data.

Cities are numbered in the order of ``data/earth_water/cities.yaml``. A position keeps its
pieces in one flat list of ``4 * N`` counts (:func:`slot`): Greek armies, Persian armies,
Greek fleets, Persian fleets, each by city. Sides are 0 (Greece) and 1 (Persia).
"""

from __future__ import annotations

from hellenes_nb.games.earth_water.world import SIDE_NAMES, load_world

__all__ = ["ADJ", "AMPHORAE", "ARMY", "CITIES", "CITY", "FLEET", "GREECE", "MAJOR", "MAJORS",
           "N", "NAMES", "PERSIA", "PORT", "PORTS", "SIDE_ADJ", "SIDE_NAMES", "SIDE_WORD",
           "WORLD", "other", "slot", "side_index"]

WORLD = load_world()
GREECE, PERSIA = 0, 1
#: the words for a side: "Greece", "Persia"; adjectives "Greek", "Persian"
SIDE_WORD = {"greece": "Greece", "persia": "Persia"}
SIDE_ADJ = ("Greek", "Persian")
ARMY, FLEET = 0, 2

CITIES = WORLD.cities
N = len(CITIES)
CITY = {c.id: c.index for c in CITIES}
NAMES = tuple(c.name for c in CITIES)
AMPHORAE = tuple(c.amphorae for c in CITIES)
PORT = tuple(c.port for c in CITIES)
PORTS = tuple(c.index for c in CITIES if c.port)
MAJOR = tuple(c.major for c in CITIES)
#: each side's two Major cities (§2.1)
MAJORS = tuple(tuple(c.index for c in CITIES if c.major == s) for s in (GREECE, PERSIA))
#: neighbours of each city: (city, needs the bridge) pairs (§2.1, §6.4)
ADJ: tuple[tuple[tuple[int, bool], ...], ...] = tuple(
    tuple(sorted([(r.b, r.bridge) for r in WORLD.roads if r.a == i]
                 + [(r.a, r.bridge) for r in WORLD.roads if r.b == i]))
    for i in range(N))
#: the two ends of the Hellespont road
BRIDGE_ENDS = next(((r.a, r.b) for r in WORLD.roads if r.bridge), (-1, -1))


def slot(kind: int, side: int, city: int) -> int:
    """The index in a position's piece list of ``side``'s armies (``kind`` ARMY) or fleets
    (FLEET) in ``city``."""
    return (kind + side) * N + city


def other(side: int) -> int:
    return 1 - side


def side_index(name: str) -> int:
    """0 for "greece", 1 for "persia" (ValueError otherwise)."""
    try:
        return SIDE_NAMES.index(name)
    except ValueError:
        raise ValueError(f"the sides are 'greece' and 'persia', not {name!r}") from None
