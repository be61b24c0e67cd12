"""The static Hellenes map as one standalone SVG document.

``render_map_svg()`` draws the baked geometry with the world data: land tinted by the
nationality of its city or town (§1.32), seas in water colour, deep-sea borders as thick lines
(§5.22) and narrows as double lines (§6.5), nation borders thicker than province borders (§1.1),
cities as squares and ports as hexagons carrying their value (§1.3), towns as circles, the
Sicily inset, and for a scenario the blocks of its setup counted per side and area (§15).

Every land area and sea is one ``<path data-area="id">`` so widgets can hook clicks onto it.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any
from xml.sax.saxutils import escape

from hellenes_nb.games.hellenes.render import style
from hellenes_nb.games.hellenes.render.geometry import (
    Geometry,
    Shape,
    load_geometry,
    ring_contains,
    rings,
)

AREA_FONT = 9.0
CITY_FONT = 10.5
SEA_FONT = 10.0
SYMBOL = 6.5  # half the side of a city square; a port hexagon has this circumradius + 1
TOWN_R = 3.6
BADGE_H = 11.0


def render_map_svg(
    scenario: str | None = None,
    width: float | None = 1100,
    *,
    world: Any = None,
    geometry: Geometry | None = None,
) -> str:
    """The map as an SVG string; with ``scenario`` (e.g. ``"431"``) its setup is shown.

    ``width`` sets the drawn width in pixels (``None`` leaves the SVG to fill its container).
    ``world`` and ``geometry`` default to the packaged data.
    """
    if world is None:
        from hellenes_nb.games.hellenes.world import load_world

        world = load_world()
    geometry = geometry or load_geometry()
    sc = None
    if scenario is not None:
        if scenario not in world.scenarios:
            known = ", ".join(sorted(world.scenarios)) or "none"
            raise ValueError(f"unknown scenario {scenario!r}; the data has: {known} (§15)")
        sc = world.scenarios[scenario]
    canvas = _Canvas(geometry, world)
    canvas.draw(sc)
    return canvas.document(width, sc)


@dataclass
class _Canvas:
    """Collects the SVG layers of one map drawing."""

    geo: Geometry
    world: Any
    layers: dict[str, list[str]] = field(default_factory=dict)
    taken: list[tuple[float, float, float, float]] = field(default_factory=list)

    def add(self, layer: str, element: str) -> None:
        self.layers.setdefault(layer, []).append(element)

    # -- layers -------------------------------------------------------------------------------

    def draw(self, sc: Any) -> None:
        self._check_complete()
        x, y, w, h = self.geo.inset_frame
        self.add(
            "inset_bg", f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{style.WATER}"/>'
        )
        for sea_id in self.world.seas:
            sea = self.world.seas[sea_id]
            self.add("seas", _path(self.geo.seas[sea_id], "sea", style.WATER, sea.name))
        for view, d in self.geo.offmap.items():
            self.add(
                "offmap", f'<path class="offmap" data-view="{view}" d="{d}" fill="{style.OFFMAP}"/>'
            )
        for area_id, area in self.world.areas.items():
            self.add("land", _path(self.geo.areas[area_id], "land", self._tint(area), _hover(area)))
        if sc is not None:
            self._neutral_hatch(sc)
        self._borders()
        for view, d in self.geo.coast.items():
            self.add(
                "coast",
                f'<path class="coast" data-view="{view}" d="{d}" fill="none" '
                f'stroke="{style.COAST}" stroke-width="0.8" stroke-linejoin="round"/>',
            )
        self._legend(sc)
        self._inset_frame()
        self._symbols()
        if sc is not None:
            self._badges(sc)
        self._names()

    def _check_complete(self) -> None:
        missing = [a for a in self.world.areas if a not in self.geo.areas]
        missing += [s for s in self.world.seas if s not in self.geo.seas]
        if missing:
            raise ValueError(
                "geometry.json lacks shapes for " + ", ".join(sorted(missing)) + "; re-run "
                "scripts/build_map.py after changing areas.yaml or seas.yaml"
            )

    def _nationality_colour(self, site: Any) -> str | None:
        if site is None:
            return None
        nat = self.world.nationalities.get(site.nationality)
        return nat.colour if nat is not None else None

    def _tint(self, area: Any) -> str:
        """Tint by the area's own city or town, else by the usual nationality of its nation."""
        site = area.city or area.town
        if site is None:
            nats = Counter(
                (a.city or a.town).nationality
                for a in self.world.areas.values()
                if a.nation == area.nation and (a.city or a.town) is not None
            )
            if not nats:
                return style.LAND
            site = _Site(nats.most_common(1)[0][0])
        return style.land_tint(self._nationality_colour(site))

    def _neutral_hatch(self, sc: Any) -> None:
        """Hatch the areas the scenario keeps neutral (§15: may not be entered)."""
        listed = set(sc.neutral)
        for area_id, area in self.world.areas.items():
            if (
                area_id in listed
                or area.nation in listed
                or area.region in listed
                or sc.id in area.neutral_in
            ):
                d = self.geo.areas[area_id].d
                self.add("hatch", f'<path d="{d}" fill="url(#neutral-hatch)" stroke="none"/>')

    def _borders(self) -> None:
        types = {tuple(sorted((b.a, b.b))): b.type for b in self.world.borders}
        for line in self.geo.borders:
            kind = types.get(tuple(sorted((line.a, line.b))))
            both_sea = line.a in self.world.seas and line.b in self.world.seas
            attrs = f'data-border="{line.a}|{line.b}" d="{line.d}" fill="none"'
            if both_sea and kind == "deepsea":
                self.add(
                    "sea_borders",
                    f'<path class="deepsea" {attrs} stroke="{style.DEEP_LINE}" '
                    'stroke-width="2.6" stroke-linecap="round"/>',
                )
            elif both_sea and kind == "narrows":
                self.add(
                    "sea_borders",
                    f'<path class="narrows" {attrs} stroke="{style.DEEP_LINE}" stroke-width="3.4"/>'
                    f'<path d="{line.d}" fill="none" stroke="{style.WATER}" stroke-width="1.3"/>',
                )
            elif both_sea:
                self.add(
                    "sea_borders",
                    f'<path class="sea-border" {attrs} stroke="{style.SEA_LINE}" '
                    'stroke-width="0.8"/>',
                )
            else:
                a, b = self.world.areas.get(line.a), self.world.areas.get(line.b)
                nation = a is not None and b is not None and a.nation != b.nation
                colour, width = (style.NATION_LINE, 1.5) if nation else (style.LAND_LINE, 0.6)
                cls = "nation-border" if nation else "land-border"
                self.add(
                    "land_borders",
                    f'<path class="{cls}" {attrs} stroke="{colour}" stroke-width="{width}" '
                    'stroke-linejoin="round"/>',
                )
        for b in self.world.borders:
            if b.type == "strait":
                self._strait(b.a, b.b)

    def _strait(self, a: str, b: str) -> None:
        """A dotted crossing between two land areas joined by a short sea passage."""
        sa, sb = self.geo.shape(a), self.geo.shape(b)
        if sa.view != sb.view:
            return
        (x1, y1), (x2, y2) = sa.symbol or sa.label, sb.symbol or sb.label
        self.add(
            "land_borders",
            f'<line class="strait" data-border="{a}|{b}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
            f'stroke="{style.NATION_LINE}" stroke-width="1.2" stroke-dasharray="1.5 2.5"/>',
        )

    def _inset_frame(self) -> None:
        x, y, w, h = self.geo.inset_frame
        self.add(
            "frame",
            f'<rect class="inset-frame" x="{x}" y="{y}" width="{w}" height="{h}" fill="none" '
            f'stroke="{style.INK}" stroke-width="1.6"/>',
        )
        self.add(
            "frame",
            _text(x + 8, y + 18, self.geo.inset_title.upper(), 13, weight="bold", spacing=3),
        )
        links = []
        for b in self.world.borders:
            va, vb = self.geo.shape(b.a).view, self.geo.shape(b.b).view
            if va != vb:
                inner, outer = (b.a, b.b) if va == "inset" else (b.b, b.a)
                links.append(f"{self.world.place(inner).name} – {self.world.place(outer).name}")
        for i, link in enumerate(sorted(links)):
            self.add(
                "frame",
                _text(
                    x + w - 6,
                    y + h - 8 - 12 * i,
                    f"↔ {link}",
                    8.5,
                    anchor="end",
                    italic=True,
                    colour=style.SEA_INK,
                ),
            )
        self._reserve(x, y, 12 + 0.75 * 13 * len(self.geo.inset_title) * 1.3, 26)

    def _symbols(self) -> None:
        for area_id, area in self.world.areas.items():
            shape = self.geo.areas[area_id]
            if shape.symbol is None or (area.city is None and area.town is None):
                continue
            x, y = shape.symbol
            if area.city is not None:
                colour = self._nationality_colour(area.city) or style.LAND
                text = style.ink_on(colour)
                if area.city.port:
                    pts = " ".join(
                        f"{x + (SYMBOL + 1) * math.cos(math.radians(a)):.1f},"
                        f"{y + (SYMBOL + 1) * math.sin(math.radians(a)):.1f}"
                        for a in range(0, 360, 60)
                    )
                    body = f'<polygon points="{pts}"'
                else:
                    s = SYMBOL
                    body = f'<rect x="{x - s:.1f}" y="{y - s:.1f}" width="{2 * s}" height="{2 * s}"'
                self.add(
                    "symbols",
                    f'<g class="{"port" if area.city.port else "city"}" data-city="{area_id}">'
                    f'{body} fill="{colour}" stroke="{style.INK}" stroke-width="0.9"/>'
                    f'<text x="{x:.1f}" y="{y + 3.3:.1f}" font-size="9.5" font-weight="bold" '
                    f'text-anchor="middle" font-family="Arial, Helvetica, sans-serif" '
                    f'fill="{text}">{area.city.value}</text></g>',
                )
                self._reserve(x - SYMBOL - 1, y - SYMBOL - 1, 2 * SYMBOL + 2, 2 * SYMBOL + 2)
            else:
                colour = self._nationality_colour(area.town) or style.LAND
                self.add(
                    "symbols",
                    f'<circle class="town" data-town="{area_id}" cx="{x:.1f}" cy="{y:.1f}" '
                    f'r="{TOWN_R}" fill="{colour}" stroke="{style.INK}" stroke-width="0.9"/>',
                )
                self._reserve(x - TOWN_R, y - TOWN_R, 2 * TOWN_R, 2 * TOWN_R)

    def _names(self) -> None:
        """City names beside their symbols, then area and sea names, avoiding overlap.

        City, town and sea names are always written; the name of an area that holds a city of
        another name (Boeotia, around Thebes) is written only where it fits, and is always in
        the area's hover title.  Sea names that fit inside their sea go first, so city names
        step around them.
        """
        seas_left = []
        for sea_id, sea in self.world.seas.items():
            shape = self.geo.seas[sea_id]
            if not self._area_name(
                shape, sea.name, SEA_FONT, style.SEA_INK, italic=True, required=False
            ):
                seas_left.append((shape, sea.name))
        for area_id, area in self.world.areas.items():
            shape = self.geo.areas[area_id]
            site = area.city or area.town
            if site is None or shape.symbol is None:
                continue
            x, y = shape.symbol
            r = SYMBOL + 3 if area.city else TOWN_R + 3
            size = CITY_FONT if area.city else CITY_FONT - 1
            options = [
                (x + r, y + size * 0.35, "start"),
                (x - r, y + size * 0.35, "end"),
                (x, y + r + size * 0.8, "middle"),
                (x, y - r - 2, "middle"),
                (x + r - 2, y + r + size * 0.6, "start"),
                (x - r + 2, y + r + size * 0.6, "end"),
                (x + r - 2, y - r, "start"),
                (x - r + 2, y - r, "end"),
            ]
            w = _text_width(site.name, size)
            pos = self._place(options, w, size, required=True, view=shape.view)
            weight = "bold" if area.city else "normal"
            self.add(
                "names",
                _text(
                    *pos[:2], site.name, size, anchor=pos[2], weight=weight, italic=not area.city
                ),
            )
        for required in (True, False):
            for area_id, area in self.world.areas.items():
                site = area.city or area.town
                if (site is None) != required or (site is not None and site.name == area.name):
                    continue
                shape = self.geo.areas[area_id]
                name = area.name.upper()
                self._area_name(shape, name, AREA_FONT, style.INK, spacing=0.8, required=required)
            if required:
                for shape, name in seas_left:
                    self._area_name(shape, name, SEA_FONT, style.SEA_INK, italic=True)

    def _area_name(
        self,
        shape: Shape,
        name: str,
        size: float,
        colour: str,
        *,
        italic: bool = False,
        spacing: float = 0.0,
        required: bool = True,
    ) -> bool:
        """Write an area or sea name near its label point; False if an optional one won't fit."""
        x, y = shape.label
        w = _text_width(name, size) + spacing * len(name)
        base = y + size * 0.35
        grid = [(dx, dy) for dx in (0, -25, 25, -50, 50, -75, 75) for dy in (0, 11, -11, 22, -22)]
        grid.sort(key=lambda d: d[0] ** 2 + (2 * d[1]) ** 2)
        near = [(x + dx, base + dy, "middle") for dx, dy in grid]
        shape_rings = rings(shape.d)
        # keep the name over its own area: the middle of the text must lie inside the shape
        options = [o for o in near if _inside(shape_rings, (o[0], o[1] - size * 0.3))]
        xs = [p[0] for r in shape_rings for p in r]
        ys = [p[1] for r in shape_rings for p in r]
        if shape.id in self.world.areas and max(xs) - min(xs) < w and max(ys) - min(ys) < 40:
            # a small island: the name goes beside it rather than hiding it
            cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
            options = [
                (cx, max(ys) + size + 1, "middle"),
                (cx, min(ys) - 3, "middle"),
                (max(xs) + 3, cy + size * 0.35, "start"),
                (min(xs) - 3, cy + size * 0.35, "end"),
            ] + options
        if required:
            options += [o for o in near if o not in options]
        if not options:
            return False
        pos = self._place(options, w, size, required=required, view=shape.view)
        if pos is None:
            return False
        opacity = 1.0 if italic else 0.85
        self.add(
            "names",
            _text(
                *pos[:2],
                name,
                size,
                anchor=pos[2],
                colour=colour,
                italic=italic,
                spacing=spacing,
                opacity=opacity,
            ),
        )
        return True

    def _badges(self, sc: Any) -> None:
        """Blocks of the setup, counted per side in each area (§15 setups)."""
        counts: Counter[tuple[str, str]] = Counter((e.area, e.side) for e in sc.setup)
        for area_id in sorted({a for a, _ in counts}):
            shape = self.geo.shape(area_id)
            sides = [
                (s, counts[(area_id, s)]) for s in ("athens", "sparta") if counts[(area_id, s)]
            ]
            widths = [8 + 6 * len(str(n)) for _, n in sides]
            total = sum(widths) + 2 * (len(widths) - 1)
            if shape.symbol is not None and area_id in self.world.areas:
                sx, sy = shape.symbol
                r = SYMBOL + 2
                spots = [
                    (sx - total / 2, sy - r - BADGE_H),
                    (sx - total / 2, sy + r),
                    (sx - r - total, sy - BADGE_H / 2),
                    (sx + r, sy - BADGE_H / 2),
                    (sx - r - total, sy - r - BADGE_H),
                    (sx + r, sy - r - BADGE_H),
                ]
            else:
                lx, ly = shape.label
                spots = [(lx - total / 2, ly + dy) for dy in (6, -17, 16, -27)]
            x, by = self._place_box(spots, total, BADGE_H, required=True, view=shape.view)
            for (side, n), w in zip(sides, widths, strict=True):
                colour = style.SIDE_COLOURS[side]
                self.add(
                    "badges",
                    f'<g class="badge" data-badge="{area_id}" data-side="{side}" data-count="{n}">'
                    f'<rect x="{x:.1f}" y="{by:.1f}" width="{w}" height="{BADGE_H}" rx="3" '
                    f'fill="{colour}" stroke="#ffffff" stroke-width="0.8"/>'
                    f'<text x="{x + w / 2:.1f}" y="{by + 8.4:.1f}" font-size="8.5" '
                    'font-weight="bold" text-anchor="middle" '
                    f'font-family="Arial, Helvetica, sans-serif" fill="#ffffff">{n}</text></g>',
                )
                x += w + 2

    def _legend(self, sc: Any) -> None:
        _, _, vw, vh = self.geo.view_box
        w, h = 182, 207 if sc is not None else 173
        x, y = vw - w - 4, vh - h - 6
        out = [
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="#fffdf6" '
            f'fill-opacity="0.93" stroke="{style.INK}" stroke-width="0.8"/>'
        ]
        title = "Hellenes" if sc is None else sc.name
        out.append(_text(x + 10, y + 18, title, 12.5, weight="bold"))
        sub = "The Peloponnesian War, 431–404 BC"
        if sc is not None:
            sub = f"{sc.years[0]}–{sc.years[1]} BC"
        out.append(_text(x + 10, y + 31, sub, 9, italic=True))
        rows = y + 48
        col = style.LAND
        out.append(
            f'<rect x="{x + 12}" y="{rows - 6.5}" width="13" height="13" fill="{col}" '
            f'stroke="{style.INK}" stroke-width="0.9"/>'
            + _text(x + 18.5, rows + 3.3, "2", 9.5, anchor="middle", weight="bold")
        )
        out.append(_text(x + 34, rows + 3.5, "City and its value", 9.5))
        rows += 18
        pts = " ".join(
            f"{x + 18.5 + 7.5 * math.cos(math.radians(a)):.1f},"
            f"{rows + 7.5 * math.sin(math.radians(a)):.1f}"
            for a in range(0, 360, 60)
        )
        out.append(
            f'<polygon points="{pts}" fill="{col}" stroke="{style.INK}" stroke-width="0.9"/>'
        )
        out.append(_text(x + 18.5, rows + 3.3, "3", 9.5, anchor="middle", weight="bold"))
        out.append(_text(x + 34, rows + 3.5, "Port (city on the sea)", 9.5))
        rows += 17
        out.append(
            f'<circle cx="{x + 18.5}" cy="{rows}" r="{TOWN_R}" fill="{col}" '
            f'stroke="{style.INK}" stroke-width="0.9"/>'
        )
        out.append(_text(x + 34, rows + 3.5, "Barbarian town", 9.5))
        rows += 16
        line = f"M{x + 8} {rows}h22"
        out.append(f'<path d="{line}" stroke="{style.NATION_LINE}" stroke-width="1.5"/>')
        out.append(_text(x + 34, rows + 3.5, "Nation border", 9.5))
        rows += 15
        line = f"M{x + 8} {rows}h22"
        out.append(f'<path d="{line}" stroke="{style.DEEP_LINE}" stroke-width="2.6"/>')
        out.append(_text(x + 34, rows + 3.5, "Deep-sea border (storms)", 9.5))
        rows += 15
        line = f"M{x + 8} {rows}h22"
        out.append(
            f'<path d="{line}" stroke="{style.DEEP_LINE}" stroke-width="3.4"/>'
            f'<path d="{line}" stroke="{style.WATER}" stroke-width="1.3"/>'
        )
        out.append(_text(x + 34, rows + 3.5, "Narrows", 9.5))
        if sc is not None:
            rows += 17
            for i, side in enumerate(("athens", "sparta")):
                bx = x + 8 + 88 * i
                out.append(
                    f'<rect x="{bx}" y="{rows - 5.5}" width="14" height="{BADGE_H}" rx="3" '
                    f'fill="{style.SIDE_COLOURS[side]}"/>'
                    + _text(
                        bx + 7,
                        rows + 3,
                        "4",
                        8.5,
                        anchor="middle",
                        weight="bold",
                        colour="#ffffff",
                        halo=False,
                    )
                    + _text(bx + 19, rows + 3.5, f"{style.SIDE_NAMES[side]} blocks", 9.5)
                )
            rows += 17
            out.append(
                f'<rect x="{x + 8}" y="{rows - 6}" width="22" height="12" '
                f'fill="url(#neutral-hatch)" stroke="{style.LAND_LINE}"/>'
            )
            out.append(_text(x + 34, rows + 3.5, "Neutral: may not be entered", 9.5))
        out.append(self._scale_bar(x + 12, y + h - 22))
        out.append(
            _text(
                x + w - 6,
                y + h - 6,
                "Coast: GSHHG, Wessel & Smith (LGPL)",
                6.5,
                anchor="end",
                colour="#6b6250",
            )
        )
        self.add("legend", '<g class="legend">' + "".join(out) + "</g>")
        self._reserve(x, y, w, h)

    def _scale_bar(self, x: float, y: float) -> str:
        """A 100 km bar for the main map (one degree of latitude is about 111.2 km)."""
        length = 100 / 111.2 * self.geo.projection["px_per_degree"]
        ticks = "".join(
            f'<path d="M{x + f * length:.1f} {y - 3}v6" stroke="{style.INK}" stroke-width="0.8"/>'
            for f in (0, 0.5, 1)
        )
        return (
            f'<path d="M{x} {y}h{length:.1f}" stroke="{style.INK}" stroke-width="1.4"/>'
            + ticks
            + _text(x + length + 6, y + 3.5, "100 km", 8.5)
        )

    # -- label placement ----------------------------------------------------------------------

    def _reserve(self, x: float, y: float, w: float, h: float) -> None:
        self.taken.append((x, y, x + w, y + h))

    def _place(
        self,
        options: list[tuple[float, float, str]],
        w: float,
        size: float,
        *,
        required: bool,
        view: str,
    ) -> tuple[float, float, str] | None:
        """The first text position (x, baseline y, anchor) that overlaps nothing placed so far.

        When every option collides, a required text takes the first option anyway and an
        optional one is left out (None).  Text stays in its own view: inset names inside the
        inset frame, main-map names off it.
        """
        spots = []
        for tx, ty, anchor in options:
            spots.append(
                (
                    tx - (w if anchor == "end" else w / 2 if anchor == "middle" else 0),
                    ty - size * 0.8,
                )
            )
        spot = self._place_box(spots, w, size * 1.05, required=required, view=view)
        return None if spot is None else options[spots.index(spot)]

    def _place_box(
        self,
        spots: list[tuple[float, float]],
        w: float,
        h: float,
        *,
        required: bool,
        view: str,
    ) -> tuple[float, float] | None:
        """The first top-left corner whose w × h box is free (see ``_place``), reserved."""
        for x0, y0 in spots:
            box = (x0, y0, x0 + w, y0 + h)
            if self._in_view((x0, y0), w, h, view) and not any(
                _overlap(box, t) for t in self.taken
            ):
                self.taken.append(box)
                return x0, y0
        if not required:
            return None
        # nothing is free: take the spot in view that overlaps least
        in_view = [sp for sp in spots if self._in_view(sp, w, h, view)] or spots[:1]
        x0, y0 = min(in_view, key=lambda sp: self._overlap_area((*sp, sp[0] + w, sp[1] + h)))
        self.taken.append((x0, y0, x0 + w, y0 + h))
        return x0, y0

    def _in_view(self, spot: tuple[float, float], w: float, h: float, view: str) -> bool:
        """Whether a box lies in its view: inside the inset frame, or on the main map off it."""
        fx, fy, fw, fh = self.geo.inset_frame
        _, _, vw, vh = self.geo.view_box
        x0, y0 = spot
        box = (x0, y0, x0 + w, y0 + h)
        if view == "inset":
            return fx <= x0 and x0 + w <= fx + fw and fy <= y0 and y0 + h <= fy + fh
        return (
            0 <= x0
            and x0 + w <= vw
            and 0 <= y0
            and y0 + h <= vh
            and not _overlap(box, (fx, fy, fx + fw, fy + fh))
        )

    def _overlap_area(self, box: tuple[float, float, float, float]) -> float:
        total = 0.0
        for t in self.taken:
            dx = min(box[2], t[2]) - max(box[0], t[0])
            dy = min(box[3], t[3]) - max(box[1], t[1])
            if dx > 0 and dy > 0:
                total += dx * dy
        return total

    # -- document -----------------------------------------------------------------------------

    def document(self, width: float | None, sc: Any) -> str:
        vx, vy, vw, vh = self.geo.view_box
        size = ""
        if width is not None:
            size = f' width="{width:g}" height="{width * vh / vw:.0f}"'
        title = "Hellenes map" + ("" if sc is None else f": {sc.name}")
        order = (
            "inset_bg",
            "seas",
            "offmap",
            "land",
            "hatch",
            "sea_borders",
            "land_borders",
            "coast",
            "frame",
            "symbols",
            "names",
            "badges",
            "legend",
        )
        body = []
        for layer in order:
            items = self.layers.get(layer, [])
            body.append(f'<g class="layer-{layer.replace("_", "-")}">' + "".join(items) + "</g>")
        defs = (
            '<defs><pattern id="neutral-hatch" width="6" height="6" '
            'patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
            '<line x1="0" y1="0" x2="0" y2="6" stroke="#8c8270" stroke-width="1.2" '
            'stroke-opacity="0.55"/></pattern></defs>'
        )
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{vx} {vy} {vw} {vh}"{size} '
            f'role="img" font-family="{escape(style.SERIF)}">'
            f"<title>{escape(title)}</title>{defs}"
            f'<rect class="water" x="{vx}" y="{vy}" width="{vw}" height="{vh}" '
            f'fill="{style.WATER}"/>' + "".join(body) + "</svg>"
        )


@dataclass(frozen=True)
class _Site:
    """Stand-in for a city or town when only its nationality matters."""

    nationality: str


def _path(shape: Shape, kind: str, fill: str, title: str) -> str:
    return (
        f'<path class="{kind}" data-area="{shape.id}" data-view="{shape.view}" d="{shape.d}" '
        f'fill="{fill}" stroke="none"><title>{escape(title)}</title></path>'
    )


def _hover(area: Any) -> str:
    """Hover text of a land area: its name and its city (kind and value, §1.3) or town."""
    if area.city is not None:
        kind = "port" if area.city.port else "city"
        return f"{area.name}: {area.city.name} ({kind}, value {area.city.value})"
    if area.town is not None:
        return f"{area.name}: {area.town.name} (town)"
    return area.name


def _text(
    x: float,
    y: float,
    text: str,
    size: float,
    *,
    anchor: str = "start",
    weight: str = "normal",
    italic: bool = False,
    colour: str = style.INK,
    spacing: float = 0.0,
    opacity: float = 1.0,
    halo: bool = True,
) -> str:
    extra = ""
    if italic:
        extra += ' font-style="italic"'
    if weight != "normal":
        extra += f' font-weight="{weight}"'
    if spacing:
        extra += f' letter-spacing="{spacing:g}"'
    if opacity != 1.0:
        extra += f' fill-opacity="{opacity:g}"'
    if halo:
        extra += f' stroke="{style.HALO}" stroke-width="2.4" stroke-linejoin="round"'
        extra += ' paint-order="stroke"'
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" text-anchor="{anchor}" '
        f'fill="{colour}"{extra}>{escape(text)}</text>'
    )


def _inside(shape_rings: list[list[tuple[float, float]]], pt: tuple[float, float]) -> bool:
    """Even-odd containment of a point in a shape given as rings."""
    return sum(ring_contains(r, pt) for r in shape_rings) % 2 == 1


def _text_width(text: str, size: float) -> float:
    """A rough width of serif text (no font metrics at hand)."""
    return 0.56 * size * len(text)


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
