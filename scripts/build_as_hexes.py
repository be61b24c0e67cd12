"""Lay the Athens & Sparta hex grid over the real coastline: data/athens_sparta/hexes.yaml.

Build-time only (needs shapely, as scripts/build_map.py does; the package never imports it):

    .venv/bin/python scripts/build_as_hexes.py            # write hexes.yaml
    .venv/bin/python scripts/build_as_hexes.py --search   # score other grid origins, write nothing
    .venv/bin/python scripts/build_as_hexes.py --sites    # print the hex of every city site

Method (docs/athens-sparta.md, "The map"):

1. Land is the baked coastline the other boards use (data/hellenes/geometry.json: every land
   area of the main view plus the land outside them), in its map pixels (equirectangular at
   38.5 N, so a pixel is the same ground distance both ways).
2. Flat-topped hexes 30 miles (48.3 km) from centre to centre, the box's scale (rules, "Game
   Scale"), columns numbered west to east and rows north to south, odd columns half a hex
   lower; id "CCRR". The grid's origin is the one (of a 12 x 12 search) that puts the most
   city sites of cities.yaml in hexes of their own.
3. In each hex, the land pieces (``shores``) and water pieces (``coasts``) bigger than a few
   per cent of the hex. A piece is linked to the piece of a neighbour it meets along their
   common side (at least 3 km of shared shore or water). These links are the raw movement
   graph: armies walk from shore to shore, navies row from coast to coast, and a hex with two
   coasts (Euboea) or two shores (a strait) keeps them apart.

Every record written is marked as generated; hand fixes live in the other files of the folder
(terrain.yaml, straits.yaml, cities.yaml), each with its reason, and world.py applies them.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

import shapely
from shapely.geometry import LineString, Point, Polygon

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hellenes_nb.board.geometry import rings  # noqa: E402
from hellenes_nb.core.safeyaml import read_yaml_file  # noqa: E402

GEOMETRY = ROOT / "data" / "hellenes" / "geometry.json"
OUT = ROOT / "data" / "athens_sparta"
HEX_KM = 48.28  # 30 miles, centre to centre
# lon_min, lat_min, lon_max, lat_max of the board: Corcyra to Byzantium and Rhodes; south far
# enough for open sea below Cythera (else Sparta's Cythera and Gytheum would shut Cape Malea to
# Athenian sea moves, which never pass enemy hexes, §4.5)
BOX = (19.3, 35.5, 29.3, 41.45)
ORIGIN = (0.75, 0.5)  # fraction of a column / row the grid is shifted by (from --search)
MIN_SHORE = 0.03  # a land piece smaller than this share of the hex is left out (islets)
MIN_COAST = 0.015  # the same for water
MIN_LINK_PX = 3.5  # shared shore or water along a hexside needed for a link (about 3 km)
# neighbour offsets (dcol, drow) of a flat-topped "odd columns lower" grid, clockwise from N
_EVEN = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
_ODD = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))


def _projection() -> tuple[dict, float]:
    raw = json.loads(GEOMETRY.read_text(encoding="utf-8"))
    proj = raw["projection"]
    px_per_km = proj["px_per_degree"] / 111.195
    return raw, proj, px_per_km


def land_shape(raw: dict) -> shapely.Geometry:
    """Every land area of the main view and the land outside them, as one shape."""
    polys = []
    for shape in list(raw["areas"].values()):
        if shape["view"] == "main":
            polys.append(_even_odd(shape["d"]))
    polys.append(_even_odd(raw["offmap"]["main"]))
    return shapely.make_valid(shapely.union_all(polys)).buffer(0)


def _even_odd(d: str) -> shapely.Geometry:
    out = None
    for ring in rings(d):
        if len(ring) < 3:
            continue
        poly = shapely.make_valid(Polygon(ring))
        out = poly if out is None else out.symmetric_difference(poly)
    return out if out is not None else Polygon()


class Grid:
    """Hex centres and corners in map pixels for one origin."""

    def __init__(self, proj: dict, px_per_km: float, origin: tuple[float, float]):
        self.proj = proj
        self.step = HEX_KM * px_per_km  # centre to centre = across the flats
        self.radius = self.step / math.sqrt(3)
        lon0, lat0, lon1, lat1 = BOX
        self.x0, self.y0 = self.xy(lat1, lon0)
        self.x1, self.y1 = self.xy(lat0, lon1)
        self.ox = self.x0 + origin[0] * 1.5 * self.radius
        self.oy = self.y0 + origin[1] * self.step
        self.cols = int((self.x1 - self.ox) / (1.5 * self.radius)) + 1
        self.rows = int((self.y1 - self.oy) / self.step) + 1

    def xy(self, lat: float, lon: float) -> tuple[float, float]:
        p = self.proj
        k = p["px_per_degree"]
        x = p["x0"] + (lon - p["lon_min"]) * math.cos(math.radians(p["lat_ts"])) * k
        return x, p["y0"] + (p["lat_max"] - lat) * k

    def latlon(self, x: float, y: float) -> tuple[float, float]:
        p = self.proj
        k = p["px_per_degree"]
        lon = p["lon_min"] + (x - p["x0"]) / (math.cos(math.radians(p["lat_ts"])) * k)
        return p["lat_max"] - (y - p["y0"]) / k, lon

    def centre(self, col: int, row: int) -> tuple[float, float]:
        return (self.ox + col * 1.5 * self.radius,
                self.oy + row * self.step + (self.step / 2 if col % 2 else 0))

    def corners(self, col: int, row: int) -> list[tuple[float, float]]:
        cx, cy = self.centre(col, row)
        return [(cx + self.radius * math.cos(math.radians(a)),
                 cy + self.radius * math.sin(math.radians(a))) for a in range(0, 360, 60)]

    def neighbours(self, col: int, row: int) -> list[tuple[int, int]]:
        return [(col + dc, row + dr) for dc, dr in (_ODD if col % 2 else _EVEN)]

    def side(self, col: int, row: int, direction: int) -> LineString:
        """The hexside towards neighbour ``direction`` (0 = north, clockwise)."""
        c = self.corners(col, row)  # corners at 0, 60, ... degrees (y down: clockwise from E)
        pairs = {0: (4, 5), 1: (5, 0), 2: (0, 1), 3: (1, 2), 4: (2, 3), 5: (3, 4)}
        a, b = pairs[direction]
        return LineString([c[a], c[b]])

    def locate(self, x: float, y: float) -> tuple[int, int]:
        """The hex holding a point (the nearest centre)."""
        best = None
        guess = round((x - self.ox) / (1.5 * self.radius))
        for col in range(guess - 1, guess + 2):
            off = self.step / 2 if col % 2 else 0
            row0 = round((y - self.oy - off) / self.step)
            for row in range(row0 - 1, row0 + 2):
                cx, cy = self.centre(col, row)
                d = (cx - x) ** 2 + (cy - y) ** 2
                if best is None or d < best[0]:
                    best = (d, col, row)
        return best[1], best[2]

    def inside(self, col: int, row: int) -> bool:
        x, y = self.centre(col, row)
        return 0 <= col < self.cols and 0 <= row < self.rows and \
            self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1


def hex_id(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def sites() -> list[dict]:
    return [c for c in read_yaml_file(OUT / "cities.yaml") if "lat" in c]


def score(grid: Grid, places: list[dict]) -> int:
    """City sites sharing a hex with another site (fewer is better)."""
    seen: dict[tuple[int, int], int] = {}
    for c in places:
        h = grid.locate(*grid.xy(c["lat"], c["lon"]))
        seen[h] = seen.get(h, 0) + 1
    return sum(n for n in seen.values() if n > 1)


def pieces(shape: shapely.Geometry, minimum: float) -> list[shapely.Geometry]:
    geoms = getattr(shape, "geoms", [shape])
    return sorted((g for g in geoms if g.area >= minimum and g.geom_type == "Polygon"),
                  key=lambda g: -g.area)


def build(grid: Grid, land: shapely.Geometry) -> list[dict]:
    cells = {}
    hex_area = 1.5 * math.sqrt(3) * grid.radius ** 2
    for col in range(grid.cols):
        for row in range(grid.rows):
            if not grid.inside(col, row):
                continue
            poly = Polygon(grid.corners(col, row))
            on_land = poly.intersection(land)
            water = poly.difference(land)
            cells[(col, row)] = {
                "poly": poly,
                "land": on_land.area / hex_area,
                "shores": pieces(on_land, MIN_SHORE * hex_area),
                "coasts": pieces(water, MIN_COAST * hex_area),
            }
    out = []
    for (col, row), cell in sorted(cells.items()):
        lat, lon = grid.latlon(*grid.centre(col, row))
        record = {"id": hex_id(col, row), "lat": round(lat, 3), "lon": round(lon, 3),
                  "land": round(cell["land"], 2)}
        for kind in ("shores", "coasts"):
            links: list[list[str]] = [[] for _ in cell[kind]]
            for direction, (nc, nr) in enumerate(grid.neighbours(col, row)):
                other = cells.get((nc, nr))
                if other is None:
                    continue
                edge = grid.side(col, row, direction)
                for i, mine in enumerate(cell[kind]):
                    here = edge.intersection(mine.buffer(0.5))
                    if here.length < MIN_LINK_PX:
                        continue
                    for j, theirs in enumerate(other[kind]):
                        there = here.intersection(theirs.buffer(0.5))
                        if there.length >= MIN_LINK_PX:
                            links[i].append(f"{hex_id(nc, nr)}/{j}")
            record[kind] = links
        out.append(record)
    return out


def _print_sites(grid: Grid, land: shapely.Geometry, places: list[dict]) -> None:
    """Each city site: its hex, and the land piece of that hex nearest to it."""
    hex_area = 1.5 * math.sqrt(3) * grid.radius ** 2
    for c in places:
        x, y = grid.xy(c["lat"], c["lon"])
        col, row = grid.locate(x, y)
        shores = pieces(Polygon(grid.corners(col, row)).intersection(land), MIN_SHORE * hex_area)
        near = min(range(len(shores)), key=lambda i: shores[i].distance(Point(x, y)),
                   default=None)
        print(f"{c['id']:14} {hex_id(col, row)} shore {near} of {len(shores)}")


def write(records: list[dict], grid: Grid, out: Path = OUT) -> None:
    lines = [
        "# GENERATED by scripts/build_as_hexes.py from the coastline of",
        "# data/hellenes/geometry.json (GSHHG, see data/hellenes/GEOMETRY-LICENSE.md); do not",
        "# edit by hand: hand fixes go in",
        "# terrain.yaml, straits.yaml and cities.yaml with their reasons.",
        "# Each hex: centre (lat, lon), share of land, its land pieces ('shores') and water",
        "# pieces ('coasts'), each listing the pieces of neighbours it meets ('HEX/piece').",
        f"hex_km: {HEX_KM}",
        f"origin: [{ORIGIN[0]}, {ORIGIN[1]}]",
        f"columns: {grid.cols}",
        f"rows: {grid.rows}",
        "source: reconstruction, generated from the real coastline at the box's scale of 30 "
        "miles a hex",
        "hexes:",
    ]
    for r in records:
        shores = json.dumps(r["shores"]).replace('"', "")
        coasts = json.dumps(r["coasts"]).replace('"', "")
        lines.append(f'- {{id: "{r["id"]}", lat: {r["lat"]}, lon: {r["lon"]}, land: {r["land"]}, '
                     f'shores: {shores}, coasts: {coasts}}}')
    (out / "hexes.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--search", action="store_true", help="score grid origins, write nothing")
    args.add_argument("--sites", action="store_true", help="print the hex of every city site")
    args.add_argument("--out", type=Path, default=OUT, help="folder to write hexes.yaml in")
    opts = args.parse_args(argv)
    raw, proj, px_per_km = _projection()
    places = sites()
    if opts.search:
        scored = sorted((score(Grid(proj, px_per_km, (a / 12, b / 12)), places), a / 12, b / 12)
                        for a in range(12) for b in range(12))
        for s, a, b in scored[:8]:
            print(f"origin ({a:.3f}, {b:.3f}): {s} sites share a hex")
        return 0
    grid = Grid(proj, px_per_km, ORIGIN)
    land = land_shape(raw)
    if opts.sites:
        _print_sites(grid, land, places)
        return 0
    records = build(grid, land)
    write(records, grid, opts.out)
    print(f"{len(records)} hexes ({grid.cols} columns x {grid.rows} rows), "
          f"{sum(1 for r in records if r['shores'])} with land")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
