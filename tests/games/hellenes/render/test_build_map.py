"""The build-time bake (scripts/build_map.py) on toy shapes; needs the build-map extra."""

from __future__ import annotations

import importlib.util
import math
import sys

import pytest
from support.paths import SCRIPTS

shapely = pytest.importorskip("shapely")

from hellenes_nb.board.geometry import path_contains, rings  # noqa: E402

SCRIPT = SCRIPTS / "build_map.py"
spec = importlib.util.spec_from_file_location("build_map", SCRIPT)
bm = importlib.util.module_from_spec(spec)
sys.modules["build_map"] = bm  # dataclasses look their module up while the script loads
spec.loader.exec_module(bm)

# a frame where (lon, lat) = (x / cos 38.5°, 100 - y): seeds can be given in pixels
FRAME = bm.Frame(lon_min=0.0, lat_max=100.0, px_per_degree=1.0)


def seed(x: float, y: float) -> tuple[float, float]:
    return (100.0 - y, x / math.cos(math.radians(bm.LAT_TS)))


def place(pid: str, kind: str, *points: tuple[float, float]) -> bm.Place:
    seeds = [seed(*p) for p in points]
    return bm.Place(pid, kind, False, seeds, seeds[0])


def test_path_data_round_trips_through_the_runtime_reader():
    poly = shapely.Polygon([(0, 0), (10.04, 0), (10, 5.55), (0, 5)], [[(2, 2), (3, 2), (3, 3)]])
    d = bm.path_d(poly)
    assert d.startswith("M0 0l")
    assert rings(d) == [
        [(0, 0), (10.0, 0), (10.0, 5.6), (0.0, 5.0)],
        [(2, 2), (3.0, 2.0), (3.0, 3.0)],
    ]
    assert path_contains(d, (5, 1)) and not path_contains(d, (2.8, 2.5))


def test_short_numbers():
    assert [bm.num(v) for v in (0, 5, -5, 10, -15, 123)] == ["0", ".5", "-.5", "1", "-1.5", "12.3"]


def test_voronoi_cell_across_a_gulf_goes_back_to_the_land_neighbour():
    """Geodesic-on-land: the right arm of a U is reachable from A only across water."""
    land = shapely.box(0, 0, 100, 100).difference(shapely.box(30, 0, 70, 80))
    view = bm.View(
        "toy",
        FRAME,
        shapely.box(-20, -20, 120, 120),
        [
            place("a", "land", (15, 15)),
            place("b", "land", (50, 95)),
            place("gulf", "sea", (50, 40)),
            place("open", "sea", (50, 115)),
        ],
    )
    shapes = bm.partition(view, [land])
    right_arm_foot = shapely.Point(85, 10)
    # plain Voronoi would give it to a (nearer across the gulf); the bake gives it to b
    assert right_arm_foot.distance(shapely.Point(15, 15)) < right_arm_foot.distance(
        shapely.Point(50, 95)
    )
    assert shapes["b"].contains(right_arm_foot)
    assert not shapes["a"].intersects(shapely.box(70, 0, 100, 80))
    # land and sea cover the view without overlaps
    total = sum(g.area for g in shapes.values())
    assert total == pytest.approx(view.rect.area, rel=1e-6)


def test_seedless_island_joins_nearest_area_or_stays_off_map():
    main = shapely.box(0, 0, 40, 40)
    near_islet = shapely.box(43, 10, 48, 15)  # 3 px away
    far_islet = shapely.box(90, 90, 95, 95)
    view = bm.View(
        "toy",
        FRAME,
        shapely.box(0, 0, 100, 100),
        [place("mainland", "land", (20, 20)), place("sea", "sea", (70, 50))],
    )
    shapes = bm.partition(view, [main, near_islet, far_islet])
    assert shapes["mainland"].contains(shapely.Point(45, 12))
    assert shapes["_offmap"].contains(shapely.Point(92, 92))


def test_check_lists_both_kinds_of_disagreement(tmp_path):
    view = bm.View(
        "main",
        FRAME,
        shapely.box(0, 0, 100, 100),
        [place("a", "land", (10, 10)), place("b", "land", (30, 10)), place("s", "sea", (80, 80))],
    )
    baked = bm.Baked(
        view,
        {
            "a": shapely.box(0, 0, 20, 20),
            "b": shapely.box(20, 0, 40, 20),
            "s": shapely.box(40, 0, 100, 100),
        },
    )
    (tmp_path / "borders.csv").write_text(
        "a,b,type,source\na,s,coast,test\na,b,land,test\n", encoding="utf-8"
    )
    problems = bm.check_borders([baked], tmp_path)
    assert problems == [
        "in borders.csv (coast) but not touching on the map: a - s",
        "touching on the map but not in borders.csv: b - s",
    ]
