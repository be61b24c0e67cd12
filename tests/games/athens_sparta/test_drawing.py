"""Athens & Sparta: the hex map drawing (SVG over the shared coastline)."""

from __future__ import annotations

import math
import re

from hellenes_nb.board import read_geometry, ring_contains
from hellenes_nb.games.athens_sparta import drawing
from hellenes_nb.games.athens_sparta.world import load_world


def test_the_map_draws_every_hex_city_and_the_syracuse_box():
    world = load_world()
    svg = drawing.map_svg(world)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert len(re.findall(r"<title>\d{4} (?:sea|clear|mountain)</title>", svg)) == \
        len(world.hexes) == 284
    for city in world.cities.values():
        assert f">{city.name}" in svg
    assert "SICILY (off-board)" in svg and "Syracuse 4" in svg
    for strait in world.straits.values():
        assert f"<title>{strait.name}</title>" in svg


def test_every_city_is_drawn_inside_its_own_hex():
    """A city moved off its real site by hand (cities.yaml 'moved') is still drawn in the hex
    the rules use, not where its real site lies."""
    world = load_world()
    geo = read_geometry(drawing._GEOMETRY)
    radius = world.hex_km * geo.projection["px_per_degree"] / 111.195 / math.sqrt(3)

    class Canvas:  # the one attribute _site reads
        pass

    canvas = Canvas()
    canvas.geo = geo
    moved = 0
    for city in world.cities.values():
        if city.offboard:
            continue
        h = world.hexes[city.hex]
        cx, cy = geo.to_map(h.lat, h.lon)
        x, y = drawing._site(canvas, city, (cx, cy), radius)
        assert ring_contains(drawing._corners(cx, cy, radius), (x, y)), city.id
        moved += city.moved is not None
    assert moved >= 5
