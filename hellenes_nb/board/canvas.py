"""An SVG board drawing in layers, with text placed where it overlaps nothing drawn before.

A game's map subclasses or fills a :class:`Canvas`: it adds SVG elements to named layers
(:meth:`Canvas.add`), reserves the boxes its symbols cover, writes names through
:meth:`Canvas.place` and :meth:`Canvas.area_name` (which step around what is taken), and
finally asks for the :meth:`Canvas.document` with its layer order. Text stays in its own view:
names of the inset inside the inset frame, names of the main map off it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from hellenes_nb.board import palette
from hellenes_nb.board.geometry import Box, Geometry, Point, Shape, rings, rings_contain

#: a text position: x, baseline y and SVG text-anchor ("start", "middle", "end")
Spot = tuple[float, float, str]


def text(
    x: float,
    y: float,
    words: str,
    size: float,
    *,
    anchor: str = "start",
    weight: str = "normal",
    italic: bool = False,
    colour: str = palette.INK,
    spacing: float = 0.0,
    opacity: float = 1.0,
    halo: bool = True,
    attrs: str = "",
) -> str:
    """One ``<text>`` element (escaped), with a light halo so that it reads over lines;
    ``attrs`` are further attributes (``data-place="attica"``)."""
    extra = f" {attrs}" if attrs else ""
    if italic:
        extra += ' font-style="italic"'
    if weight != "normal":
        extra += f' font-weight="{weight}"'
    if spacing:
        extra += f' letter-spacing="{spacing:g}"'
    if opacity != 1.0:
        extra += f' fill-opacity="{opacity:g}"'
    if halo:
        extra += f' stroke="{palette.HALO}" stroke-width="2.4" stroke-linejoin="round"'
        extra += ' paint-order="stroke"'
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" text-anchor="{anchor}" '
        f'fill="{colour}"{extra}>{escape(words)}</text>'
    )


def text_width(words: str, size: float) -> float:
    """A rough width of serif text (no font metrics at hand)."""
    return 0.56 * size * len(words)


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes (x0, y0, x1, y1) overlap."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def shape_path(shape: Shape, kind: str, fill: str, title: str) -> str:
    """A filled shape as one ``<path data-area="id">`` (widgets hook clicks onto it), with its
    hover title."""
    return (
        f'<path class="{kind}" data-area="{shape.id}" data-view="{shape.view}" d="{shape.d}" '
        f'fill="{fill}" stroke="none"><title>{escape(title)}</title></path>'
    )


@dataclass
class Canvas:
    """Collects the SVG layers of one board drawing and the boxes already taken."""

    geo: Geometry
    layers: dict[str, list[str]] = field(default_factory=dict)
    taken: list[Box] = field(default_factory=list)

    def add(self, layer: str, element: str) -> None:
        self.layers.setdefault(layer, []).append(element)

    # -- the land and the sea -----------------------------------------------------------------

    def draw_offmap(self, layer: str = "offmap") -> None:
        """Land that belongs to no area, per view."""
        for view, d in self.geo.offmap.items():
            self.add(
                layer, f'<path class="offmap" data-view="{view}" d="{d}" fill="{palette.OFFMAP}"/>'
            )

    def draw_coast(self, layer: str = "coast", width: float = 0.8) -> None:
        """The coastline, per view, ``width`` thick."""
        for view, d in self.geo.coast.items():
            self.add(
                layer,
                f'<path class="coast" data-view="{view}" d="{d}" fill="none" '
                f'stroke="{palette.COAST}" stroke-width="{width:.3g}" stroke-linejoin="round"/>',
            )

    def scale_bar(self, x: float, y: float) -> str:
        """A 100 km bar for the main map (one degree of latitude is about 111.2 km)."""
        length = 100 / 111.2 * self.geo.projection["px_per_degree"]
        ticks = "".join(
            f'<path d="M{x + f * length:.1f} {y - 3}v6" stroke="{palette.INK}" '
            'stroke-width="0.8"/>'
            for f in (0, 0.5, 1)
        )
        return (
            f'<path d="M{x} {y}h{length:.1f}" stroke="{palette.INK}" stroke-width="1.4"/>'
            + ticks
            + text(x + length + 6, y + 3.5, "100 km", 8.5)
        )

    # -- names --------------------------------------------------------------------------------

    def area_name(
        self,
        shape: Shape,
        name: str,
        size: float,
        colour: str,
        *,
        italic: bool = False,
        spacing: float = 0.0,
        required: bool = True,
        island: bool = False,
    ) -> bool:
        """Write an area or sea name near its label point; False if an optional one won't fit.
        ``island``: the shape is land, so when it is small the name goes beside it rather than
        hiding it."""
        x, y = shape.label
        w = text_width(name, size) + spacing * len(name)
        base = y + size * 0.35
        grid = [(dx, dy) for dx in (0, -25, 25, -50, 50, -75, 75) for dy in (0, 11, -11, 22, -22)]
        grid.sort(key=lambda d: d[0] ** 2 + (2 * d[1]) ** 2)
        near = [(x + dx, base + dy, "middle") for dx, dy in grid]
        shape_rings = rings(shape.d)
        # keep the name over its own area: the middle of the text must lie inside the shape
        options = [o for o in near if rings_contain(shape_rings, (o[0], o[1] - size * 0.3))]
        xs = [p[0] for r in shape_rings for p in r]
        ys = [p[1] for r in shape_rings for p in r]
        if island and max(xs) - min(xs) < w and max(ys) - min(ys) < 40:
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
        pos = self.place(options, w, size, required=required, view=shape.view)
        if pos is None:
            return False
        opacity = 1.0 if italic else 0.85
        self.add(
            "names",
            text(*pos[:2], name, size, anchor=pos[2], colour=colour, italic=italic,
                 spacing=spacing, opacity=opacity),
        )
        return True

    @staticmethod
    def beside(x: float, y: float, r: float, size: float) -> list[Spot]:
        """Where a name may go beside a symbol of radius ``r`` at (x, y), best first."""
        return [
            (x + r, y + size * 0.35, "start"),
            (x - r, y + size * 0.35, "end"),
            (x, y + r + size * 0.8, "middle"),
            (x, y - r - 2, "middle"),
            (x + r - 2, y + r + size * 0.6, "start"),
            (x - r + 2, y + r + size * 0.6, "end"),
            (x + r - 2, y - r, "start"),
            (x - r + 2, y - r, "end"),
        ]

    # -- placement ----------------------------------------------------------------------------

    def reserve(self, x: float, y: float, w: float, h: float) -> None:
        """Mark a box as taken (a symbol, the legend, a title)."""
        self.taken.append((x, y, x + w, y + h))

    def place(
        self, options: list[Spot], w: float, size: float, *, required: bool, view: str
    ) -> Spot | None:
        """The first text position (x, baseline y, anchor) that overlaps nothing placed so far.

        When every option collides, a required text takes the option in view that overlaps
        least and an optional one is left out (None).
        """
        spots = []
        for tx, ty, anchor in options:
            spots.append(
                (
                    tx - (w if anchor == "end" else w / 2 if anchor == "middle" else 0),
                    ty - size * 0.8,
                )
            )
        spot = self.place_box(spots, w, size * 1.05, required=required, view=view)
        return None if spot is None else options[spots.index(spot)]

    def place_box(
        self, spots: list[Point], w: float, h: float, *, required: bool, view: str
    ) -> Point | None:
        """The first top-left corner whose w × h box is free (see :meth:`place`), reserved."""
        for x0, y0 in spots:
            box = (x0, y0, x0 + w, y0 + h)
            if self.in_view((x0, y0), w, h, view) and not any(overlap(box, t) for t in self.taken):
                self.taken.append(box)
                return x0, y0
        if not required:
            return None
        # nothing is free: take the spot in view that overlaps least
        in_view = [sp for sp in spots if self.in_view(sp, w, h, view)] or spots[:1]
        x0, y0 = min(in_view, key=lambda sp: self.overlap_area((*sp, sp[0] + w, sp[1] + h)))
        self.taken.append((x0, y0, x0 + w, y0 + h))
        return x0, y0

    def in_view(self, spot: Point, w: float, h: float, view: str) -> bool:
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
            and not overlap(box, (fx, fy, fx + fw, fy + fh))
        )

    def overlap_area(self, box: Box) -> float:
        """How much of ``box`` is already taken (square pixels, overlaps counted each)."""
        total = 0.0
        for t in self.taken:
            dx = min(box[2], t[2]) - max(box[0], t[0])
            dy = min(box[3], t[3]) - max(box[1], t[1])
            if dx > 0 and dy > 0:
                total += dx * dy
        return total

    # -- document -----------------------------------------------------------------------------

    def document(self, width: float | None, title: str, order: tuple[str, ...],
                 defs: str = "", *, below: float = 0.0) -> str:
        """The standalone SVG: water under everything, then ``order``'s layers, each one
        ``<g class="layer-name">``. ``width`` sets the drawn width in pixels (None: fill the
        container); ``below`` adds a paper band of that height under the map (for a key)."""
        vx, vy, vw, vh = self.geo.view_box
        size = ""
        if width is not None:
            size = f' width="{width:g}" height="{width * (vh + below) / vw:.0f}"'
        body = []
        for layer in order:
            items = self.layers.get(layer, [])
            body.append(f'<g class="layer-{layer.replace("_", "-")}">' + "".join(items) + "</g>")
        band = (f'<rect class="band" x="{vx}" y="{vy + vh}" width="{vw}" height="{below:g}" '
                f'fill="{palette.HALO}"/>' if below else "")
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{vx} {vy} {vw} {vh + below:g}"'
            f'{size} role="img" font-family="{escape(palette.SERIF)}">'
            f"<title>{escape(title)}</title>{defs}"
            f'<rect class="water" x="{vx}" y="{vy}" width="{vw}" height="{vh}" '
            f'fill="{palette.WATER}"/>{band}' + "".join(body) + "</svg>"
        )
