"""The baked geometry.json against the real world data, and the full rendered map."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from hellenes_nb.board.geometry import ring_area, ring_contains, rings
from hellenes_nb.cli import build_parser
from hellenes_nb.games.hellenes.render.geometry import load_geometry
from hellenes_nb.games.hellenes.render.svg import render_map_svg
from hellenes_nb.games.hellenes.world import load_world

SVG = "{http://www.w3.org/2000/svg}"
MAX_ISLET_PX2 = 400  # far smaller than any mainland ring

# islands the map must show, the area owning each, and a point on it (lat, lon)
ISLETS = {
    "Sphacteria": ("pylos", 36.935, 21.665),
    "Salamis": ("attica", 37.93, 23.48),
    "Aegina": ("aegina", 37.73, 23.50),
    "Delos": ("naxos", 37.397, 25.268),
}


@pytest.fixture(scope="module")
def world():
    return load_world()


@pytest.fixture(scope="module")
def geo():
    return load_geometry()


@pytest.fixture(scope="module")
def svg_431():
    return render_map_svg("431")


def test_every_area_and_sea_has_a_shape(world, geo):
    assert set(geo.areas) == set(world.areas)
    assert set(geo.seas) == set(world.seas)
    for shape in [*geo.areas.values(), *geo.seas.values()]:
        assert rings(shape.d), f"{shape.id} has an empty path"


def test_cities_and_towns_have_symbols(world, geo):
    for area_id, area in world.areas.items():
        has_site = area.city is not None or area.town is not None
        assert (geo.areas[area_id].symbol is not None) == has_site, area_id


def test_shapes_lie_inside_the_view_box(geo):
    _, _, w, h = geo.view_box
    for shape in [*geo.areas.values(), *geo.seas.values()]:
        for ring in rings(shape.d):
            xs, ys = [p[0] for p in ring], [p[1] for p in ring]
            assert -0.5 <= min(xs) and max(xs) <= w + 0.5, shape.id
            assert -0.5 <= min(ys) and max(ys) <= h + 0.5, shape.id


def test_inset_holds_exactly_the_sicily_region(world, geo):
    for pid in [*world.areas, *world.seas]:
        place = world.place(pid)
        expected = "inset" if place.region == "sicily" else "main"
        assert geo.shape(pid).view == expected, pid
    assert geo.shape("gulf_of_rhegium").view == "inset"
    x, y, w, h = geo.inset_frame
    for shape in [*geo.areas.values(), *geo.seas.values()]:
        if shape.view == "inset":
            lx, ly = shape.label
            assert x <= lx <= x + w and y <= ly <= y + h, shape.id


@pytest.mark.parametrize("name", sorted(ISLETS))
def test_islets_exist_as_land_of_their_area(geo, name):
    owner, lat, lon = ISLETS[name]
    pt = geo.to_map(lat, lon)
    holding = [r for r in rings(geo.areas[owner].d) if ring_contains(r, pt)]
    assert holding, f"{name} is not part of {owner}"
    assert ring_area(holding[0]) < MAX_ISLET_PX2, f"{name} should be its own island ring"


def _segment_distance(p, a, b):
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = 0.0 if dx == dy == 0 else ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)
    t = min(1.0, max(0.0, t))
    return ((px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2) ** 0.5


def test_ports_sit_on_their_offshore_sea(world, geo):
    """§1.3: a port's symbol is drawn at the shore of its single offshore sea."""
    for area_id, area in world.areas.items():
        if area.city is None or not area.city.port:
            continue
        sym = geo.areas[area_id].symbol
        sea = geo.seas[area.city.offshore_sea]
        near = min(
            _segment_distance(sym, ring[i], ring[(i + 1) % len(ring)])
            for ring in rings(sea.d)
            for i in range(len(ring))
        )
        # the hexagon's centre sits 6 px inland, more where two symbols were pushed apart
        assert near < 12, f"{area.city.name} is {near:.0f} px from its sea"


def test_full_map_parses_with_one_element_per_place(world, svg_431):
    root = ET.fromstring(svg_431)
    ids = Counter(el.get("data-area") for el in root.iter() if el.get("data-area"))
    assert set(ids) == set(world.areas) | set(world.seas)
    assert set(ids.values()) == {1}


@pytest.mark.rule("1.3")
def test_1_3_city_values_are_shown(world, svg_431):
    root = ET.fromstring(svg_431)
    shown = {
        g.get("data-city"): g.find(f"{SVG}text").text
        for g in root.iter(f"{SVG}g")
        if g.get("data-city")
    }
    expected = {a: str(ar.city.value) for a, ar in world.areas.items() if ar.city is not None}
    assert shown == expected


def test_431_badges_count_the_setup(world, svg_431):
    setup = world.scenarios["431"].setup
    root = ET.fromstring(svg_431)
    badges = Counter()
    for g in root.iter(f"{SVG}g"):
        if g.get("data-badge"):
            badges[(g.get("data-badge"), g.get("data-side"))] += int(g.get("data-count"))
    assert badges == Counter((e.area, e.side) for e in setup)


def test_cli_writes_the_map(tmp_path, capsys):
    parser = build_parser()
    out = tmp_path / "map.svg"
    args = parser.parse_args(["map", "--scenario", "431", "--svg", str(out), "--width", "900"])
    assert args.func(args) == 0
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.get("width") == "900"
    assert "wrote" in capsys.readouterr().out


def test_cli_rejects_unknown_scenario(capsys):
    parser = build_parser()
    with pytest.raises(SystemExit) as stop:  # refused while the arguments are read
        parser.parse_args(["map", "--scenario", "999"])
    assert stop.value.code == 2
    assert "unknown scenario '999'" in capsys.readouterr().err
