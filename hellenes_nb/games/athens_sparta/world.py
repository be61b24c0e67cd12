"""Reading the data of *Athens & Sparta* (``data/athens_sparta/``) into one checked world.

:func:`read_world` reads every file through the project's safe YAML and pydantic layer
(:mod:`hellenes_nb.core.models`) and raises one :class:`DataError` listing every problem in
plain words; :func:`load_world` reads the packaged data once. The world holds the hex map as
two graphs built from the generated pieces of ``hexes.yaml`` and the hand fixes of the other
files:

- **land**: one shore per land hex (the shore its city stands on, else the biggest); two hexes
  are joined when their shores meet along the common side, or across a strait (§4.3);
- **sea**: the coasts of a hex, merged into one unless the hex is listed as having two
  unconnected coasts (§1.7); coasts are joined when their water meets along the common side.

What the rules state about the whole (city totals, straits examples, ...) is checked by
:func:`hellenes_nb.games.athens_sparta.check.data_check`.
"""

from __future__ import annotations

import functools
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hellenes_nb.core.models import FileError, Problem, by_record, read_yaml, validate
from hellenes_nb.games.athens_sparta.files import (
    BlockList,
    BoardFile,
    CardList,
    CityList,
    GridModel,
    OptionList,
    StraitList,
    TerrainFile,
)

__all__ = ["DataError", "Hex", "World", "data_dir", "load_world", "neighbours", "read_world"]


class DataError(FileError):
    """The data files cannot be used; ``problems`` lists every problem found."""


@dataclass(frozen=True)
class Hex:
    """One hex of the map: ``land`` when it has a shore in play, ``terrain`` clear or
    mountain (sea hexes: sea), ``coasts`` the number of separate coasts in play."""

    id: str
    lat: float
    lon: float
    land: bool
    terrain: str
    coasts: int
    persia: bool


@dataclass
class World:
    """The whole data of the game, as read and fixed."""

    hexes: dict[str, Hex]
    cities: dict[str, Any]  # id -> CityFile
    straits: dict[str, Any]  # hex -> StraitFile
    terrain: Any
    board: Any
    blocks: tuple
    cards: tuple
    options: dict[str, Any]  # id -> OptionFile
    folder: str
    hex_km: float = 48.28
    land_links: dict[str, set[str]] = field(default_factory=dict)
    sea_links: dict[tuple[str, int], set[tuple[str, int]]] = field(default_factory=dict)
    sides: dict[frozenset, str] = field(default_factory=dict)  # pass, mountain, clear
    rivers: dict[frozenset, str] = field(default_factory=dict)
    two_coasts: frozenset = frozenset()

    def city_at(self, hex_id: str) -> Any | None:
        """The first city (or site) standing in the hex, or None (an index kept with the
        cities it was made from: the engine asks this thousands of times a move)."""
        made = self.__dict__.get("_city_index")
        if made is None or made[0] is not self.cities:
            index: dict[str, Any] = {}
            for c in self.cities.values():  # the off-board Syracuse: its box, by its id
                index.setdefault(c.hex or c.id, c)
            made = (self.cities, index)
            self.__dict__["_city_index"] = made
        return made[1].get(hex_id)

    def side(self, a: str, b: str) -> str:
        """The kind of the land hexside between two hexes: clear, pass, mountain (§1.8), strait
        (one of them is a straits hex and the other lies across its water from the city,
        §4.3) or water (no land link)."""
        got = self._sides_made()[0].get((a, b))
        return "water" if got is None else got

    def open_steps(self) -> dict[str, tuple[str, ...]]:
        """Hex -> the land neighbours an army may step to from it, in id order: every land
        link but over a mountain side (§1.8). Read, never edit."""
        return self._sides_made()[1]

    def city_index(self) -> dict[str, Any]:
        """Hex -> :meth:`city_at` of it, for hexes with a city. Read, never edit."""
        self.city_at("")
        return self.__dict__["_city_index"][1]

    def _sides_made(self) -> tuple[dict[tuple[str, str], str], dict[str, tuple[str, ...]]]:
        """The kind of every land hexside and the open steps from each hex, made once from
        the links, straits and sides they read (remade if one is replaced)."""
        made = self.__dict__.get("_side_index")
        basis = (self.land_links, self.straits, self.sides)
        if made is None or any(x is not y for x, y in zip(made[0], basis, strict=True)):
            kinds = {(a, b): self._side(a, b) for a, bs in self.land_links.items() for b in bs}
            steps = {a: tuple(sorted(b for b in bs if kinds[(a, b)] != "mountain"))
                     for a, bs in self.land_links.items()}
            made = (basis, kinds, steps)
            self.__dict__["_side_index"] = made
        return made[1], made[2]

    def _side(self, a: str, b: str) -> str:
        if b not in self.land_links.get(a, ()):
            return "water"
        for here, there in ((a, b), (b, a)):
            strait = self.straits.get(here)
            if strait is not None and there in strait.far:
                return "strait"  # across the water from the strait hex's city
        return self.sides.get(frozenset((a, b)), "clear")

    def coast_of(self, city_id: str) -> list[tuple[str, int]]:
        """The coasts (hex, coast) where a port city's navies lie (§1.7)."""
        c = self.cities[city_id]
        if c.hex not in self.two_coasts:
            return [(c.hex, 0)]
        return [(c.hex, i) for i in (c.coast or (0,))]

    def sea_distance(self, start: list[tuple[str, int]], goal: list[tuple[str, int]],
                     avoid: frozenset = frozenset()) -> int | None:
        """Fewest hexes a navy enters from ``start`` to reach ``goal`` (None: never)."""
        return _bfs(self.sea_links, start, set(goal), avoid)

    def land_distance(self, a: str, b: str) -> int | None:
        return _bfs(self.land_links, [a], {b}, frozenset())


def _bfs(graph: dict, start: list, goal: set, avoid: frozenset) -> int | None:
    seen = {s: 0 for s in start}
    queue = deque(start)
    while queue:
        node = queue.popleft()
        if node in goal:
            return seen[node]
        for nxt in graph.get(node, ()):
            hex_id = nxt[0] if isinstance(nxt, tuple) else nxt
            if nxt not in seen and hex_id not in avoid:
                seen[nxt] = seen[node] + 1
                queue.append(nxt)
    return None


def data_dir() -> Path:
    """The folder of the game's data (inside a wheel, or the source checkout)."""
    here = Path(__file__).resolve().parents[2]
    for candidate in (here / "_data" / "athens_sparta", here.parent / "data" / "athens_sparta"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("cannot find the data/athens_sparta folder next to the hellenes_nb "
                            "package")


#: the hand-written files after hexes.yaml, in reading order: name, model, the key naming a
#: record in problems, the context table its ids fill for later files, the ids used only once
_FILES = (
    ("cities.yaml", CityList, "id", "cities", ("id", "hex")),
    ("straits.yaml", StraitList, "hex", None, ("hex",)),
    ("terrain.yaml", TerrainFile, None, None, ()),
    ("board.yaml", BoardFile, None, None, ()),
    ("blocks.yaml", BlockList, "id", None, ("id",)),
    ("cards.yaml", CardList, "id", None, ("id",)),
    ("options.yaml", OptionList, "id", None, ("id",)),
)


def read_world(folder: Path | str | None = None) -> World:
    """The world of the data folder ``folder`` (the packaged data when None), or one
    :class:`DataError` naming every problem in every file."""
    root = Path(data_dir() if folder is None else folder)
    if not root.is_dir():
        raise FileNotFoundError(f"there is no data folder at {root}")
    problems: list[Problem] = []
    context: dict[str, Any] = {}
    read: dict[str, Any] = {}
    for name, model, key, table, unique in (("hexes.yaml", GridModel, None, None, ()),
                                            *_FILES):
        data, found = read_yaml(root / name, name)
        if not found:
            data, found = validate(model, data, name, where=by_record(key) if key else None,
                                   context=context)
        problems += found
        read[name] = data
        if data is None:
            continue
        if name == "hexes.yaml":
            context["hexes"] = {h.id for h in data.hexes}
        if table:
            context[table] = {r.id for r in data}
        for field_name in unique:
            values = [getattr(r, field_name) for r in data if getattr(r, field_name)]
            problems += [Problem(name, "", f"the {field_name} {v!r} is used twice")
                         for v in sorted({v for v in values if values.count(v) > 1})]
    if problems:
        raise DataError(problems)
    grid = read["hexes.yaml"]
    world = World(
        hexes={}, cities={c.id: c for c in read["cities.yaml"]},
        straits={s.hex: s for s in read["straits.yaml"]}, terrain=read["terrain.yaml"],
        board=read["board.yaml"], blocks=tuple(read["blocks.yaml"]),
        cards=tuple(read["cards.yaml"]), options={o.id: o for o in read["options.yaml"]},
        folder=str(root), hex_km=grid.hex_km,
    )
    problems = _build(world, grid)
    if problems:
        raise DataError(problems)
    return world


def neighbours(hex_id: str) -> set[str]:
    """The six hexes around one (flat-topped, odd columns half a hex lower; ids "CCRR")."""
    col, row = int(hex_id[:2]), int(hex_id[2:])
    steps = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)) if col % 2 else \
        ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
    return {f"{col + dc:02d}{row + dr:02d}" for dc, dr in steps
            if col + dc >= 0 and row + dr >= 0}


def _apart(world: World) -> list[Problem]:
    """Hand-written pairs of hexes that are not neighbours (a typo in a hex id)."""
    terrain = world.terrain
    pairs = [("straits.yaml", s.name, s.hex, far) for s in world.straits.values()
             for far in s.far]
    for what, sides in (("passes", terrain.passes), ("clear", terrain.clear),
                        ("rivers", terrain.rivers)):
        pairs += [("terrain.yaml", f"{what} {s.a}-{s.b}", s.a, s.b) for s in sides]
    pairs += [("terrain.yaml", f"fixes {f.a}-{f.b}", f.a[:4], f.b[:4]) for f in terrain.fixes
              if f.a[:4] != f.b[:4]]
    return [Problem(file, where, f"hexes {a} and {b} are not neighbours")
            for file, where, a, b in pairs if b not in neighbours(a)]


def _build(world: World, grid: Any) -> list[Problem]:
    """Hexes, land and sea graphs from the generated pieces and the hand fixes."""
    problems: list[Problem] = _apart(world)
    if problems:
        return problems
    raw = {h.id: h for h in grid.hexes}
    terrain = world.terrain
    mountains = {m.hex for m in terrain.mountains}
    persia = set(terrain.persia)
    world.two_coasts = frozenset(terrain.two_coasts)
    # the shore in play of each hex: the city's, else the biggest (index 0)
    shore: dict[str, int] = {}
    for h in raw.values():
        city = world.city_at(h.id)
        pick = city.shore if city is not None and city.shore >= 0 else 0
        if city is not None and pick >= len(h.shores):
            problems.append(Problem("cities.yaml", city.id, f"hex {h.id} has no shore {pick}"))
            continue
        if h.shores and (city is not None or h.land >= terrain.playable_land_min):
            shore[h.id] = pick
    links: dict[str, set[str]] = {h: set() for h in shore}
    for hid, k in shore.items():
        for piece in raw[hid].shores[k]:
            other, j = piece.split("/")
            if shore.get(other) == int(j):
                links[hid].add(other)
    sea: dict[tuple[str, int], set[tuple[str, int]]] = {}

    def node(piece: str) -> tuple[str, int]:
        hid, j = piece.split("/")
        return (hid, int(j) if hid in world.two_coasts else 0)

    for h in raw.values():
        for i, coast in enumerate(h.coasts):
            here = node(f"{h.id}/{i}")
            sea.setdefault(here, set())
            for piece in coast:
                there = node(piece)
                if there != here:
                    sea[here].add(there)
    for fix in terrain.fixes:
        for piece in (fix.a, fix.b):
            hid = piece.split("/")[0]
            if hid not in raw:
                problems.append(Problem("terrain.yaml", "fixes", f"{piece}: no such hex"))
        if problems:
            continue
        if fix.kind == "land":
            a, b = fix.a.split("/")[0], fix.b.split("/")[0]
            if fix.do == "add":
                links.setdefault(a, set()).add(b)
                links.setdefault(b, set()).add(a)
            else:
                links.get(a, set()).discard(b)
                links.get(b, set()).discard(a)
        else:
            a, b = node(fix.a), node(fix.b)
            if fix.do == "add":
                sea.setdefault(a, set()).add(b)
                sea.setdefault(b, set()).add(a)
            else:
                sea.get(a, set()).discard(b)
                sea.get(b, set()).discard(a)
    for s in world.straits.values():
        for far in s.far:
            links.setdefault(s.hex, set()).add(far)
            links.setdefault(far, set()).add(s.hex)
    world.land_links, world.sea_links = links, sea
    for h in raw.values():
        is_land = h.id in links
        coasts = len({n for n in sea if n[0] == h.id}) if h.coasts else 0
        world.hexes[h.id] = Hex(h.id, h.lat, h.lon, is_land,
                                ("mountain" if h.id in mountains else "clear") if is_land
                                else "sea", coasts, h.id in persia)
    for m in mountains:
        for n in links.get(m, ()):
            world.sides[frozenset((m, n))] = "mountain"
    for s in terrain.clear:
        world.sides[frozenset((s.a, s.b))] = "clear"
    for s in terrain.passes:
        world.sides[frozenset((s.a, s.b))] = "pass"
    for s in terrain.rivers:
        world.rivers[frozenset((s.a, s.b))] = s.name
    return problems


@functools.cache
def load_world() -> World:
    """The packaged data, read once."""
    return read_world()
