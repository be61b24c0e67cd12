"""The static Hellenes map as one standalone SVG document.

``render_map_svg()`` draws the baked geometry with the world data on the shared board layer
(:mod:`hellenes_nb.board`): land tinted by the nationality of its city or town (§1.32), seas in
water colour, deep-sea borders as thick lines (§5.22) and narrows as double lines (§6.5),
nation borders thicker than province borders (§1.1), cities as squares and ports as hexagons
carrying their value (§1.3), towns as circles, the Sicily inset, and for a scenario the blocks
of its setup counted per side and area (§15). ``size="classroom"`` draws it for a projector, as
the map widget's classroom size does: names, symbols and block counts larger, borders and the
coast thicker, the legend larger.

Every land area and sea is one ``<path data-area="id">`` so widgets can hook clicks onto it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from hellenes_nb.board import symbols
from hellenes_nb.board.canvas import Canvas, shape_path, text, text_width
from hellenes_nb.board.geometry import Geometry
from hellenes_nb.board.symbols import BADGE_H, SYMBOL, TOWN_R, Legend
from hellenes_nb.games.hellenes.render import style
from hellenes_nb.games.hellenes.render.geometry import load_geometry

AREA_FONT = 9.0
CITY_FONT = 10.5
SEA_FONT = 10.0

#: the map's sizes: (scale of names, symbols and block counts, scale of lines); "classroom" is
#: for a projector (names 1.45 times larger, as on the map widget, borders 1.7 times thicker)
SIZES = {"normal": (1.0, 1.0), "classroom": (1.45, 1.7)}
#: how much larger the legend is in the classroom size (as on the map widget); a larger key
#: goes in a band under the map
LEGEND_SCALE = {"normal": 1.0, "classroom": 1.4}

#: how much wider than its estimate a name is taken to be when it is placed (fonts differ)
NAME_SLACK = 1.1

#: the map's layers, bottom to top
LAYERS = (
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

#: the hatching of neutral areas (§15)
HATCH = (
    '<defs><pattern id="neutral-hatch" width="6" height="6" '
    'patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
    '<line x1="0" y1="0" x2="0" y2="6" stroke="#8c8270" stroke-width="1.2" '
    'stroke-opacity="0.55"/></pattern></defs>'
)


def render_map_svg(
    scenario: str | None = None,
    width: float | None = 1100,
    *,
    world: Any = None,
    geometry: Geometry | None = None,
    size: str = "normal",
    every_name: bool = False,
) -> str:
    """The map as an SVG string; with ``scenario`` (e.g. ``"431"``) its setup is shown.

    ``width`` sets the drawn width in pixels (``None`` leaves the SVG to fill its container).
    ``size`` is ``"normal"`` or ``"classroom"`` (for a projector: larger names, symbols and
    legend, thicker borders). ``world`` and ``geometry`` default to the packaged data. A name
    with no free spot is left out (its area's hover title names it); ``every_name`` writes
    them all, for the map widget, which sets its names down itself at each zoom.
    """
    if size not in SIZES:
        raise ValueError(f"size must be 'normal' or 'classroom' (larger names and thicker "
                         f"borders, for a projector), not {size!r}")
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
    canvas = HellenesMap(geometry, world, size, every_name=every_name)
    canvas.draw(sc)
    title = "Hellenes map" + ("" if sc is None else f": {sc.name}")
    return canvas.document(width, title, LAYERS, HATCH, below=canvas.below)


class HellenesMap(Canvas):
    """The Hellenes layers on a board canvas: areas, seas, their borders, cities, the Sicily
    inset, a scenario's blocks and the legend."""

    def __init__(self, geo: Geometry, world: Any, size: str = "normal", *,
                 every_name: bool = False):
        super().__init__(geo)
        self.every_name = every_name
        self.world = world
        self.size = size
        #: how much larger names, symbols and counts are, and how much thicker the lines
        self.big, self.thick = SIZES[size]
        #: the height of the band under the map that holds the classroom size's key
        self.below = 0.0

    def draw(self, sc: Any) -> None:
        self._check_complete()
        x, y, w, h = self.geo.inset_frame
        self.add(
            "inset_bg", f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{style.WATER}"/>'
        )
        for sea_id in self.world.seas:
            sea = self.world.seas[sea_id]
            self.add("seas", shape_path(self.geo.seas[sea_id], "sea", style.WATER, sea.name))
        self.draw_offmap()
        for area_id, area in self.world.areas.items():
            self.add("land", shape_path(self.geo.areas[area_id], "land", self._tint(area),
                                        _hover(area)))
        if sc is not None:
            self._neutral_hatch(sc)
        self._borders()
        self.draw_coast(width=0.8 * self.thick)
        self._legend(sc)
        self._inset_frame()
        self._symbols()
        if sc is not None:
            self._badges(sc)
        self._names()

    def place(self, options: list, w: float, size: float, *, required: bool, view: str) -> Any:
        """Where a name goes: the first spot where it covers nothing placed so far (a name, a
        symbol, a count of blocks, the legend). A name with no free spot is left out; its area's
        hover title still names it (issue 28: at 580 px names overlapped). Widths are estimates,
        so a name is given ``NAME_SLACK`` more room than its estimate. With ``every_name`` (the
        map widget) every name is written as before."""
        if self.every_name:
            return super().place(options, w, size, required=required, view=view)
        return super().place(options, w * NAME_SLACK, size, required=False, view=view)

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

    def _line(self, width: float) -> str:
        """A stroke width for this size (thicker in the classroom size)."""
        return f'stroke-width="{width * self.thick:.3g}"'

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
                    f'{self._line(2.6)} stroke-linecap="round"/>',
                )
            elif both_sea and kind == "narrows":
                self.add(
                    "sea_borders",
                    f'<path class="narrows" {attrs} stroke="{style.DEEP_LINE}" {self._line(3.4)}/>'
                    f'<path d="{line.d}" fill="none" stroke="{style.WATER}" {self._line(1.3)}/>',
                )
            elif both_sea:
                self.add(
                    "sea_borders",
                    f'<path class="sea-border" {attrs} stroke="{style.SEA_LINE}" '
                    f'{self._line(0.8)}/>',
                )
            else:
                a, b = self.world.areas.get(line.a), self.world.areas.get(line.b)
                nation = a is not None and b is not None and a.nation != b.nation
                colour, width = (style.NATION_LINE, 1.5) if nation else (style.LAND_LINE, 0.6)
                cls = "nation-border" if nation else "land-border"
                self.add(
                    "land_borders",
                    f'<path class="{cls}" {attrs} stroke="{colour}" {self._line(width)} '
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
            f'stroke="{style.NATION_LINE}" {self._line(1.2)} stroke-dasharray="1.5 2.5"/>',
        )

    def _inset_frame(self) -> None:
        x, y, w, h = self.geo.inset_frame
        self.add(
            "frame",
            f'<rect class="inset-frame" x="{x}" y="{y}" width="{w}" height="{h}" fill="none" '
            f'stroke="{style.INK}" {self._line(1.6)}/>',
        )
        k = self.big
        self.add("frame", text(x + 8, y + 18 * k, self.geo.inset_title.upper(), 13 * k,
                               weight="bold", spacing=3))
        links = []
        for b in self.world.borders:
            va, vb = self.geo.shape(b.a).view, self.geo.shape(b.b).view
            if va != vb:
                inner, outer = (b.a, b.b) if va == "inset" else (b.b, b.a)
                links.append(f"{self.world.place(inner).name} – {self.world.place(outer).name}")
        for i, link in enumerate(sorted(links)):
            self.add("frame", text(x + w - 6, y + h - 8 - 12 * k * i, f"↔ {link}", 8.5 * k,
                                   anchor="end", italic=True, colour=style.SEA_INK))
        self.reserve(x, y, 12 + 0.75 * 13 * k * len(self.geo.inset_title) * 1.3, 26 * k)

    @staticmethod
    def _scaled(x: float, y: float, element: str, k: float) -> str:
        """``element`` drawn ``k`` times larger about the point (x, y)."""
        if k == 1:
            return element
        return (f'<g transform="translate({x:.1f} {y:.1f}) scale({k:g}) '
                f'translate({-x:.1f} {-y:.1f})">{element}</g>')

    def _symbols(self) -> None:
        k = self.big
        for area_id, area in self.world.areas.items():
            shape = self.geo.areas[area_id]
            if shape.symbol is None or (area.city is None and area.town is None):
                continue
            x, y = shape.symbol
            if area.city is not None:
                colour = self._nationality_colour(area.city) or style.LAND
                self.add("symbols", self._scaled(x, y, symbols.city(
                    x, y, area.city.value, colour, port=area.city.port, place=area_id), k))
                r = SYMBOL * k + 1
            else:
                colour = self._nationality_colour(area.town) or style.LAND
                self.add("symbols", self._scaled(x, y, symbols.town(x, y, colour, place=area_id),
                                                 k))
                r = TOWN_R * k
            self.reserve(x - r, y - r, 2 * r, 2 * r)

    def _names(self) -> None:
        """City names beside their symbols, then area and sea names, avoiding overlap.

        City, town and sea names are always written; the name of an area that holds a city of
        another name (Boeotia, around Thebes) is written only where it fits, and is always in
        the area's hover title.  Sea names that fit inside their sea go first, so city names
        step around them.
        """
        k = self.big
        seas_left = []
        for sea_id, sea in self.world.seas.items():
            shape = self.geo.seas[sea_id]
            if not self.area_name(
                shape, sea.name, SEA_FONT * k, style.SEA_INK, italic=True, required=False
            ):
                seas_left.append((shape, sea.name))
        for area_id, area in self.world.areas.items():
            shape = self.geo.areas[area_id]
            site = area.city or area.town
            if site is None or shape.symbol is None:
                continue
            x, y = shape.symbol
            r = (SYMBOL if area.city else TOWN_R) * k + 3
            size = (CITY_FONT if area.city else CITY_FONT - 1) * k
            options = self.beside(x, y, r, size)
            w = text_width(site.name, size)
            pos = self.place(options, w, size, required=True, view=shape.view)
            if pos is None:  # no room: the area's hover title names it
                continue
            weight = "bold" if area.city else "normal"
            # data-place: a widget that scales names keeps this one beside its symbol
            self.add("names", text(*pos[:2], site.name, size, anchor=pos[2], weight=weight,
                                   italic=not area.city, attrs=f'data-place="{area_id}"'))
        for required in (True, False):
            for area_id, area in self.world.areas.items():
                site = area.city or area.town
                if (site is None) != required or (site is not None and site.name == area.name):
                    continue
                shape = self.geo.areas[area_id]
                self.area_name(shape, area.name.upper(), AREA_FONT * k, style.INK, spacing=0.8,
                               required=required, island=True)
            if required:
                for shape, name in seas_left:
                    self.area_name(shape, name, SEA_FONT * k, style.SEA_INK, italic=True)

    def _badges(self, sc: Any) -> None:
        """Blocks of the setup, counted per side in each area (§15 setups)."""
        counts: Counter[tuple[str, str]] = Counter((e.area, e.side) for e in sc.setup)
        k = self.big
        for area_id in sorted({a for a, _ in counts}):
            shape = self.geo.shape(area_id)
            sides = [
                (s, counts[(area_id, s)]) for s in ("athens", "sparta") if counts[(area_id, s)]
            ]
            widths = [8 + 6 * len(str(n)) for _, n in sides]
            total = (sum(widths) + 2 * (len(widths) - 1)) * k  # the counts' width as drawn
            h = BADGE_H * k
            if shape.symbol is not None and area_id in self.world.areas:
                sx, sy = shape.symbol
                r = SYMBOL * k + 2
                spots = [
                    (sx - total / 2, sy - r - h),
                    (sx - total / 2, sy + r),
                    (sx - r - total, sy - h / 2),
                    (sx + r, sy - h / 2),
                    (sx - r - total, sy - r - h),
                    (sx + r, sy - r - h),
                ]
            else:
                lx, ly = shape.label
                spots = [(lx - total / 2, ly + dy * k) for dy in (6, -17, 16, -27)]
            x0, by = self.place_box(spots, total, h, required=True, view=shape.view)
            x, drawn = x0, []
            for (side, n), w in zip(sides, widths, strict=True):
                attrs = f'data-badge="{area_id}" data-side="{side}" data-count="{n}"'
                drawn.append(symbols.badge(x, by, w, n, style.SIDE_COLOURS[side], attrs))
                x += w + 2
            self.add("badges", self._scaled(x0, by, "".join(drawn), k))

    def _legend(self, sc: Any) -> None:
        """The key in the map's bottom right corner; in the classroom size it is larger and
        goes under the map (over the map, the larger box would hide Rhodes)."""
        _, _, vw, vh = self.geo.view_box
        w, h = 182, 207 if sc is not None else 173
        k = LEGEND_SCALE[self.size]
        x, y = vw - w - 4, (vh - h - 6 if k == 1 else vh + 6)
        title = "Hellenes" if sc is None else sc.name
        sub = "The Peloponnesian War, 431–404 BC"
        if sc is not None:
            sub = f"{sc.years[0]}–{sc.years[1]} BC"
        legend = Legend(x, y, w, h, title, sub)
        rows = y + 48
        col = style.LAND
        legend.add(
            f'<rect x="{x + 12}" y="{rows - 6.5}" width="13" height="13" fill="{col}" '
            f'stroke="{style.INK}" stroke-width="0.9"/>'
            + text(x + 18.5, rows + 3.3, "2", 9.5, anchor="middle", weight="bold")
        )
        legend.words(rows, "City and its value")
        rows += 18
        legend.add(
            f'<polygon points="{symbols.hexagon(x + 18.5, rows, 7.5)}" fill="{col}" '
            f'stroke="{style.INK}" stroke-width="0.9"/>',
            text(x + 18.5, rows + 3.3, "3", 9.5, anchor="middle", weight="bold"),
        )
        legend.words(rows, "Port (city on the sea)")
        rows += 17
        legend.add(
            f'<circle cx="{x + 18.5}" cy="{rows}" r="{TOWN_R}" fill="{col}" '
            f'stroke="{style.INK}" stroke-width="0.9"/>'
        )
        legend.words(rows, "Barbarian town")
        rows += 16
        legend.line(rows, "Nation border", (style.NATION_LINE, 1.5))
        rows += 15
        legend.line(rows, "Deep-sea border (storms)", (style.DEEP_LINE, 2.6))
        rows += 15
        legend.line(rows, "Narrows", (style.DEEP_LINE, 3.4), (style.WATER, 1.3))
        if sc is not None:
            rows += 17
            for i, side in enumerate(("athens", "sparta")):
                bx = x + 8 + 88 * i
                legend.add(
                    f'<rect x="{bx}" y="{rows - 5.5}" width="14" height="{BADGE_H}" rx="3" '
                    f'fill="{style.SIDE_COLOURS[side]}"/>'
                    + text(bx + 7, rows + 3, "4", 8.5, anchor="middle", weight="bold",
                           colour="#ffffff", halo=False)
                    + text(bx + 19, rows + 3.5, f"{style.SIDE_NAMES[side]} blocks", 9.5)
                )
            rows += 17
            legend.add(
                f'<rect x="{x + 8}" y="{rows - 6}" width="22" height="12" '
                f'fill="url(#neutral-hatch)" stroke="{style.LAND_LINE}"/>'
            )
            legend.words(rows, "Neutral: may not be entered")
        legend.add(self.scale_bar(x + 12, y + h - 22))
        legend.credit("Coast: GSHHG, Wessel & Smith (LGPL)")
        if k == 1:
            self.add("legend", legend.svg())
            self.reserve(x, y, w, h)
        else:  # k times larger, about its top right corner, in the band under the map
            self.add("legend", self._scaled(x + w, y, legend.svg(), k))
            self.below = h * k + 12


@dataclass(frozen=True)
class _Site:
    """Stand-in for a city or town when only its nationality matters."""

    nationality: str


def _hover(area: Any) -> str:
    """Hover text of a land area: its name and its city (kind and value, §1.3) or town."""
    if area.city is not None:
        kind = "port" if area.city.port else "city"
        return f"{area.name}: {area.city.name} ({kind}, value {area.city.value})"
    if area.town is not None:
        return f"{area.name}: {area.town.name} (town)"
    return area.name
