"""Place markers and legend pieces drawn on a board: a city as a square carrying its value, a
port as a hexagon, a town as a small circle, lines for borders and the legend box."""

from __future__ import annotations

import math

from hellenes_nb.board import palette
from hellenes_nb.board.canvas import text

SYMBOL = 6.5  # half the side of a city square; a port hexagon has this circumradius + 1
TOWN_R = 3.6
BADGE_H = 11.0


def hexagon(x: float, y: float, r: float) -> str:
    """The ``points`` of a hexagon of circumradius ``r`` centred on (x, y), a corner to the
    right."""
    return " ".join(
        f"{x + r * math.cos(math.radians(a)):.1f},{y + r * math.sin(math.radians(a)):.1f}"
        for a in range(0, 360, 60)
    )


def city(x: float, y: float, value: object, colour: str, *, port: bool, place: str) -> str:
    """A city's square (a port's hexagon) in ``colour``, its value written on it; the group
    carries ``data-city`` so that a widget can find it."""
    if port:
        body = f'<polygon points="{hexagon(x, y, SYMBOL + 1)}"'
    else:
        s = SYMBOL
        body = f'<rect x="{x - s:.1f}" y="{y - s:.1f}" width="{2 * s}" height="{2 * s}"'
    return (
        f'<g class="{"port" if port else "city"}" data-city="{place}">'
        f'{body} fill="{colour}" stroke="{palette.INK}" stroke-width="0.9"/>'
        f'<text x="{x:.1f}" y="{y + 3.3:.1f}" font-size="9.5" font-weight="bold" '
        f'text-anchor="middle" font-family="{palette.SANS}" '
        f'fill="{palette.ink_on(colour)}">{value}</text></g>'
    )


def town(x: float, y: float, colour: str, *, place: str) -> str:
    """A town's small circle in ``colour`` (``data-town``)."""
    return (
        f'<circle class="town" data-town="{place}" cx="{x:.1f}" cy="{y:.1f}" '
        f'r="{TOWN_R}" fill="{colour}" stroke="{palette.INK}" stroke-width="0.9"/>'
    )


def badge(x: float, y: float, w: float, n: int, colour: str, attrs: str) -> str:
    """A rounded tag of width ``w`` at (x, y) in ``colour`` counting ``n`` (blocks, pieces)."""
    return (
        f'<g class="badge" {attrs}>'
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w}" height="{BADGE_H}" rx="3" '
        f'fill="{colour}" stroke="#ffffff" stroke-width="0.8"/>'
        f'<text x="{x + w / 2:.1f}" y="{y + 8.4:.1f}" font-size="8.5" '
        'font-weight="bold" text-anchor="middle" '
        f'font-family="{palette.SANS}" fill="#ffffff">{n}</text></g>'
    )


class Legend:
    """A legend box: a title, a subtitle and rows of a sample with its words, top to bottom."""

    ROW_TEXT_X = 34  # where a row's words start, from the box's left

    def __init__(self, x: float, y: float, w: float, h: float, title: str, subtitle: str):
        self.x, self.y, self.w, self.h = x, y, w, h
        self.out = [
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="#fffdf6" '
            f'fill-opacity="0.93" stroke="{palette.INK}" stroke-width="0.8"/>',
            text(x + 10, y + 18, title, 12.5, weight="bold"),
            text(x + 10, y + 31, subtitle, 9, italic=True),
        ]

    def add(self, *elements: str) -> None:
        self.out.extend(elements)

    def words(self, y: float, words: str) -> None:
        """A row's words, right of its sample, baseline a little under the row's middle y."""
        self.out.append(text(self.x + self.ROW_TEXT_X, y + 3.5, words, 9.5))

    def line(self, y: float, words: str, *strokes: tuple[str, float]) -> None:
        """A row showing a border: one or more (colour, width) strokes drawn on one segment."""
        line = f"M{self.x + 8} {y}h22"
        self.out.append("".join(f'<path d="{line}" stroke="{colour}" stroke-width="{width}"/>'
                                for colour, width in strokes))
        self.words(y, words)

    def credit(self, words: str) -> None:
        """Small print in the bottom right corner (the coastline's source)."""
        self.out.append(text(self.x + self.w - 6, self.y + self.h - 6, words, 6.5,
                             anchor="end", colour="#6b6250"))

    def svg(self) -> str:
        return '<g class="legend">' + "".join(self.out) + "</g>"
