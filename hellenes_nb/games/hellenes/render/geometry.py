"""Reading the baked map geometry (data/hellenes/geometry.json, see docs/data.md "Geometry").

Pure Python: the file already holds SVG path strings in map pixels, so drawing needs no
geometry library at run time.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from hellenes_nb.games.hellenes.world import data_dir

Point = tuple[float, float]
_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)")


@dataclass(frozen=True, slots=True)
class Shape:
    """One land area or sea as drawn: path data, where its name goes, where its symbol goes."""

    id: str
    view: str  # "main" or "inset" (the Sicily inset)
    d: str
    label: Point
    symbol: Point | None = None


@dataclass(frozen=True, slots=True)
class BorderLine:
    """The drawn line shared by two touching land areas or two touching seas."""

    a: str
    b: str
    d: str


@dataclass(frozen=True, slots=True)
class Geometry:
    """The whole baked map: view box, the Sicily inset frame, shapes, coast and borders."""

    view_box: tuple[float, float, float, float]
    inset_frame: tuple[float, float, float, float]
    inset_title: str
    areas: MappingProxyType  # id -> Shape
    seas: MappingProxyType  # id -> Shape
    offmap: MappingProxyType  # view -> path data of land belonging to no area
    coast: MappingProxyType  # view -> path data of the coastline
    borders: tuple[BorderLine, ...]
    projection: MappingProxyType
    inset_projection: MappingProxyType

    def shape(self, place_id: str) -> Shape:
        """The shape of a land area or sea, with a clear error if the bake lacks it."""
        if place_id in self.areas:
            return self.areas[place_id]
        if place_id in self.seas:
            return self.seas[place_id]
        raise KeyError(
            f"geometry.json has no shape for {place_id!r}; "
            "re-run scripts/build_map.py after changing areas.yaml or seas.yaml"
        )

    def to_map(self, lat: float, lon: float, view: str = "main") -> Point:
        """Map pixels of a geographic point in the main map or the Sicily inset ("inset")."""
        p = self.projection if view == "main" else self.inset_projection
        k = p["px_per_degree"]
        x = p["x0"] + (lon - p["lon_min"]) * math.cos(math.radians(p["lat_ts"])) * k
        return x, p["y0"] + (p["lat_max"] - lat) * k


def rings(d: str) -> list[list[Point]]:
    """The closed rings of a path written by build_map.py (``M x y l dx dy ... z``)."""
    out: list[list[Point]] = []
    for chunk in d.split("M")[1:]:
        head, _, rest = chunk.partition("l")
        x, y = (float(v) for v in _NUMBER.findall(head))
        ring = [(x, y)]
        steps = [float(v) for v in _NUMBER.findall(rest)]
        for dx, dy in zip(steps[0::2], steps[1::2], strict=True):
            x, y = x + dx, y + dy
            ring.append((x, y))
        out.append(ring)
    return out


def ring_area(ring: list[Point]) -> float:
    """Unsigned area of a ring (shoelace formula), in square pixels."""
    s = 0.0
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        s += x1 * y2 - x2 * y1
    return abs(s) / 2


def ring_contains(ring: list[Point], pt: Point) -> bool:
    """Whether a point lies inside one ring (ray casting)."""
    x, y = pt
    inside = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def path_contains(d: str, pt: Point) -> bool:
    """Whether a point lies inside a path's shape (even-odd over its rings, holes excluded)."""
    return sum(ring_contains(r, pt) for r in rings(d)) % 2 == 1


def _point(raw: list | None) -> Point | None:
    return None if raw is None else (float(raw[0]), float(raw[1]))


def _shapes(raw: dict) -> MappingProxyType:
    return MappingProxyType(
        {
            k: Shape(k, v["view"], v["d"], _point(v["label"]), _point(v.get("symbol")))
            for k, v in raw.items()
        }
    )


def read_geometry(path: Path | str) -> Geometry:
    """Parse a geometry.json file."""
    path = Path(path)
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise FileNotFoundError(
            f"{path} is missing: bake it with .venv/bin/python scripts/build_map.py"
        ) from None
    try:
        return Geometry(
            view_box=tuple(raw["viewBox"]),
            inset_frame=tuple(raw["inset"]["frame"]),
            inset_title=raw["inset"]["title"],
            areas=_shapes(raw["areas"]),
            seas=_shapes(raw["seas"]),
            offmap=MappingProxyType(dict(raw["offmap"])),
            coast=MappingProxyType(dict(raw["coast"])),
            borders=tuple(BorderLine(b["a"], b["b"], b["d"]) for b in raw["borders"]),
            projection=MappingProxyType(dict(raw["projection"])),
            inset_projection=MappingProxyType(dict(raw["inset"]["projection"])),
        )
    except (KeyError, TypeError, IndexError) as exc:
        raise ValueError(f"{path}: malformed geometry file ({exc!r}); re-run build_map.py") from exc


@lru_cache(maxsize=1)
def load_geometry() -> Geometry:
    """The packaged geometry, read once per process."""
    return read_geometry(data_dir() / "geometry.json")
