"""The board of *Amphipolis* as SVG, drawn from a side's view: the coast of the Strymon mouth
and the Chalcidicè (the real coastline of the Hellenes map, :mod:`hellenes_nb.board`), the
eight towns of the operational map on their sites, the three rear bases, and for each a box
holding its counters as a player of the box expects them (unit type, strength points, the
sword of a bonus, the white band of Athenian and Spartan troops, a reduced unit paler; leaders
with their swords), and the tracks (turn, action points, Advantage, victory points).

It reads only the view (``Game.view(side)``), already redacted: strategems in hand are not on
the board at all. Each box carries ``data-zone`` so that a widget can hear clicks."""

from __future__ import annotations

import functools
from xml.sax.saxutils import escape

from hellenes_nb.board import palette
from hellenes_nb.board.canvas import Canvas, text
from hellenes_nb.board.geometry import Geometry, read_geometry
from hellenes_nb.games.amphipolis.counters import CELL, COLOURS, counters, pieces_of, stack_chip
from hellenes_nb.games.amphipolis.render_main import main_map_svg
from hellenes_nb.games.amphipolis.world import data_dir

__all__ = ["COLOURS", "SIZES", "board_svg"]

#: the part of the Hellenes map's pixels drawn (x, y) and its scale on the board
ORIGIN, SCALE = (660.0, 110.0), 3.7
WIDTH, HEIGHT = 1240, 800
#: the operational map's own width; beside the main map it is drawn at the scale SMALL
OP_WIDTH = 1000
SMALL = 0.38
#: "classroom" draws counters and words larger, for a projector
SIZES = {"normal": 1.0, "classroom": 1.2}
#: the top left corner of each zone's box (reconstruction: a layout around the coast)
BOXES = {"macedonia": (20, 20), "thrace": (380, 20), "thasos": (800, 250),
         "O7": (20, 250), "O1": (20, 560), "O2": (210, 690), "O4": (425, 690),
         "O8": (575, 200), "O6": (575, 330), "O3": (575, 455), "O5": (575, 580)}
PER_ROW = 5


@functools.cache
def geometry() -> Geometry:
    """The Hellenes map's coastline, read once (the same file the Hellenes map draws)."""
    return read_geometry(data_dir().parent / "hellenes" / "geometry.json")


def point(lat: float, lon: float) -> tuple[float, float]:
    x, y = geometry().to_map(lat, lon)
    return (x - ORIGIN[0]) * SCALE, (y - ORIGIN[1]) * SCALE


def _coast() -> str:
    canvas = Canvas(geometry())
    for shape in geometry().areas.values():
        if shape.view == "main":
            canvas.add("land", f'<path d="{shape.d}" fill="{palette.LAND}" stroke="none"/>')
    canvas.draw_offmap()
    canvas.draw_coast(width=0.3)
    body = "".join("".join(canvas.layers.get(k, [])) for k in ("land", "offmap", "coast"))
    return (f'<g class="coast" transform="scale({SCALE:g}) '
            f'translate({-ORIGIN[0]:g} {-ORIGIN[1]:g})">{body}</g>')


def _box(zone: dict, lit: frozenset[str], k: float, small: bool = False) -> str:
    """A zone's box with its counters; ``small`` (the map drawn small beside the main map):
    room for the stack chips drawn over it at full size (:func:`_chips`) instead."""
    bx, by = BOXES[zone["id"]]
    pieces = [] if small else pieces_of(zone)
    rows = max(1, -(-len(pieces) // PER_ROW))
    w, h = PER_ROW * CELL + 12, 38 + rows * CELL
    inner = [counters(pieces, PER_ROW, 6, 32)]
    if zone["kind"] == "op":
        owner = zone["garrison"]
        head = f"{zone['id']} {zone['name']}"
        sub = f"garrison {owner.title()}: VA {zone['va']}, {zone['pf']} PF"
        edge = COLOURS[owner]
    else:
        head = zone["name"]
        sub = "rear base of " + " and ".join(s.title() for s in zone["users"])
        edge = palette.INK
    ring = ' stroke-width="4" stroke="#f2a900"' if zone["id"] in lit else \
        f' stroke-width="1.6" stroke="{edge}"'
    body = (f'<rect width="{w}" height="{h}" rx="6" fill="{palette.HALO}" '
            f'fill-opacity="0.93"{ring}/>'
            + text(6, 13, head, 11.5, weight="bold", halo=False)
            + text(6, 25, sub, 9, halo=False, colour=edge) + "".join(inner))
    bx, by = min(bx, OP_WIDTH - w * k - 4), min(by, HEIGHT - h * k - 4)  # kept on the board
    grown = f" scale({k:g})" if k != 1 else ""
    return (f'<g class="zone" data-zone="{zone["id"]}" transform="translate({bx:g} {by:g})'
            f'{grown}"><title>{escape(head)}</title>{body}</g>')


def _chips(zones: list[dict], x0: float) -> str:
    """Each box's pieces as one chip a side, drawn at the main map's scale over the small
    operational map (its counters there would be a few pixels high), clickable as the box."""
    out = []
    for zone in zones:
        bx, by = BOXES[zone["id"]]
        chips = "".join(stack_chip(x0 + bx * SMALL + 4 + 44 * n, by * SMALL + 14, zone, side)
                        for n, side in enumerate(s for s in ("athens", "sparta")
                                                 if zone[s]["units"] or zone[s]["leaders"]))
        if chips:
            out.append(f'<g class="chips" data-zone="{zone["id"]}">{chips}</g>')
    return "".join(out)


def _town(zone: dict) -> str:
    x, y = point(zone["lat"], zone["lon"])
    bx, by = BOXES[zone["id"]]
    colour = COLOURS[zone["garrison"]] if zone["kind"] == "op" else palette.INK
    mark = (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="6" fill="{colour}" stroke="#fff" '
            f'stroke-width="1.5"/>' if zone["kind"] == "op" else
            f'<rect x="{x - 5:.1f}" y="{y - 5:.1f}" width="10" height="10" fill="{colour}"/>')
    return (f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{bx + 60}" y2="{by + 12}" '
            f'stroke="{colour}" stroke-width="1" stroke-dasharray="3 3" opacity="0.7"/>{mark}')


def _amphipolis(view: dict) -> str:
    """Amphipolis itself, whose citadel's garrison counts in the victory (§9); the main map
    around it is not drawn (scenario 10.2 does not use it)."""
    x, y = point(40.82, 23.85)
    colour = COLOURS[view["citadel"]]
    return (f'<g class="citadel"><rect x="{x - 6:.1f}" y="{y - 6:.1f}" width="12" height="12" '
            f'fill="{colour}" stroke="#fff" stroke-width="1.5" transform="rotate(45 {x:.1f} '
            f'{y:.1f})"/>' + text(x + 10, y - 8, f"Amphipolis (citadel: "
                                  f"{view['citadel'].title()})", 10, weight="bold") + "</g>")


def _tracks(view: dict, k: float, at: tuple[float, float] | None = None) -> str:
    vp, pa = view["vp"], view["pa"]
    lines = [f"Turn {view['turn']} ({view['first_turn']}–{view['last_turn']}): "
             f"{view['season']} {view['year']} BC" + (", armistice" if view["armistice"]
                                                       else ""),
             f"Initiative {view['initiative'].title()} · Advantage "
             f"{view['advantage'].title()}",
             f"PA: Athens {pa['athens']}, Sparta {pa['sparta']}",
             f"VP: Athens {vp['athens']}, Sparta {vp['sparta']}",
             f"Citadel of Amphipolis: {view['citadel'].title()}"]
    body = "".join(text(8, 16 + 16 * i, line, 11, halo=False) for i, line in enumerate(lines))
    x, y = at or (OP_WIDTH - 190 * k - 6, 20)
    return (f'<g class="tracks" transform="translate({x:g} {y:g}) '
            f'scale({k:g})">'
            f'<rect width="190" height="{24 + 16 * len(lines)}" rx="6" fill="{palette.HALO}" '
            f'stroke="{palette.INK}"/>{body}</g>')


def board_svg(view: dict, *, lit: frozenset[str] = frozenset(), size: str = "normal",
              width: float | None = None, main_map: bool | None = None) -> str:
    """The board of ``view`` (a side's ``Game.view``) as SVG; ``lit`` zones are ringed (where
    the chosen pieces may go). When the scenario uses the main map (``view["main_map"]``) or
    ``main_map`` asks for it, the main map is the large part of the board, on the left, and the
    operational map with the rear bases is drawn smaller on the right, the tracks under it;
    otherwise the board is the operational map alone, at its full size (scenario 10.2)."""
    if size not in SIZES:
        raise ValueError(f"size must be 'normal' or 'classroom', not {size!r}")
    k = SIZES[size]
    zones = [z for z in view["zones"] if z["kind"] != "main"]
    both = bool(view.get("main_map")) if main_map is None else main_map
    wide = WIDTH if both else OP_WIDTH
    dims = f' width="{width:g}" height="{width * HEIGHT / wide:.0f}"' if width else ""
    title = "the main map and the operational map" if both else "the operational map"
    operational = (f'<rect class="water" width="{OP_WIDTH}" height="{HEIGHT}" '
                   f'fill="{palette.WATER}"/>{_coast()}'
                   f'{"".join(_town(z) for z in zones)}{_amphipolis(view)}'
                   f'{"".join(_box(z, lit, k, both) for z in zones)}')
    if both:
        x0 = WIDTH - OP_WIDTH * SMALL
        body = (main_map_svg(view, geometry(), lit, k)
                + f'<clipPath id="amph-op-clip"><rect width="{OP_WIDTH}" height="{HEIGHT}"/>'
                f'</clipPath><g class="operational" transform="translate({x0:g} 0) '
                f'scale({SMALL:g})"><g clip-path="url(#amph-op-clip)">{operational}</g></g>'
                f'<rect x="{x0:g}" width="{OP_WIDTH * SMALL:g}" '
                f'height="{HEIGHT * SMALL:g}" fill="none" stroke="{palette.INK}" '
                f'stroke-width="1.5"/>' + _chips(zones, x0)
                + _tracks(view, k, (x0 + 8, HEIGHT * SMALL + 12)))
    else:
        body = operational + _tracks(view, k)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {wide} {HEIGHT}"{dims} '
            f'role="img" font-family="{escape(palette.SERIF)}">'
            f'<title>Amphipolis, 424–422 BC: {title}</title>'
            f'<rect class="water" width="{wide}" height="{HEIGHT}" fill="{palette.WATER}"/>'
            f'{body}</svg>')
