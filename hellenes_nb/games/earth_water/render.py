"""The board of *300: Earth & Water* as SVG, drawn from a side's view on the real coastline of
the Hellenes map (:mod:`hellenes_nb.board`): the eleven cities on their sites with their
amphorae and ports, the roads (the Hellespont dashed until the bridge stands), the armies and
fleets of each city as stacks, and the tracks of campaigns, victory points and talents.

It reads only the view (``Game.view(side)``), which is already redacted, so the drawing can show
nothing the side may not see. Cities carry ``data-city`` so that a widget can hear clicks.
"""

from __future__ import annotations

import functools
from xml.sax.saxutils import escape

from hellenes_nb.board import palette, symbols
from hellenes_nb.board.canvas import Canvas, text
from hellenes_nb.board.geometry import Geometry, read_geometry
from hellenes_nb.core.words import count
from hellenes_nb.games.earth_water.index import ADJ, CITIES, WORLD
from hellenes_nb.games.earth_water.ruleset import EARTH_WATER
from hellenes_nb.games.earth_water.world import data_dir

__all__ = ["COLOURS", "SIZES", "board_svg", "geometry", "point", "scenario_svg"]

#: each side's colour: Greece red, Persia blue (§2.2)
COLOURS = {"greece": "#b3261e", "persia": "#1f4e9c"}
NEUTRAL = "#e9e3d2"
LAYERS = ("land", "offmap", "coast", "roads", "cities", "names", "pieces", "tracks")
TRACK = WORLD.setup.track.max
#: the part of the Hellenes geometry the game uses (x, y, width, height)
WINDOW = (520.0, 130.0, 680.0, 720.0)
#: the board's sizes: (scale of names, pieces and the tracks, scale of roads); "classroom" is
#: for a projector, as on the Hellenes map (docs/earth-water.md)
SIZES = {"normal": (1.0, 1.0), "classroom": (1.4, 1.6)}
#: where each city's pieces are drawn, from its symbol, when the default spot is crowded
OFFSET = {"athenai": (14, 6), "thebai": (-44, 2), "eretria": (12, -8), "korinthos": (-52, 0),
          "delphi": (-52, -10), "sparta": (-52, 0), "larissa": (-52, -10),
          "pella": (-52, -14), "abydos": (12, 4), "ephesos": (12, 4), "naxos": (12, 4)}


@functools.cache
def geometry() -> Geometry:
    """The Hellenes map's coastline, read once (the same file the Hellenes map draws)."""
    return read_geometry(data_dir().parent / "hellenes" / "geometry.json")


def point(city_id: str) -> tuple[float, float]:
    """Where a city is drawn (map pixels)."""
    c = next(c for c in CITIES if c.id == city_id)
    return geometry().to_map(c.lat, c.lon)


def _land(canvas: Canvas) -> None:
    geo = canvas.geo
    for shape in geo.areas.values():
        if shape.view == "main":
            canvas.add("land", f'<path d="{shape.d}" fill="{palette.LAND}" stroke="none"/>')
    canvas.draw_offmap()
    canvas.draw_coast()


def _grown(x: float, y: float, element: str, k: float) -> str:
    """``element`` made ``k`` times larger about the point (x, y)."""
    if k == 1:
        return element
    return (f'<g transform="translate({x:.1f} {y:.1f}) scale({k:g}) '
            f'translate({-x:.1f} {-y:.1f})">{element}</g>')


def _roads(canvas: Canvas, bridge: bool, thick: float = 1.0) -> None:
    for c in CITIES:
        x0, y0 = point(c.id)
        for other, needs in ADJ[c.index]:
            if other < c.index:
                continue
            x1, y1 = point(CITIES[other].id)
            dash = ' stroke-dasharray="5 4"' if needs and not bridge else ""
            colour = COLOURS["persia"] if needs else palette.NATION_LINE
            title = ("the Hellespont: open while the pontoon bridge stands (§5.1)" if needs
                     else f"road {c.name}–{CITIES[other].name}")
            canvas.add("roads", f'<line class="road" x1="{x0:.1f}" y1="{y0:.1f}" '
                       f'x2="{x1:.1f}" y2="{y1:.1f}" stroke="{colour}" '
                       f'stroke-width="{2.2 * thick:g}"{dash}>'
                       f'<title>{escape(title)}</title></line>')


def _pieces(x: float, y: float, city: dict) -> str:
    """Cubes for armies and disks for fleets, one row a side, each with its count."""
    out = []
    for row, side in enumerate(("greece", "persia")):
        colour = COLOURS[side]
        armies, fleets = city["armies"][side], city["fleets"][side]
        cx = x
        cy = y + row * 15
        if armies:
            out.append(f'<rect class="army" data-side="{side}" x="{cx:.1f}" y="{cy:.1f}" '
                       f'width="11" height="11" fill="{colour}" stroke="#fff" stroke-width="0.8"'
                       f'/><text x="{cx + 13:.1f}" y="{cy + 9.5:.1f}" font-size="10" '
                       f'font-weight="bold" fill="{colour}" font-family="{palette.SANS}" '
                       f'stroke="{palette.HALO}" stroke-width="2.2" paint-order="stroke">'
                       f'{armies}</text>')
            cx += 30
        if fleets:
            out.append(f'<circle class="fleet" data-side="{side}" cx="{cx + 5.5:.1f}" '
                       f'cy="{cy + 5.5:.1f}" r="5.5" fill="{colour}" stroke="#fff" '
                       f'stroke-width="0.8"/><text x="{cx + 13:.1f}" y="{cy + 9.5:.1f}" '
                       f'font-size="10" font-weight="bold" fill="{colour}" '
                       f'font-family="{palette.SANS}" stroke="{palette.HALO}" '
                       f'stroke-width="2.2" paint-order="stroke">{fleets}</text>')
    return "".join(out)


def _cities(canvas: Canvas, view: dict, lit: frozenset[str], big: float = 1.0) -> None:
    for city in view["cities"]:
        x, y = point(city["id"])
        control = city["control"]
        colour = COLOURS[control] if control else NEUTRAL
        if city["major"]:
            colour = palette.mix(COLOURS[city["major"]], colour, 0.55) if control else colour
        ring = ""
        if city["id"] in lit:
            ring = (f'<circle class="lit" cx="{x:.1f}" cy="{y:.1f}" r="15" fill="none" '
                    'stroke="#f2a900" stroke-width="3"/>')
        canvas.add("cities", ring + symbols.city(x, y, city["amphorae"], colour,
                                                 port=city["port"], place=city["id"]))
        major = " ★" if city["major"] else ""
        canvas.add("names", text(x, y - 13 * big, city["name"] + major, 12 * big,
                                 anchor="middle", weight="bold"))
        dx, dy = OFFSET[city["id"]]  # pieces left of the city grow leftwards, off its symbol
        canvas.add("pieces", f'<g class="stack" data-city="{city["id"]}">'
                   f'{_grown(x + max(dx, 0), y + dy, _pieces(x + dx, y + dy, city), big)}</g>')


#: the panel under the board: its corner (map units), width and height, the size of its words
PANEL = (WINDOW[0] + 128, WINDOW[1] + WINDOW[3] - 136, 476, 128)
PANEL_FONT = 13.5
#: who looks at the board, as its key says (a teacher's board is nobody's side)
VIEWERS = {"all": "Teacher's view (all)", "greece": "Greece's view", "persia": "Persia's view"}


def _reserve_words(side: str, reserve: dict) -> str:
    """``Persia: 18 armies, 5 fleets in reserve``."""
    return (f"{side.title()}: {count(reserve['armies'], 'army', 'armies')}, "
            f"{count(reserve['fleets'], 'fleet')} in reserve")


def _key(x: float, y: float, viewer: str) -> list[str]:
    """The key in the panel's right column: each side's colour (red Greece and blue Persia,
    not the blue Athens of the Hellenes map), squares for armies and circles for fleets."""
    f = PANEL_FONT - 1.5
    out = [text(x, y, "Key", f, weight="bold")]
    for row, side in enumerate(("greece", "persia")):
        cy = y + 8 + row * 17
        out.append(f'<rect class="key-army" data-side="{side}" x="{x}" y="{cy}" width="11" '
                   f'height="11" fill="{COLOURS[side]}"/><circle class="key-fleet" '
                   f'data-side="{side}" cx="{x + 21.5}" cy="{cy + 5.5}" r="5.5" '
                   f'fill="{COLOURS[side]}"/>' + text(x + 32, cy + 10, side.title(), f))
    grey = palette.INK
    cy = y + 42
    out.append(f'<rect x="{x}" y="{cy}" width="11" height="11" fill="none" stroke="{grey}"/>'
               + text(x + 16, cy + 10, "square: armies", f))
    out.append(f'<circle cx="{x + 5.5}" cy="{cy + 22.5}" r="5.5" fill="none" stroke="{grey}"/>'
               + text(x + 16, cy + 27, "circle: fleets", f))
    out.append(text(x, cy + 45, "★ Major city", f))
    out.append(text(x, cy + 62, VIEWERS.get(viewer, ""), f - 1.5, italic=True,
                    attrs='class="key-viewer"'))
    return out


def _tracks(canvas: Canvas, view: dict, big: float = 1.0) -> None:
    """The panel under the board: the campaign track, the Total Score Track (-6 Persia .. 6
    Greece), talents and reserves in words, and the key."""
    x, y, w, h = PANEL
    f = PANEL_FONT
    x0, y0 = x + 8, y + 20
    out = [f'<rect class="panel" x="{x}" y="{y}" width="{w}" height="{h}" rx="6" '
           f'fill="{palette.HALO}" fill-opacity="0.94" stroke="{palette.LAND_LINE}"/>',
           text(x0, y0, "Campaign", f, weight="bold")]
    for i in range(1, view["campaigns"] + 1):
        on = i == view["campaign"]
        bx = x0 + 52 + i * 26
        out.append(f'<rect class="campaign{" now" if on else ""}" x="{bx}" y="{y0 - 14}" '
                   f'width="22" height="18" fill="{"#2b2418" if on else "#fff"}" '
                   f'stroke="{palette.INK}"/>' + text(bx + 11, y0, str(i), f - 1,
                                                       anchor="middle", halo=False,
                                                       colour="#fff" if on else palette.INK))
    y1 = y0 + 28
    out.append(text(x0, y1, "Score", f, weight="bold"))
    for v in range(-TRACK, TRACK + 1):
        bx = x0 + 48 + (v + TRACK) * 20.5
        side = "greece" if v > 0 else "persia" if v < 0 else None
        fill = palette.mix(COLOURS[side], "#ffffff", 0.25) if side else "#fff"
        on = v == view["score"]
        out.append(f'<rect class="score{" now" if on else ""}" x="{bx}" y="{y1 - 14}" '
                   f'width="19" height="18" fill="{"#2b2418" if on else fill}" '
                   f'stroke="{palette.INK}"/>' + text(bx + 9.5, y1, str(abs(v)), f - 1.5,
                                                       anchor="middle", halo=False,
                                                       colour="#fff" if on else palette.INK))
    ends = x0 + 48 + (2 * TRACK + 1) * 20.5
    out.append(text(x0 + 48, y1 + 15, "◀ Persia leads", f - 3, colour=COLOURS["persia"]))
    out.append(text(ends, y1 + 15, "Greece leads ▶", f - 3, anchor="end",
                    colour=COLOURS["greece"]))
    talents = view["talents"]
    words = ", ".join(f"{side.title()} {n}" for side, n in talents.items()) or "none"
    y2 = y1 + 36
    out.append(text(x0, y2, f"Talents to spend: {words}", f - 1))
    reserve = view["reserve"]
    for row, side in enumerate(("greece", "persia")):
        out.append(text(x0, y2 + 18 * (row + 1), _reserve_words(side, reserve[side]), f - 1,
                        attrs=f'class="reserve" data-side="{side}"'))
    out += _key(x + w - 118, y0, view.get("viewer", "all"))
    # a little larger in the classroom size, grown about the panel's bottom left corner
    canvas.add("tracks", _grown(x, y + h, "".join(out), min(big, 1.12)))


def board_svg(view: dict, *, width: float | None = None, lit: frozenset[str] = frozenset(),
              title: str = "300: Earth & Water", size: str = "normal") -> str:
    """The board of ``view`` (a side's ``Game.view``) as a standalone SVG; ``lit`` cities are
    ringed (where a chosen group may go). ``size`` "classroom" draws names, pieces and the
    tracks larger and the roads thicker, for a projector."""
    if size not in SIZES:
        raise ValueError(f"size must be 'normal' or 'classroom' (larger names and pieces for a "
                         f"projector), not {size!r}")
    big, thick = SIZES[size]
    canvas = Canvas(geometry())
    _land(canvas)
    _roads(canvas, "bridge" in view["flags"], thick)
    _cities(canvas, view, lit, big)
    _tracks(canvas, view, big)
    vx, vy, vw, vh = WINDOW
    size = f' width="{width:g}" height="{width * vh / vw:.0f}"' if width else ""
    body = "".join(f'<g class="layer-{name}">' + "".join(canvas.layers.get(name, [])) + "</g>"
                   for name in LAYERS)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{vx:g} {vy:g} {vw:g} {vh:g}"'
            f'{size} role="img" font-family="{escape(palette.SERIF)}">'
            f'<title>{escape(title)}</title><rect class="water" x="{vx:g}" y="{vy:g}" '
            f'width="{vw:g}" height="{vh:g}" fill="{palette.WATER}"/>{body}</svg>')


def scenario_svg(*, width: float | None = None, seed: int = 0) -> str:
    """The board at the start of the game (``hellenes map --scenario earth-water``)."""
    state = EARTH_WATER.setup("earth-water", seed)
    EARTH_WATER.steps.settle(state)
    return board_svg(EARTH_WATER.view(state, "all"), width=width,
                     title="300: Earth & Water: the start (§3)")
