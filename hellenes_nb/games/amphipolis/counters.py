"""The counters of *Amphipolis* as SVG, shared by the operational map's boxes
(:mod:`.render`) and the main map's zones (:mod:`.render_main`): a unit with its type symbol,
strength points, the sword of a bonus, the white band of Athenian and Spartan troops and a
paler face when reduced; a leader with its name and swords (dashed when wounded or ill).
Identical units of a side in one zone are drawn as one stack (counters offset behind it) with
their number in a badge, as a player piles them on the box's map; every figure and word on a
counter is at least ``TEXT`` units high, so that it reads at 11 px or more on the dashboard.

They read only a side's view (``Game.view(side)``), in which strategems in hand are absent."""

from __future__ import annotations

from xml.sax.saxutils import escape

from hellenes_nb.board import palette
from hellenes_nb.board.canvas import text

__all__ = ["CELL", "COLOURS", "TEXT", "leader_counter", "pieces_of", "stack_chip",
           "unit_counter"]

#: Athens blue, Sparta orange-red (the Hellenes map's side colours)
COLOURS = {"athens": "#0072B2", "sparta": "#D55E00"}
#: one counter's cell (the counter is four units smaller: room for a stack's offset)
CELL = 36
#: the smallest text on a counter, in the board's units
TEXT = 12


def _badge(x: float, y: float, n: int, colour: str) -> str:
    """A stack's count in a white disc on the counter's top right corner."""
    if n < 2:
        return ""
    return (f'<g class="count"><circle cx="{x + CELL - 7:.1f}" cy="{y + 3:.1f}" r="8" '
            f'fill="#fff" stroke="{colour}" stroke-width="1.5"/>'
            + text(x + CELL - 7, y + 7.5, str(n), TEXT, anchor="middle", weight="bold",
                   halo=False, colour=colour) + "</g>")


def unit_counter(x: float, y: float, u: dict, side: str, n: int = 1,
                 ids: tuple[str, ...] = ()) -> str:
    """One unit's counter, or a stack of ``n`` identical ones (``ids`` all of them)."""
    colour = COLOURS[side]
    fill = palette.mix(colour, "#ffffff", 0.45) if u["reduced"] else colour
    side_ = CELL - 4
    behind = "".join(f'<rect x="{x + 2 * d:.1f}" y="{y + 4 - 2 * d:.1f}" width="{side_}" '
                     f'height="{side_}" rx="2" fill="{fill}" stroke="#fff" stroke-width="0.8"/>'
                     for d in range(min(n, 3) - 1, 0, -1))
    band = ("" if u["nation"] == "allied" else
            f'<rect x="{x + 2:.1f}" y="{y + 4:.1f}" width="3" height="{side_}" fill="#fff"/>')
    sword = "†" if u["bonus"] else ""
    title = (f"{side.title()} {u['type']}/{u['full']}{'+bonus' if u['bonus'] else ''} "
             f"({u['nation']}{', reduced to ' + str(u['pf']) if u['reduced'] else ''})"
             + (f", {n} alike" if n > 1 else ""))
    many = f' data-units="{escape(" ".join(ids))}"' if n > 1 else ""
    return (f'<g class="unit" data-side="{side}" data-unit="{escape(u["id"])}"{many}>'
            f'<title>{escape(title)}</title>{behind}'
            f'<rect x="{x:.1f}" y="{y + 4:.1f}" width="{side_}" height="{side_}" rx="2" '
            f'fill="{fill}" stroke="#fff" stroke-width="0.8"/>{band}'
            + text(x + 17, y + 18, u["type"] + sword, TEXT, anchor="middle", weight="bold",
                   halo=False, colour="#fff")
            + text(x + 17, y + 32, str(u["pf"]), TEXT + 1, anchor="middle", halo=False,
                   colour="#fff") + _badge(x, y, n, colour) + "</g>")


def leader_counter(x: float, y: float, g: dict, side: str) -> str:
    colour = COLOURS[side]
    swords = "†" * g["swords"]
    hurt = " (wounded)" if g["wounded"] == 1 else " (ill)" if g["wounded"] == 2 else ""
    dash = ' stroke-dasharray="3 2"' if hurt else ""
    return (f'<g class="leader" data-side="{side}"><title>{escape(g["name"] + hurt)}, '
            f'{g["swords"]} sword(s)</title>'
            f'<rect x="{x:.1f}" y="{y + 4:.1f}" width="{CELL - 4}" height="{CELL - 4}" rx="8" '
            f'fill="#fff" stroke="{colour}" stroke-width="2"{dash}/>'
            + text(x + 16, y + 18, g["name"][:4], TEXT, anchor="middle", weight="bold",
                   halo=False, colour=colour)
            + text(x + 16, y + 32, swords or "·", TEXT, anchor="middle", halo=False,
                   colour=colour) + "</g>")


def _alike(u: dict) -> tuple:
    return (u["type"], u["pf"], u["full"], u["bonus"], u["reduced"], u["nation"])


def pieces_of(zone: dict) -> list[tuple[str, dict, str, tuple[str, ...]]]:
    """A zone's pieces in the order they are drawn: each side's leaders, then its units, the
    identical units of a side gathered into one stack (the last item: the stack's ids)."""
    pieces: list[tuple[str, dict, str, tuple[str, ...]]] = []
    for side in ("athens", "sparta"):
        pieces += [("leader", g, side, ()) for g in zone[side]["leaders"]]
        stacks: dict[tuple, list[dict]] = {}
        for u in zone[side]["units"]:
            stacks.setdefault(_alike(u), []).append(u)
        pieces += [("unit", us[0], side, tuple(u["id"] for u in us)) for us in stacks.values()]
    return pieces


def counters(pieces: list[tuple[str, dict, str, tuple[str, ...]]], per_row: int,
             x0: float = 0.0, y0: float = 0.0) -> str:
    """``pieces`` laid out ``per_row`` to a row from (x0, y0)."""
    out = []
    for n, (kind, piece, side, ids) in enumerate(pieces):
        x = x0 + (n % per_row) * CELL
        y = y0 + (n // per_row) * CELL
        out.append(leader_counter(x, y, piece, side) if kind == "leader" else
                   unit_counter(x, y, piece, side, len(ids), ids))
    return "".join(out)


def stack_chip(x: float, y: float, zone: dict, side: str) -> str:
    """A side's pieces in a zone as one chip (the operational map drawn small beside the main
    map): its number of units, and of leaders after a star; the hover title lists them."""
    units, leaders = zone[side]["units"], zone[side]["leaders"]
    if not units and not leaders:
        return ""
    colour = COLOURS[side]
    words = f"{len(units)}" + (f"★{len(leaders)}" if leaders else "")
    who = [g["name"] for g in leaders] + [f"{u['type']}/{u['pf']}" for u in units]
    wide = 12 + 9 * len(words)
    return (f'<g class="stack" data-side="{side}"><title>{escape(side.title())}: '
            f'{escape(", ".join(who))}</title>'
            f'<rect x="{x + 3:.1f}" y="{y - 3:.1f}" width="{wide}" height="20" rx="3" '
            f'fill="{colour}" opacity="0.5"/>'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{wide}" height="20" rx="3" fill="{colour}" '
            f'stroke="#fff" stroke-width="1"/>'
            + text(x + wide / 2, y + 15, words, TEXT + 2, anchor="middle", weight="bold",
                   halo=False, colour="#fff") + "</g>")
