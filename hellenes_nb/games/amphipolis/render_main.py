"""The main map of *Amphipolis* drawn beside the operational map: the lower Strymon on the
same real coastline (zoomed), each zone T1-T27 and M1-M3 on its reconstructed site coloured
by its terrain, the borders between them (plain, across the river, the bridge, walls with a
tick on their inside, a buildable wall dashed until built), the juncture points that are not
adjacencies, the roads to the rear bases, and each side's pieces in each zone.

It reads only the view (``Game.view(side)``, already redacted). Each zone carries
``data-zone`` so that a widget can hear clicks, as the boxes of the operational map do."""

from __future__ import annotations

from xml.sax.saxutils import escape

from hellenes_nb.board import palette
from hellenes_nb.board.canvas import Canvas, text
from hellenes_nb.games.amphipolis.world import load_world

__all__ = ["INSET", "main_map_svg"]

#: where the inset sits on the board (x, y, width, height) and the zoom of the coastline
INSET = (1000.0, 20.0, 470.0, 450.0)
ZOOM = 18.0
#: the map's centre (lat, lon), drawn at the inset's centre
CENTRE = (40.822, 23.845)
TERRAIN = {"city": "#bdbdbd", "clear": "#f3e9b5", "humid": "#a8d5c2", "elevated": "#c9a27a",
           "port": "#7fb2dd", "sea": "#7fb2dd"}
#: the Strymon, from the lake to the mouth (reconstruction: its course past the bridge)
RIVER = ((40.905, 23.836), (40.870, 23.841), (40.846, 23.839), (40.828, 23.832),
         (40.812, 23.829), (40.800, 23.835), (40.788, 23.849), (40.774, 23.857))
#: the rear bases, drawn as arrows beside the zones they touch (§3.1)
ROADS = {"thrace": (40.905, 23.945), "macedonia": (40.862, 23.722), "thasos": (40.765, 23.925)}
R = 10.0


def _xy(geo, lat: float, lon: float) -> tuple[float, float]:
    x0, y0 = geo.to_map(*CENTRE)
    x, y = geo.to_map(lat, lon)
    k = ZOOM
    return INSET[0] + INSET[2] / 2 + (x - x0) * k, INSET[1] + INSET[3] / 2 + (y - y0) * k


def _coast(geo) -> str:
    x0, y0 = geo.to_map(*CENTRE)
    canvas = Canvas(geo)
    for shape in geo.areas.values():
        if shape.view == "main":
            canvas.add("land", f'<path d="{shape.d}" fill="{palette.LAND}" stroke="none"/>')
    canvas.draw_offmap()
    canvas.draw_coast(width=0.05)
    body = "".join("".join(canvas.layers.get(k, [])) for k in ("land", "offmap", "coast"))
    tx, ty = INSET[0] + INSET[2] / 2 - x0 * ZOOM, INSET[1] + INSET[3] / 2 - y0 * ZOOM
    return f'<g class="coast" transform="translate({tx:g} {ty:g}) scale({ZOOM:g})">{body}</g>'


def _border(p, q, kind: str, wall: str, walls: str, inside) -> str:
    (x1, y1), (x2, y2) = p, q
    if kind == "bridge":
        style = 'stroke="#7a4a1e" stroke-width="4"'
    elif kind == "river":
        style = 'stroke="#3a78b5" stroke-width="1.4" stroke-dasharray="2 3"'
    else:
        style = f'stroke="{palette.INK}" stroke-width="1" opacity="0.55"'
    out = f'<line class="border" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {style}/>'
    if wall != "none":
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        dx, dy = (y2 - y1), -(x2 - x1)
        n = max((dx * dx + dy * dy) ** 0.5, 1.0)
        dx, dy = dx / n * 9, dy / n * 9
        up = wall == "permanent" or walls == "built"
        dash = "" if up else ' stroke-dasharray="3 2"'
        colour = "#222" if walls != "destroyed" or wall == "permanent" else "#999"
        ix, iy = inside
        tick = 4 if (ix - mx) * (x2 - x1) + (iy - my) * (y2 - y1) >= 0 else -4
        tx, ty = (x2 - x1) / n * tick, (y2 - y1) / n * tick
        out += (f'<g class="wall" data-wall="{wall}"><line x1="{mx - dx:.1f}" y1="{my - dy:.1f}" '
                f'x2="{mx + dx:.1f}" y2="{my + dy:.1f}" stroke="{colour}" stroke-width="3"{dash}/>'
                f'<line x1="{mx:.1f}" y1="{my:.1f}" x2="{mx + tx:.1f}" y2="{my + ty:.1f}" '
                f'stroke="{colour}" stroke-width="2"/></g>')
    return out


def _zone(z: dict, at: tuple[float, float], lit: frozenset[str]) -> str:
    x, y = at
    fill = TERRAIN[z["terrain"]]
    ring = ('stroke="#f2a900" stroke-width="3.5"' if z["id"] in lit else
            f'stroke="{palette.INK}" stroke-width="1"')
    shape = (f'<rect x="{x - R:.1f}" y="{y - R:.1f}" width="{2 * R}" height="{2 * R}" rx="2" '
             f'fill="{fill}" {ring}/>' if z["terrain"] == "city" else
             f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{R}" fill="{fill}" {ring}/>')
    names, marks = [], []
    for k, side in enumerate(("athens", "sparta")):
        pieces = z[side]
        n = len(pieces["units"])
        who = [g["name"] for g in pieces["leaders"]] + [
            f"{u['type']}/{u['pf']}{'+' if u['bonus'] else ''}" for u in pieces["units"]]
        if who:
            names.append(f"{side.title()}: {', '.join(who)}")
            colour = "#0072B2" if side == "athens" else "#D55E00"
            label = f"{n}{'L' if pieces['leaders'] else ''}"
            marks.append(f'<rect x="{x - R + k * R:.1f}" y="{y + R - 1:.1f}" width="{R}" '
                         f'height="9" fill="{colour}"/>'
                         + text(x - R / 2 + k * R, y + R + 6.5, label, 7, anchor="middle",
                                halo=False, colour="#fff"))
    title = f"{z['id']} {z['name']} ({z['terrain']})" + ("; " + "; ".join(names) if names
                                                          else "")
    return (f'<g class="zone main" data-zone="{z["id"]}"><title>{escape(title)}</title>{shape}'
            + text(x, y + 3, z["id"], 7.5, anchor="middle", weight="bold", halo=False)
            + "".join(marks) + "</g>")


def main_map_svg(view: dict, geo, lit: frozenset[str] = frozenset()) -> str:
    """The inset with the main map (module docstring) for ``view``."""
    w = load_world()
    zones = {z["id"]: z for z in view["zones"] if z["kind"] == "main"}
    at = {zid: _xy(geo, z["lat"], z["lon"]) for zid, z in zones.items()}
    walls = view.get("walls", "none")
    x, y, wd, ht = INSET
    clip = (f'<clipPath id="amph-main-clip"><rect x="{x}" y="{y}" width="{wd}" '
            f'height="{ht}"/></clipPath>')
    river = " ".join(f"{a:.1f},{b:.1f}" for a, b in (_xy(geo, *p) for p in RIVER))
    lines = "".join(_border(at[b.a], at[b.b], b.crossing, b.wall, walls, at[b.inside or b.a])
                    for b in w.borders)
    corners = "".join(
        f'<g class="corner"><title>{escape("-".join(c))}: a juncture point, not an adjacency '
        f'(§3.1)</title><path d="M{cx - 4:.1f},{cy:.1f} L{cx:.1f},{cy - 4:.1f} L{cx + 4:.1f},'
        f'{cy:.1f} L{cx:.1f},{cy + 4:.1f}Z" fill="#222"/></g>'
        for c in w.junctions if all(z in at for z in c)
        for cx, cy in [(sum(at[z][0] for z in c) / len(c), sum(at[z][1] for z in c) / len(c))])
    roads = ""
    for base, (lat, lon) in ROADS.items():
        bx, by = _xy(geo, lat, lon)
        for t in w.zone[base].touches:
            tx, ty = at[t]
            roads += (f'<line x1="{bx:.1f}" y1="{by:.1f}" x2="{tx:.1f}" y2="{ty:.1f}" '
                      f'stroke="{palette.INK}" stroke-width="1" stroke-dasharray="5 3"/>')
        roads += text(bx, by, f"to {w.zone[base].name.split(' ')[0]}", 9, anchor="middle",
                      weight="bold")
    legend = text(x + 8, y + ht - 8, "Main map (reconstruction after Bey): the bridge brown, "
                  "the river dashed blue, walls black (inside ticked)", 8.5)
    return (f'<g class="main-map">{clip}<g clip-path="url(#amph-main-clip)">'
            f'<rect x="{x}" y="{y}" width="{wd}" height="{ht}" fill="{palette.WATER}"/>'
            f'{_coast(geo)}<polyline class="river" points="{river}" fill="none" '
            f'stroke="#3a78b5" stroke-width="5" opacity="0.6"/>{lines}{roads}{corners}'
            + "".join(_zone(z, at[zid], lit) for zid, z in zones.items())
            + f'</g><rect x="{x}" y="{y}" width="{wd}" height="{ht}" fill="none" '
            f'stroke="{palette.INK}" stroke-width="1.5"/>'
            + text(x + 8, y + 16, "Amphipolis and the lower Strymon (T1–T27, M1–M3)"
                   + ("" if view.get("main_map", True) else ": not used in this scenario"),
                   12, weight="bold") + legend + "</g>")
