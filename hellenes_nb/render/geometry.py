"""Reading the baked map geometry (data/hellenes/geometry.json, see docs/data.md "Geometry").

Pure Python: the file already holds SVG path strings in map pixels, so drawing needs no
geometry library at run time.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from ..world import data_dir

Point = tuple[float, float]


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
