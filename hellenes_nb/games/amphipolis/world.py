"""Reading the data of *Amphipolis* (``data/amphipolis/``) into plain records, and checking
every fact the rulebook states about them (``hellenes data check --game amphipolis``).

:func:`read_world` reads the files through the shared file layer (:mod:`.files`) and raises
one :class:`DataError` listing every problem; :func:`load_world` reads the packaged data once;
the facts the rules state are checked by :mod:`.worldcheck`."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hellenes_nb.core.models import FileError, Problem, by_record, read_yaml, validate
from hellenes_nb.games.amphipolis.files import (
    CounterFile,
    CrtFile,
    LeaderFile,
    ScenarioFile,
    UnitFile,
    ZonesFile,
)

__all__ = ["Border", "Counter", "Crt", "DataError", "Face", "Leader", "Unit", "World", "Zone",
           "data_dir", "load_world", "read_world", "reduced_pf"]

SIDES = ("athens", "sparta")


class DataError(FileError):
    """The data files cannot be used; ``problems`` lists every problem found."""


@dataclass(frozen=True)
class Zone:
    """An operational zone (``kind`` "op", with its garrison's ``va`` and ``pf``), a rear
    base (``kind`` "base", with the sides that may use it and its ``space``) or a zone of the
    main map (``kind`` "main", with its ``terrain``: city, clear, humid, elevated, port,
    sea)."""

    id: str
    name: str
    kind: str
    lat: float
    lon: float
    va: int = 0
    pf: int = 0
    users: tuple[int, ...] = ()
    space: str = "mixed"
    touches: tuple[str, ...] = ()
    source: str = ""
    terrain: str = ""

    @property
    def sea(self) -> bool:
        return self.terrain in ("port", "sea")


@dataclass(frozen=True)
class Border:
    """A side two main-map zones share (§3.1): ``crossing`` "none", "river" or "bridge";
    ``wall`` "none", "permanent" or "buildable" with its ``inside`` zone (§5.1)."""

    a: str
    b: str
    crossing: str = "none"
    wall: str = "none"
    inside: str = ""
    source: str = ""


@dataclass(frozen=True)
class Leader:
    id: str
    name: str
    side: int
    bonus: int
    source: str


def reduced_pf(pf: int, bonus: bool) -> int:
    """The back of a unit (§1.2.1): half its strength, rounded up with a bonus, down without."""
    return (pf + 1) // 2 if bonus else pf // 2


@dataclass(frozen=True)
class Unit:
    id: str
    side: int
    nation: str
    type: str
    pf: int
    bonus: bool
    origin: str
    source: str

    @property
    def reduced(self) -> int:
        return reduced_pf(self.pf, self.bonus)

    @property
    def land(self) -> bool:
        return self.type != "T"

    def label(self, reduced: bool = False) -> str:
        pf = self.reduced if reduced else self.pf
        sword = "+" if self.bonus else ""
        return f"{self.type}/{pf}{sword}{' (reduced)' if reduced else ''}"


@dataclass(frozen=True)
class Face:
    number: int
    name: str
    english: str
    colour: str
    phase: str


@dataclass(frozen=True)
class Counter:
    id: str
    faces: tuple[Face, Face]


@dataclass(frozen=True)
class Crt:
    """``cells[row][column]`` = (attacker's result, defender's result, winner 0 attacker /
    1 defender)."""

    columns: tuple[str, ...]
    rows: tuple[str, ...]
    cells: tuple[tuple[tuple[str, str, int], ...], ...]


@dataclass(frozen=True)
class World:
    zones: tuple[Zone, ...]
    leaders: tuple[Leader, ...]
    units: tuple[Unit, ...]
    counters: tuple[Counter, ...]
    crt: Crt
    scenarios: dict[str, ScenarioFile]
    folder: str
    borders: tuple[Border, ...] = ()
    corners: tuple[tuple[str, ...], ...] = ()
    #: the corners that are juncture points inside the map (the others are at its edge)
    junctions: tuple[tuple[str, ...], ...] = ()

    @functools.cached_property
    def border(self) -> dict[frozenset[str], Border]:
        """The border between two main-map zones, by the pair."""
        return {frozenset((b.a, b.b)): b for b in self.borders}

    @functools.cached_property
    def neighbours(self) -> dict[str, tuple[str, ...]]:
        """Adjacent zones of the main map, with the rear bases' own (§3.1)."""
        out: dict[str, list[str]] = {z.id: [] for z in self.zones}
        for b in self.borders:
            out.setdefault(b.a, []).append(b.b)
            out.setdefault(b.b, []).append(b.a)
        for z in self.zones:
            for t in z.touches:
                out[z.id].append(t)
                out.setdefault(t, []).append(z.id)
        return {k: tuple(sorted(set(v))) for k, v in out.items()}

    @property
    def main(self) -> tuple[Zone, ...]:
        return tuple(z for z in self.zones if z.kind == "main")

    @functools.cached_property
    def zone(self) -> dict[str, Zone]:
        return {z.id: z for z in self.zones}

    @functools.cached_property
    def unit_index(self) -> dict[str, int]:
        return {u.id: i for i, u in enumerate(self.units)}

    @functools.cached_property
    def leader_index(self) -> dict[str, int]:
        return {g.id: i for i, g in enumerate(self.leaders)}

    @functools.cached_property
    def faces(self) -> dict[int, tuple[str, Face]]:
        """Strategem number -> (its counter's id, its face)."""
        return {f.number: (c.id, f) for c in self.counters for f in c.faces}

    @property
    def operational(self) -> tuple[Zone, ...]:
        return tuple(z for z in self.zones if z.kind == "op")


def data_dir() -> Path:
    """The folder of the game's data (inside a wheel, or the source checkout)."""
    here = Path(__file__).resolve().parents[2]
    for candidate in (here / "_data" / "amphipolis", here.parent / "data" / "amphipolis"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("cannot find the data/amphipolis folder next to the hellenes_nb "
                            "package")


def _read(folder: Path, name: str, model: Any, problems: list[Problem],
          key: str | None = "id") -> Any:
    data, found = read_yaml(folder / name, name)
    if found:
        problems.extend(found)
        return None
    value, found = validate(model, data, name, where=by_record(key) if key else None)
    problems.extend(found)
    return value


def read_world(folder: Path | str | None = None) -> World:
    """Every data file of ``folder`` (default: the packaged data); :class:`DataError` listing
    every problem."""
    root = Path(folder) if folder is not None else data_dir()
    if not root.is_dir():
        raise FileNotFoundError(f"the data folder {str(root)!r} does not exist")
    problems: list[Problem] = []
    zones = _read(root, "zones.yaml", ZonesFile, problems, key=None)
    leaders = _read(root, "leaders.yaml", list[LeaderFile], problems)
    units = _read(root, "units.yaml", list[UnitFile], problems)
    counters = _read(root, "stratagems.yaml", list[CounterFile], problems)
    crt = _read(root, "crt.yaml", CrtFile, problems, key=None)
    scenarios = _read(root, "scenarios.yaml", list[ScenarioFile], problems)
    if problems:
        raise DataError(problems)
    side = {s: i for i, s in enumerate(SIDES)}
    zs = [Zone(z.id, z.name, "op", z.lat, z.lon, va=z.va, pf=z.pf, source=z.source)
          for z in zones.operational]
    zs += [Zone(b.id, b.name, "base", b.lat, b.lon, users=tuple(side[u] for u in b.users),
                space=b.space, touches=tuple(b.touches), source=b.source)
           for b in zones.rear_bases]
    zs += [Zone(m.id, m.name, "main", m.lat, m.lon, terrain=m.terrain, source=m.source)
           for m in zones.main]
    return World(
        zones=tuple(zs),
        leaders=tuple(Leader(g.id, g.name, side[g.side], g.bonus, g.source) for g in leaders),
        units=tuple(Unit(u.id, side[u.side], u.nation, u.type, u.pf, u.bonus, u.origin,
                         u.source) for u in units),
        counters=tuple(Counter(c.id, tuple(Face(f.number, f.name, f.english, f.colour, f.phase)
                                           for f in (c.front, c.back))) for c in counters),
        crt=Crt(tuple(crt.columns), tuple(crt.rows), tuple(
            tuple(_parse(cell) for cell in row) for row in crt.cells)),
        scenarios={s.id: s for s in scenarios},
        folder=str(root),
        borders=tuple(Border(b.zones[0], b.zones[1], b.crossing, b.wall, b.inside, b.source)
                      for b in zones.borders),
        corners=tuple(tuple(c.zones) for c in zones.corners),
        junctions=tuple(tuple(c.zones) for c in zones.corners if not c.edge),
    )


def _parse(cell: str) -> tuple[str, str, int]:
    a, _, d, w = cell.split()
    return a, d, 0 if w == "A" else 1


@functools.cache
def load_world() -> World:
    """The packaged data, read once."""
    return read_world()
