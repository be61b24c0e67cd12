"""The counters of *Amphipolis* as SVG, shared by the operational map's boxes
(:mod:`.render`) and the main map's zones (:mod:`.render_main`): a unit with its type symbol,
strength points, the sword of a bonus, the white band of Athenian and Spartan troops and a
paler face when reduced; a leader with its name and swords (dashed when wounded or ill).

They read only a side's view (``Game.view(side)``), in which strategems in hand are absent."""

from __future__ import annotations

from xml.sax.saxutils import escape

from hellenes_nb.board import palette
from hellenes_nb.board.canvas import text

__all__ = ["CELL", "COLOURS", "leader_counter", "pieces_of", "unit_counter"]

#: Athens blue, Sparta orange-red (the Hellenes map's side colours)
COLOURS = {"athens": "#0072B2", "sparta": "#D55E00"}
#: one counter's cell (the counter is two pixels smaller)
CELL = 26


def unit_counter(x: float, y: float, u: dict, side: str) -> str:
    colour = COLOURS[side]
    fill = palette.mix(colour, "#ffffff", 0.45) if u["reduced"] else colour
    band = ("" if u["nation"] == "allied" else
            f'<rect x="{x + 2:.1f}" y="{y:.1f}" width="3" height="{CELL - 2}" fill="#fff"/>')
    sword = "†" if u["bonus"] else ""
    title = (f"{side.title()} {u['type']}/{u['full']}{'+bonus' if u['bonus'] else ''} "
             f"({u['nation']}{', reduced to ' + str(u['pf']) if u['reduced'] else ''})")
    return (f'<g class="unit" data-side="{side}" data-unit="{escape(u["id"])}">'
            f'<title>{escape(title)}</title>'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{CELL - 2}" height="{CELL - 2}" rx="2" '
            f'fill="{fill}" stroke="#fff" stroke-width="0.8"/>{band}'
            + text(x + 14, y + 10, u["type"] + sword, 9, anchor="middle", weight="bold",
                   halo=False, colour="#fff")
            + text(x + 14, y + 21, str(u["pf"]), 9, anchor="middle", halo=False,
                   colour="#fff") + "</g>")


def leader_counter(x: float, y: float, g: dict, side: str) -> str:
    colour = COLOURS[side]
    swords = "†" * g["swords"]
    hurt = " (wounded)" if g["wounded"] == 1 else " (ill)" if g["wounded"] == 2 else ""
    dash = ' stroke-dasharray="3 2"' if hurt else ""
    return (f'<g class="leader" data-side="{side}"><title>{escape(g["name"] + hurt)}, '
            f'{g["swords"]} sword(s)</title>'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{CELL - 2}" height="{CELL - 2}" rx="8" '
            f'fill="#fff" stroke="{colour}" stroke-width="2"{dash}/>'
            + text(x + 12, y + 10, g["name"][:4], 7.5, anchor="middle", weight="bold",
                   halo=False, colour=colour)
            + text(x + 12, y + 20, swords or "·", 8, anchor="middle", halo=False,
                   colour=colour) + "</g>")


def pieces_of(zone: dict) -> list[tuple[str, dict, str]]:
    """A zone's pieces in the order they are drawn: each side's leaders, then its units."""
    pieces: list[tuple[str, dict, str]] = []
    for side in ("athens", "sparta"):
        pieces += [("leader", g, side) for g in zone[side]["leaders"]]
        pieces += [("unit", u, side) for u in zone[side]["units"]]
    return pieces


def counters(pieces: list[tuple[str, dict, str]], per_row: int, x0: float = 0.0,
             y0: float = 0.0) -> str:
    """``pieces`` laid out ``per_row`` to a row from (x0, y0)."""
    out = []
    for n, (kind, piece, side) in enumerate(pieces):
        x = x0 + (n % per_row) * CELL
        y = y0 + (n // per_row) * CELL
        out.append((leader_counter if kind == "leader" else unit_counter)(x, y, piece, side))
    return "".join(out)
