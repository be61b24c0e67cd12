"""The reconstructed *Athens & Sparta* hex map drawn over the real coastline (the shared
``board/`` layer: the same baked coast as the Hellenes and Earth & Water boards).

:func:`map_svg` returns a standalone SVG: land and sea, the hex grid, mountains, passes,
rivers, straits arrows, the Persian border, cities by colour (walled as hexagons, unwalled as
circles, with their points), the two oracles, and the off-board Syracuse box with its four
embarkation ports. It reads no game rules; it is a picture of the data.
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from xml.sax.saxutils import escape

from hellenes_nb.board import Canvas, palette, read_geometry, text
from hellenes_nb.games.athens_sparta.world import World, data_dir

__all__ = ["COLOURS", "ORDER", "map_svg"]

COLOURS = {"athens": "#2f6db5", "sparta": "#b8322a", "neutral": "#3f8a3a",
           "persia": "#d9822b", "none": "#222222"}
MOUNTAIN = "#a08660"
PERSIA_TINT = "#f3c995"
#: the coastline the other boards draw, found as Earth & Water finds it (next to this game's data,
#: in a wheel or in the source checkout)
_GEOMETRY = data_dir().parent / "hellenes" / "geometry.json"


def _corners(x: float, y: float, r: float) -> list[tuple[float, float]]:
    return [(x + r * math.cos(math.radians(a)), y + r * math.sin(math.radians(a)))
            for a in range(0, 360, 60)]


def _poly(points: list[tuple[float, float]]) -> str:
    return "M" + " L".join(f"{x:.1f} {y:.1f}" for x, y in points) + " Z"


def map_svg(world: World, width: float | None = 1400, geometry: Path | str | None = None,
            grid_ids: bool = True) -> str:
    """The whole map as one SVG document."""
    canvas, _centre, _radius = _map(world, geometry, grid_ids)
    return canvas.document(width, "Athens & Sparta: reconstructed hex map", ORDER)


#: the map's layers, bottom to top (the board adds its own between them, :mod:`.boardsvg`)
ORDER = ("land", "tint", "coast", "grid", "ids", "sides", "straits", "cities", "names",
         "syracuse")


def _map(world: World, geometry: Path | str | None, grid_ids: bool,
         control: dict[str, str] | None = None,
         scale: float = 1.0) -> tuple[Canvas, dict, float]:
    """The map's canvas with every layer drawn, each hex's centre and the hexes' radius;
    ``control`` colours each city by its owner now (default: its colour at the start);
    ``scale`` draws the cities and their names larger (a classroom's projector)."""
    geo = read_geometry(geometry or _GEOMETRY)
    k = geo.projection["px_per_degree"] / 111.195
    step = world.hex_km * k
    radius = step / math.sqrt(3)
    centre = {h.id: geo.to_map(h.lat, h.lon) for h in world.hexes.values()}
    xs = [p[0] for p in centre.values()]
    ys = [p[1] for p in centre.values()]
    box = (min(xs) - radius, min(ys) - radius, max(xs) - min(xs) + 2 * radius,
           max(ys) - min(ys) + 2 * radius)
    canvas = Canvas(replace(geo, view_box=box))
    canvas.add("land", f'<path d="{geo.coast["main"]}" fill="{palette.LAND}" '
               'fill-rule="evenodd" stroke="none"/>')
    canvas.draw_coast("coast")
    for h in world.hexes.values():
        x, y = centre[h.id]
        d = _poly(_corners(x, y, radius))
        fill = "none"
        if h.terrain == "mountain":
            fill = MOUNTAIN
        elif h.persia:
            fill = PERSIA_TINT
        if fill != "none":
            canvas.add("tint", f'<path d="{d}" fill="{fill}" fill-opacity="0.45"/>')
        canvas.add("grid", f'<path d="{d}" fill="none" stroke="#7d8a96" stroke-width="0.5" '
                   f'stroke-opacity="0.7"><title>{h.id} {h.terrain}</title></path>')
        if grid_ids:
            canvas.add("ids", text(x, y - radius * 0.62, h.id, 6.5, anchor="middle",
                                   colour="#6b7785", halo=False))
    _sides(canvas, world, centre, radius)
    _cities(canvas, world, centre, radius, control or {}, scale)
    _syracuse(canvas, world, centre, box)
    return canvas, centre, radius


def _side_line(a: tuple[float, float], b: tuple[float, float], radius: float) -> tuple:
    """The common side of two neighbouring hexes (centres a, b) as two end points."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = math.hypot(dx, dy)
    px, py = -dy / n * radius / 2, dx / n * radius / 2
    return (mx + px, my + py), (mx - px, my - py)


def _sides(canvas: Canvas, world: World, centre: dict, radius: float) -> None:
    done = set()
    for a, neighbours in world.land_links.items():
        for b in neighbours:
            key = frozenset((a, b))
            if key in done:
                continue
            done.add(key)
            kind = world.side(a, b)
            (x1, y1), (x2, y2) = _side_line(centre[a], centre[b], radius)
            if kind == "mountain":
                canvas.add("sides", f'<path d="M{x1:.1f} {y1:.1f} L{x2:.1f} {y2:.1f}" '
                           f'stroke="#5b4526" stroke-width="3.2" stroke-linecap="round"/>')
            elif kind == "pass":
                canvas.add("sides", f'<path d="M{x1:.1f} {y1:.1f} L{x2:.1f} {y2:.1f}" '
                           'stroke="#5b4526" stroke-width="3.2" stroke-dasharray="4 3"/>')
    for key, name in world.rivers.items():
        a, b = sorted(key)
        (x1, y1), (x2, y2) = _side_line(centre[a], centre[b], radius)
        canvas.add("sides", f'<path d="M{x1:.1f} {y1:.1f} L{x2:.1f} {y2:.1f}" stroke="#3b7fc4" '
                   f'stroke-width="2"><title>{escape(name)}</title></path>')
    persia = {h for h, x in world.hexes.items() if x.persia}
    for a in persia:
        for b in world.land_links.get(a, ()):
            if b not in persia:
                (x1, y1), (x2, y2) = _side_line(centre[a], centre[b], radius)
                canvas.add("sides", f'<path d="M{x1:.1f} {y1:.1f} L{x2:.1f} {y2:.1f}" '
                           'stroke="#c0641b" stroke-width="2.6"/>')
    for s in world.straits.values():
        x, y = _site(canvas, world.city_at(s.hex), centre[s.hex], radius)  # from the city
        for far in s.far:
            fx, fy = centre[far]
            tx, ty = x + (fx - x) * 0.45, y + (fy - y) * 0.45
            n = math.hypot(fx - x, fy - y)
            hx, hy = (fx - x) / n, (fy - y) / n
            head = [(tx, ty), (tx - 7 * hx + 4 * hy, ty - 7 * hy - 4 * hx),
                    (tx - 7 * hx - 4 * hy, ty - 7 * hy + 4 * hx)]
            canvas.add("straits", f'<path d="M{x:.1f} {y:.1f} L{tx:.1f} {ty:.1f}" '
                       f'stroke="#1f5fa8" stroke-width="2.4"><title>{escape(s.name)}'
                       f'</title></path><path d="{_poly(head)}" fill="#1f5fa8"/>')


def _cities(canvas: Canvas, world: World, centre: dict, radius: float,
            control: dict[str, str], scale: float = 1.0) -> None:
    for c in world.cities.values():
        if c.offboard:
            continue
        x, y = _site(canvas, c, centre[c.hex], radius)
        colour = COLOURS.get(control.get(c.id, c.colour), COLOURS["none"])
        size = (6.5 if c.value else 4.5) * scale
        if c.kind == "oracle":
            canvas.add("cities", f'<path d="{_poly(_corners(x, y, 5))}" fill="#fff" '
                       f'stroke="#7a4fb0" stroke-width="2"/>')
        elif c.walled:
            canvas.add("cities", f'<path d="{_poly(_corners(x, y, size))}" fill="{colour}" '
                       'stroke="#fff" stroke-width="1"/>')
        else:
            canvas.add("cities", f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size:.1f}" '
                       f'fill="{colour}" stroke="#fff" stroke-width="1"/>')
        if c.value:
            canvas.add("cities", text(x, y + 3 * scale, str(c.value), 8 * scale, anchor="middle",
                                      weight="bold", colour="#fff", halo=False))
        label = c.name + ("" if c.port or c.kind != "city" else " ·")
        canvas.add("names", text(x, y + size + 9 * scale, label, 9 * scale ** 1.6,
                                 anchor="middle",
                                 weight="bold" if c.value else "normal",
                                 colour=colour if c.kind == "city" else palette.INK))


def _site(canvas: Canvas, city, hex_centre: tuple[float, float], radius: float) -> tuple:
    """Where a city is drawn: its real site when that lies in its hex, else the point of its
    hex halfway towards the real site (a city moved by hand, see cities.yaml 'moved')."""
    sx, sy = canvas.geo.to_map(city.lat, city.lon)
    cx, cy = hex_centre
    d = math.hypot(sx - cx, sy - cy)
    if d <= radius * 0.8:
        return sx, sy
    return cx + (sx - cx) / d * radius * 0.5, cy + (sy - cy) / d * radius * 0.5


def _syracuse(canvas: Canvas, world: World, centre: dict, box: tuple) -> None:
    syr = world.cities[world.board.syracuse]
    x, y = box[0] + 12, box[1] + box[3] - 150
    canvas.add("syracuse", f'<rect x="{x}" y="{y}" width="120" height="54" fill="{palette.HALO}" '
               f'stroke="{COLOURS[syr.colour]}" stroke-width="2"/>')
    canvas.add("syracuse", text(x + 60, y + 22, "SICILY (off-board)", 10, anchor="middle",
                                weight="bold"))
    canvas.add("syracuse", text(x + 60, y + 40, f"{syr.name} {syr.value}", 10, anchor="middle",
                                colour=COLOURS[syr.colour]))
    for port in world.board.embarkation:
        px, py = centre[world.cities[port].hex]
        canvas.add("syracuse", f'<path d="M{x + 120} {y + 27} L{px:.1f} {py:.1f}" '
                   'stroke="#222" stroke-width="1" stroke-dasharray="5 4" fill="none"/>')
