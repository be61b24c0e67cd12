"""The *Athens & Sparta* board as SVG, drawn from one side's view (docs/athens-sparta.md, "The
board"): the reconstructed hex map of :mod:`.drawing` with each city in its owner's colour, the
blocks standing in their hexes, sieges and blockades, the Sicily box's blocks, and a tally of
the Olympiad, the Game Turn, the cards shown and the city points.

Blocks stand facing their owner (§2.0): the viewer's own blocks are drawn face up (type,
rating, and the steps left as pips, the lost ones hollow); the other side's are drawn face
down, a plain block of its colour, since the view gives no more than where it stands. It
reads only ``Game.view(viewer)``, never the rules; each hex and block carries ``data-hex`` so
a widget can hear a click."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from xml.sax.saxutils import escape

from hellenes_nb.board import text
from hellenes_nb.core.words import count
from hellenes_nb.games.athens_sparta.drawing import COLOURS, ORDER, _corners, _map, _poly, _site
from hellenes_nb.games.athens_sparta.world import World, load_world

__all__ = ["SIZES", "TYPE_MARK", "board_svg", "hex_name", "hex_names"]

#: "classroom" draws blocks and words larger, for a projector, and leaves out the hex numbers
SIZES = ("normal", "classroom")
SCALE = {"normal": 1.0, "classroom": 1.3}
#: the letter on a face-up block for its type
TYPE_MARK = {"hoplite": "H", "peltast": "P", "cavalry": "C", "navy": "N", "demos": "D",
             "helots": "He", "tyrants": "T"}
SIDE_WORD = {"athens": "Athenian", "sparta": "Spartan", "neutral": "neutral"}
LIT = "#ffd23f"
BLOCK, GAP, PER_ROW, SHOWN = 15.0, 2.0, 3, 6
LAYERS = (*ORDER[:2], "lit", *ORDER[2:], "siege", "hit", "blocks", "tally")


@functools.cache
def hex_names() -> dict[str, str]:
    """Each hex's name for people: the city (or site) standing in it, else "hex CCRR"."""
    world = load_world()
    names = {h: f"hex {h}" for h in world.hexes}
    for h in world.hexes:
        city = world.city_at(h)
        if city is not None and not city.offboard:
            names[h] = f"{city.name} ({h})"
    return names


def hex_name(hex_id: str) -> str:
    return hex_names().get(hex_id, "the Sicily box" if hex_id == "syracuse" else hex_id)


def board_svg(view: dict, lit: Iterable[str] = (), size: str = "normal",
              width: float | None = None) -> str:
    """The board as ``view`` shows it, the hexes in ``lit`` lit (module docstring)."""
    if size not in SIZES:
        raise ValueError(f"the size is 'normal' or 'classroom', not {size!r}")
    world = load_world()
    scale = SCALE[size]
    canvas, centre, radius = _map(world, None, size == "normal", view["control"], scale)
    lit = set(lit)
    for h, (x, y) in centre.items():
        d = _poly(_corners(x, y, radius))
        if h in lit:
            canvas.add("lit", f'<path class="lit" data-lit="{h}" d="{d}" fill="{LIT}" '
                       'fill-opacity="0.55" stroke="#b8860b" stroke-width="1.6"/>')
        canvas.add("hit", f'<path class="hex" data-hex="{h}" d="{d}" fill="#fff" '
                   f'fill-opacity="0"><title>{escape(hex_name(h))}</title></path>')
    _sieges(canvas, world, view, centre, radius)
    stacks: dict[str, list[dict]] = {}
    for b in view["blocks"]:
        stacks.setdefault(b["where"], []).append(b)
    for where, blocks in stacks.items():
        if where in centre:
            city = world.city_at(where)
            x, y = centre[where]
            if city is not None and not city.offboard:  # above the city, its name below
                x, y = _site(canvas, city, centre[where], radius)
                y -= 8 + _height(len(blocks), scale) / 2
            _stack(canvas, where, x, y, blocks, view["viewer"], scale)
        elif where == "syracuse":
            vx, vy, _vw, vh = canvas.geo.view_box
            _stack(canvas, where, vx + 72, vy + vh - 172, blocks, view["viewer"], scale)
    _tally(canvas, world, view, scale)
    return canvas.document(width, "Athens & Sparta: the board", LAYERS)


def _sieges(canvas, world: World, view: dict, centre: dict, radius: float) -> None:
    """A ring round each besieged city (the besieger's colour), dashed for a blockade."""
    for kind, held in (("siege", view["besieged"]), ("blockade", view["blockaded"])):
        for city_id, side in held.items():
            city = world.cities.get(city_id)
            if city is None or city.offboard:
                continue
            x, y = _site(canvas, city, centre[city.hex], radius)
            r = 11 if kind == "siege" else 14
            dash = ' stroke-dasharray="4 3"' if kind == "blockade" else ""
            canvas.add("siege", f'<circle class="{kind}" data-city="{escape(city_id)}" '
                       f'cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="none" '
                       f'stroke="{COLOURS.get(side, COLOURS["none"])}" stroke-width="2.6"{dash}>'
                       f'<title>{escape(city.name)}: {kind} by {escape(side)}</title></circle>')


def _order(blocks: list[dict], viewer: str) -> list[dict]:
    rank = {viewer: 0, "athens": 1, "sparta": 2}
    return sorted(blocks, key=lambda b: (rank.get(b["side"], 3), b.get("face_down", False)))


def _height(n: int, scale: float) -> float:
    rows = (min(n, SHOWN) + PER_ROW - 1) // PER_ROW
    return rows * (BLOCK + GAP) * scale - GAP * scale


def _stack(canvas, where: str, cx: float, cy: float, blocks: list[dict], viewer: str,
           scale: float) -> None:
    """The blocks of one hex in rows of three round (cx, cy); past six, a "+n" block."""
    size, gap = BLOCK * scale, GAP * scale
    blocks = _order(blocks, viewer)
    shown = blocks if len(blocks) <= SHOWN else blocks[:SHOWN - 1]
    cells = len(shown) + (len(blocks) > SHOWN)
    rows = (cells + PER_ROW - 1) // PER_ROW
    parts = []
    for i in range(cells):
        row, col = divmod(i, PER_ROW)
        in_row = min(PER_ROW, cells - row * PER_ROW)
        x = cx - (in_row * (size + gap) - gap) / 2 + col * (size + gap)
        y = cy - (rows * (size + gap) - gap) / 2 + row * (size + gap)
        if i < len(shown):
            parts.append(_block(x, y, size, shown[i]))
        else:
            more = len(blocks) - len(shown)
            parts.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" '
                         'rx="2" fill="#fff" stroke="#333"/>'
                         + text(x + size / 2, y + size * 0.68, f"+{more}", 7 * scale,
                                anchor="middle", weight="bold", halo=False))
    canvas.add("blocks", f'<g class="stack" data-hex="{escape(where)}">{"".join(parts)}</g>')


def _block(x: float, y: float, size: float, b: dict) -> str:
    colour = COLOURS.get(b["side"], COLOURS["none"])
    rect = (f'<rect x="{x:.1f}" y="{y:.1f}" width="{size:.1f}" height="{size:.1f}" rx="2" '
            f'fill="{colour}" stroke="#fff" stroke-width="0.9"/>')
    if b.get("face_down"):
        title = f"{SIDE_WORD.get(b['side'], b['side'])} block, face down"
        inner = (f'<rect x="{x + size * 0.2:.1f}" y="{y + size * 0.2:.1f}" '
                 f'width="{size * 0.6:.1f}" height="{size * 0.6:.1f}" rx="1" fill="#000" '
                 'fill-opacity="0.18"/>')
        return (f'<g class="block face-down" data-side="{escape(b["side"])}">'
                f'<title>{escape(title)}</title>{rect}{inner}</g>')
    k = size / BLOCK
    title = (f"{b['name']}: {b['type']} {b['rating']}, {b['steps']} of "
             f"{count(b['max'], 'step')}")
    pips = "".join(
        f'<circle cx="{x + size - 2.6 * k:.1f}" cy="{y + 2.6 * k + j * 3.3 * k:.1f}" '
        f'r="{1.2 * k:.2f}" fill="{"#fff" if j < b["steps"] else "none"}" stroke="#fff" '
        f'stroke-width="{0.5 * k:.2f}"/>' for j in range(b["max"]))
    mark = TYPE_MARK.get(b["type"], b["type"][:1].upper())
    return (f'<g class="block face-up" data-side="{escape(b["side"])}" '
            f'data-block="{escape(b["id"])}"><title>{escape(title)}</title>{rect}'
            + text(x + 5.4 * k, y + 7.2 * k, mark, 7 * k, anchor="middle", weight="bold",
                   halo=False, colour="#fff")
            + text(x + 6.2 * k, y + 13.4 * k, b["rating"], 6.2 * k, anchor="middle",
                   halo=False, colour="#fff") + pips + "</g>")


def _tally(canvas, world: World, view: dict, scale: float) -> None:
    """The Olympiad and Game Turn, the cards shown, the city points and the pools."""
    mp = {c.id: c for c in world.cards}
    lines = [(f"Olympiad {view['olympiad']}, Game Turn {view['turn']} of "
              f"{view.get('turns', 6)}", "bold")]
    shown = view.get("shown") or {}
    for side in ("athens", "sparta"):
        card = mp.get(shown.get(side, ""))
        if card is not None:
            event = f", {card.event}" if card.event else ""
            lines.append((f"{side.title()} plays {card.mp} MP{event}", "normal"))
    pts = view["points"]
    lines.append((f"City points: Athens {pts['athens']}, Sparta {pts['sparta']} (30 wins)",
                  "bold"))
    off = view.get("off_map", {})
    pool = [f"{side.title()} {n['pool']}" for side, n in off.items() if n.get("pool")]
    if pool:
        lines.append(("Hidden in the pool: " + ", ".join(pool), "normal"))
    vx, vy, vw, vh = canvas.geo.view_box
    fs = 11 * scale
    w, h = 26 * fs, (len(lines) + 0.6) * fs * 1.3
    x, y = vx + vw - w - 8, vy + vh - h - 8
    body = [f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="4" '
            'fill="#fffdf6" fill-opacity="0.94" stroke="#555"/>']
    for i, (words, weight) in enumerate(lines):
        body.append(text(x + 8, y + (i + 1) * fs * 1.3, words, fs, weight=weight, halo=False))
    canvas.add("tally", f'<g class="tally">{"".join(body)}</g>')
