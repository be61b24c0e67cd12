"""Reading the data of *300: Earth & Water* (``data/earth_water/``) into plain records.

:func:`read_world` reads the four files through the shared file layer (:mod:`.files`) and
raises one :class:`DataError` listing every problem; :func:`load_world` reads the packaged data
once. The records are frozen dataclasses; the engine's indices are in :mod:`.index`, and what
needs the rules to check is in :mod:`.check`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hellenes_nb.core.models import FileError, Problem, by_record, read_yaml, validate
from hellenes_nb.games.earth_water.files import CardList, CityList, RoadList, SetupFile

__all__ = ["Card", "City", "DataError", "Half", "Road", "World", "check_world", "data_dir",
           "load_world", "read_world"]

SIDE_NAMES = ("greece", "persia")


class DataError(FileError):
    """The data files cannot be used; ``problems`` lists every problem found."""


@dataclass(frozen=True)
class City:
    """A city of the map (§2.1); ``major`` is the side index (0 Greece, 1 Persia) or -1."""

    id: str
    name: str
    index: int
    lat: float
    lon: float
    region: str
    major: int
    amphorae: int
    port: bool
    harbour: tuple[float, float] | None
    source: str


@dataclass(frozen=True)
class Road:
    """A road between two cities (indices); ``bridge`` is the Hellespont crossing (§5.1)."""

    a: int
    b: int
    bridge: bool
    source: str


@dataclass(frozen=True)
class Half:
    """One side's half of a card (kind: event, reaction, draw or none)."""

    title: str
    kind: str
    text: str
    once: bool
    sparta: bool


@dataclass(frozen=True)
class Card:
    """A two-sided card (§2.3): ``halves[0]`` Greek, ``halves[1]`` Persian."""

    number: int
    halves: tuple[Half, Half]
    source: str

    def half(self, side: int) -> Half:
        return self.halves[side]


@dataclass(frozen=True)
class World:
    """The whole data of the game, as read."""

    cities: tuple[City, ...]
    roads: tuple[Road, ...]
    cards: dict[int, Card]
    setup: SetupFile
    folder: str

    def city(self, city_id: str) -> City:
        """The city with this id (KeyError naming the ids)."""
        for c in self.cities:
            if c.id == city_id:
                return c
        raise KeyError(f"no city {city_id!r}; the cities are "
                       f"{', '.join(c.id for c in self.cities)}")


def data_dir() -> Path:
    """The folder of the game's data (inside a wheel, or the source checkout)."""
    here = Path(__file__).resolve().parents[2]  # the hellenes_nb package
    for candidate in (here / "_data" / "earth_water", here.parent / "data" / "earth_water"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("cannot find the data/earth_water folder next to the hellenes_nb "
                            "package")


def _read(folder: Path, name: str, model: Any, problems: list[Problem], context: dict,
          key: str | None = "id") -> Any:
    data, found = read_yaml(folder / name, name)
    if found:
        problems.extend(found)
        return None
    value, found = validate(model, data, name, where=by_record(key) if key else None,
                            context=context)
    problems.extend(found)
    return value


def read_world(folder: Path | str | None = None) -> World:
    """Read every data file of ``folder`` (default: the packaged data); :class:`DataError`
    listing every problem of every file."""
    root = Path(folder) if folder is not None else data_dir()
    if not root.is_dir():
        raise FileNotFoundError(f"the data folder {str(root)!r} does not exist")
    problems: list[Problem] = []
    cities = _read(root, "cities.yaml", CityList, problems, {})
    if cities is not None and not cities:  # read, but empty: the other files cannot be checked
        problems.append(Problem("cities.yaml", "", "the file lists no cities; the map needs "
                                "its eleven cities (§2.1)"))
    context = {"cities": {c.id for c in cities}} if cities else {}
    roads = _read(root, "roads.yaml", RoadList, problems, context, key=None)
    cards = _read(root, "cards.yaml", CardList, problems, {}, key="number")
    setup = _read(root, "setup.yaml", SetupFile, problems, context, key=None)
    if cities:
        problems += _twice("cities.yaml", [c.id for c in cities], "city id")
    if cards:
        problems += _twice("cards.yaml", [c.number for c in cards], "card number")
    if problems:
        raise DataError(problems)
    index = {c.id: i for i, c in enumerate(cities)}
    side = {"greece": 0, "persia": 1, None: -1}
    return World(
        cities=tuple(City(c.id, c.name, i, c.lat, c.lon, c.region, side[c.major], c.amphorae,
                          c.port, c.harbour, c.source) for i, c in enumerate(cities)),
        roads=tuple(Road(index[r.a], index[r.b], r.bridge, r.source) for r in roads),
        cards={c.number: Card(c.number, tuple(Half(h.title, h.kind, h.text, h.once, h.sparta)
                                               for h in (c.greek, c.persian)), c.source)
               for c in sorted(cards, key=lambda c: c.number)},
        setup=setup,
        folder=str(root),
    )


def _twice(file: str, ids: list, what: str) -> list[Problem]:
    return [Problem(file, "", f"the {what} {i!r} is used twice")
            for i in sorted({i for i in ids if ids.count(i) > 1}, key=str)]


@functools.cache
def load_world() -> World:
    """The packaged data, read once."""
    return read_world()


def check_world(world: World) -> list[str]:
    """What the rules say of the data as a whole, each problem in plain words with its rule:
    two Major cities a side, each a port (§2.1, §3.1, §3.2); one Hellespont road (§5.1); the
    starting pieces on cities, no more than the side has (§2.2, §3); every card once (§2.3)."""
    problems = []
    for side, name in enumerate(SIDE_NAMES):
        majors = [c for c in world.cities if c.major == side]
        if len(majors) != 2 or not all(c.port for c in majors):
            problems.append(f"§2.1: {name} needs two Major cities, each with a port, not "
                            f"{[c.id for c in majors]}")
        start = getattr(world.setup.start, name)
        pieces = getattr(world.setup.pieces, name)
        for kind in ("armies", "fleets"):
            placed = sum(getattr(start, kind).values())
            if placed > getattr(pieces, kind):
                problems.append(f"§3: {name} starts with {placed} {kind} but has only "
                                f"{getattr(pieces, kind)}")
        for city in start.fleets:
            if not world.city(city).port:
                problems.append(f"§3: a {name} fleet starts in {city}, which has no port")
    bridges = [r for r in world.roads if r.bridge]
    if len(bridges) != 1:
        problems.append(f"§5.1: the map needs exactly one Hellespont road, not {len(bridges)}")
    if sorted(world.cards) != list(range(1, 17)):
        problems.append(f"§2.3: the deck is the sixteen cards 1-16, not {sorted(world.cards)}")
    return problems
