"""The main map of *Amphipolis*, the large part of the board when a scenario uses it: the lower
Strymon on the same real coastline (zoomed), each zone T1-T27 and M1-M3 on its reconstructed
site coloured by its terrain with its id, the borders between them (plain, across the river,
the bridge, walls with a tick on their inside, a buildable wall dashed until built), the
juncture points that are not adjacencies, the roads to the rear bases, Amphipolis' citadel
with its holder, and each side's pieces in each zone as counters (:mod:`.counters`: unit type,
strength points, leaders with their swords), as the operational map's boxes show them.

It reads only the view (``Game.view(side)``, already redacted). Each zone carries
``data-zone`` so that a widget can hear clicks, as the boxes of the operational map do."""

from __future__ import annotations

from xml.sax.saxutils import escape

from hellenes_nb.board import palette
from hellenes_nb.board.canvas import Canvas, text
from hellenes_nb.games.amphipolis.counters import CELL, COLOURS, counters, pieces_of
from hellenes_nb.games.amphipolis.world import load_world

__all__ = ["INSET", "main_map_svg"]

#: where the main map sits on the board (x, y, width, height) and the zoom of the coastline
INSET = (0.0, 0.0, 860.0, 800.0)
ZOOM = 33.0
#: the map's centre (lat, lon), drawn at the frame's centre (a little above: room for pieces)
CENTRE = (40.824, 23.845)
LIFT = 10.0
#: counters per row under a zone, and their scale on the main map
PER_ROW = 3
PIECE = 1.15
#: where a crowded zone's counters go instead of under it (around the city and the bridge); a
#: stack on the left ends level with the disc's foot, clear of the bridge below T11
ASIDE = {"T12": "above", "T11": "left", "T7": "right", "T17": "right", "T8": "right"}
TERRAIN = {"city": "#bdbdbd", "clear": "#f3e9b5", "humid": "#a8d5c2", "elevated": "#c9a27a",
           "port": "#7fb2dd", "sea": "#7fb2dd"}
#: the Strymon, from the lake to the mouth (reconstruction: its course past the bridge)
RIVER = ((40.905, 23.836), (40.870, 23.841), (40.846, 23.839), (40.828, 23.832),
         (40.812, 23.829), (40.800, 23.835), (40.788, 23.849), (40.774, 23.857))
#: the rear bases, drawn as arrows beside the zones they touch (§3.1)
ROADS = {"thrace": (40.905, 23.945), "macedonia": (40.862, 23.722), "thasos": (40.765, 23.925)}
R = 15.0


def _xy(geo, lat: float, lon: float) -> tuple[float, float]:
    x0, y0 = geo.to_map(*CENTRE)
    x, y = geo.to_map(lat, lon)
    k = ZOOM
    return (INSET[0] + INSET[2] / 2 + (x - x0) * k,
            INSET[1] + INSET[3] / 2 - LIFT + (y - y0) * k)


def _coast(geo) -> str:
    x0, y0 = geo.to_map(*CENTRE)
    canvas = Canvas(geo)
    for shape in geo.areas.values():
        if shape.view == "main":
            canvas.add("land", f'<path d="{shape.d}" fill="{palette.LAND}" stroke="none"/>')
    canvas.draw_offmap()
    canvas.draw_coast(width=0.05)
    body = "".join("".join(canvas.layers.get(k, [])) for k in ("land", "offmap", "coast"))
    tx, ty = INSET[0] + INSET[2] / 2 - x0 * ZOOM, INSET[1] + INSET[3] / 2 - LIFT - y0 * ZOOM
    return f'<g class="coast" transform="translate({tx:g} {ty:g}) scale({ZOOM:g})">{body}</g>'


def _border(p, q, kind: str, wall: str, walls: str, inside) -> str:
    (x1, y1), (x2, y2) = p, q
    if kind == "bridge":
        style = 'stroke="#7a4a1e" stroke-width="8" data-crossing="bridge"'
    elif kind == "river":
        style = 'stroke="#3a78b5" stroke-width="2" stroke-dasharray="3 4"'
    else:
        style = f'stroke="{palette.INK}" stroke-width="1" opacity="0.55"'
    out = f'<line class="border" x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {style}/>'
    if wall != "none":
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        dx, dy = (y2 - y1), -(x2 - x1)
        n = max((dx * dx + dy * dy) ** 0.5, 1.0)
        dx, dy = dx / n * 16, dy / n * 16
        up = wall == "permanent" or walls == "built"
        dash = "" if up else ' stroke-dasharray="3 2"'
        colour = "#222" if walls != "destroyed" or wall == "permanent" else "#999"
        ix, iy = inside
        tick = 7 if (ix - mx) * (x2 - x1) + (iy - my) * (y2 - y1) >= 0 else -7
        tx, ty = (x2 - x1) / n * tick, (y2 - y1) / n * tick
        out += (f'<g class="wall" data-wall="{wall}"><line x1="{mx - dx:.1f}" y1="{my - dy:.1f}" '
                f'x2="{mx + dx:.1f}" y2="{my + dy:.1f}" stroke="{colour}" stroke-width="5"{dash}/>'
                f'<line x1="{mx:.1f}" y1="{my:.1f}" x2="{mx + tx:.1f}" y2="{my + ty:.1f}" '
                f'stroke="{colour}" stroke-width="3"/></g>')
    return out


def _zone(z: dict, at: tuple[float, float], lit: frozenset[str], k: float) -> str:
    """A zone's disc (a square for a city) with its id; its pieces are :func:`_pieces`."""
    x, y = at
    r = R * k
    fill = TERRAIN[z["terrain"]]
    ring = ('stroke="#f2a900" stroke-width="5"' if z["id"] in lit else
            f'stroke="{palette.INK}" stroke-width="1.2"')
    shape = (f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:g}" height="{2 * r:g}" '
             f'rx="2" fill="{fill}" {ring}/>' if z["terrain"] == "city" else
             f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:g}" fill="{fill}" {ring}/>')
    names = []
    for side in ("athens", "sparta"):
        who = [g["name"] for g in z[side]["leaders"]] + [
            f"{u['type']}/{u['pf']}{'+' if u['bonus'] else ''}" for u in z[side]["units"]]
        if who:
            names.append(f"{side.title()}: {', '.join(who)}")
    title = f"{z['id']} {z['name']} ({z['terrain']})" + ("; " + "; ".join(names) if names
                                                          else "")
    return (f'<g class="zone main" data-zone="{z["id"]}"><title>{escape(title)}</title>{shape}'
            + text(x, y + 4.5 * k, z["id"], 12.5 * k, anchor="middle", weight="bold",
                   halo=False) + "</g>")


def _pieces(z: dict, at: tuple[float, float], k: float) -> str:
    """A zone's counters under its disc, ``PER_ROW`` to a row, clickable as the zone."""
    pieces = pieces_of(z)
    if not pieces:
        return ""
    x, y = at
    s = PIECE * k
    per = 5 if ASIDE.get(z["id"]) == "above" else PER_ROW  # one long row over the city
    wide = min(len(pieces), per) * CELL
    tall = -(-len(pieces) // per) * CELL
    gap = R * k + 3
    left, top = {"above": (x - wide * s / 2, y - gap - tall * s),
                 "left": (x - gap - wide * s, y + gap - tall * s),
                 "right": (x + gap, y - tall * s / 2)}.get(ASIDE.get(z["id"], ""),
                                                          (x - wide * s / 2, y + gap))
    return (f'<g class="pieces main" data-zone="{z["id"]}" transform="translate('
            f'{left:.1f} {top:.1f}) scale({s:g})">'
            f'<rect x="-2" y="-2" width="{wide + 2}" '
            f'height="{tall + 2}" rx="3" fill="{palette.HALO}" '
            f'fill-opacity="0.85" stroke="{palette.INK}" stroke-width="0.6"/>'
            + counters(pieces, per) + "</g>")


def _citadel(view: dict, at: tuple[float, float], k: float) -> str:
    """Amphipolis' citadel (§4.3.4) beside its city, in the colour of the side that holds it."""
    x, y = at
    holder = view.get("citadel", "athens")
    cx, cy = x + R * k, y - R * k
    return (f'<g class="citadel" data-holder="{holder}"><title>The citadel of Amphipolis, held '
            f'by {holder.title()}</title><rect x="{cx - 7:.1f}" y="{cy - 7:.1f}" width="14" '
            f'height="14" fill="{COLOURS[holder]}" stroke="#fff" stroke-width="1.5" '
            f'transform="rotate(45 {cx:.1f} {cy:.1f})"/>'
            + "</g>")


def main_map_svg(view: dict, geo, lit: frozenset[str] = frozenset(), k: float = 1.0) -> str:
    """The main map (module docstring) for ``view``, counters and ids grown by ``k``."""
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
        bx, by = min(max(bx, x + 60), x + wd - 60), min(max(by, y + 40), y + ht - 30)
        for t in w.zone[base].touches:
            tx, ty = at[t]
            roads += (f'<line x1="{bx:.1f}" y1="{by:.1f}" x2="{tx:.1f}" y2="{ty:.1f}" '
                      f'stroke="{palette.INK}" stroke-width="1" stroke-dasharray="5 3"/>')
        roads += text(bx, by, f"to {w.zone[base].name.split(' ')[0]}", 12, anchor="middle",
                      weight="bold")
    legend = text(x + 8, y + ht - 8, "Main map (reconstruction after Bey): the bridge brown, "
                  "the river blue, walls black (inside ticked; dashed until built)", 11)
    return (f'<g class="main-map">{clip}<g clip-path="url(#amph-main-clip)">'
            f'<rect x="{x}" y="{y}" width="{wd}" height="{ht}" fill="{palette.WATER}"/>'
            f'{_coast(geo)}<polyline class="river" points="{river}" fill="none" '
            f'stroke="#3a78b5" stroke-width="9" opacity="0.6"/>{lines}{roads}{corners}'
            + "".join(_zone(z, at[zid], lit, k) for zid, z in zones.items())
            + (_citadel(view, at["T12"], k) if "T12" in at else "")
            + "".join(_pieces(z, at[zid], k) for zid, z in zones.items())
            + f'</g><rect x="{x}" y="{y}" width="{wd}" height="{ht}" fill="none" '
            f'stroke="{palette.INK}" stroke-width="1.5"/>'
            + text(x + 10, y + 22, "Amphipolis and the lower Strymon (T1–T27, M1–M3); "
                   f"the citadel (◆ on T12) held by {view.get('citadel', 'athens').title()}"
                   + ("" if view.get("main_map", True) else ": not used in this scenario"),
                   15, weight="bold") + legend + "</g>")
