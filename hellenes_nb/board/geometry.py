"""Baked board geometry: the file format written by ``scripts/build_map.py`` and read back here
(docs/data.md "Geometry"), and plain-Python helpers on its paths.

The file already holds SVG path strings in map pixels, so drawing needs no geometry library at
run time. A board has a main view and one inset view (Hellenes: Sicily), each with its own
projection; land shapes ("areas"), sea shapes, the coastline and land outside every area.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

Point = tuple[float, float]
Box = tuple[float, float, float, float]
_NUMBER = re.compile(r"-?(?:\d+\.?\d*|\.\d+)")


@dataclass(frozen=True, slots=True)
class Shape:
    """One land area or sea as drawn: path data, where its name goes, where its symbol goes."""

    id: str
    view: str  # "main" or "inset"
    d: str
    label: Point
    symbol: Point | None = None


@dataclass(frozen=True, slots=True)
class BorderLine:
    """The drawn line shared by two touching land areas or two touching seas."""

    a: str
    b: str
    d: str


def project(projection: Mapping, lat: float, lon: float) -> Point:
    """Map pixels of a geographic point under a baked equirectangular ``projection``
    (``x0``, ``y0``, ``lon_min``, ``lat_max``, ``lat_ts``, ``px_per_degree``)."""
    k = projection["px_per_degree"]
    x = projection["x0"] + (lon - projection["lon_min"]) * math.cos(
        math.radians(projection["lat_ts"])) * k
    return x, projection["y0"] + (projection["lat_max"] - lat) * k


@dataclass(frozen=True, slots=True)
class Geometry:
    """A whole baked board: view box, the inset frame, shapes, coast and borders."""

    view_box: Box
    inset_frame: Box
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
        """Map pixels of a geographic point in the main map or the inset ("inset")."""
        return project(self.projection if view == "main" else self.inset_projection, lat, lon)


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


def rings_contain(shape_rings: list[list[Point]], pt: Point) -> bool:
    """Even-odd containment of a point in a shape given as rings (holes excluded)."""
    return sum(ring_contains(r, pt) for r in shape_rings) % 2 == 1


def path_contains(d: str, pt: Point) -> bool:
    """Whether a point lies inside a path's shape (even-odd over its rings, holes excluded)."""
    return rings_contain(rings(d), pt)


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
    """Parse a geometry.json file (FileNotFoundError or ValueError in plain words)."""
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
