"""Colours and sizes of the Hellenes map and widgets: the board palette
(:mod:`hellenes_nb.board.palette`) and the two sides' colours.

Side colours are the Okabe-Ito blue and vermilion, which stay distinct under the common forms
of colour blindness; land takes a light tint of its city's nationality colour (§1.32).
"""

from __future__ import annotations

from hellenes_nb.board.palette import (
    COAST,
    DEEP_LINE,
    HALO,
    INK,
    LAND,
    LAND_LINE,
    NATION_LINE,
    OFFMAP,
    SEA_INK,
    SEA_LINE,
    SERIF,
    WATER,
    ink_on,
    land_tint,
    mix,
)

__all__ = [
    "COAST", "DEEP_LINE", "HALO", "INK", "LAND", "LAND_LINE", "NATION_LINE", "OFFMAP",
    "SEA_INK", "SEA_LINE", "SERIF", "SIDE_COLOURS", "SIDE_NAMES", "WATER", "ink_on",
    "land_tint", "mix",
]

SIDE_COLOURS = {"athens": "#0072B2", "sparta": "#D55E00"}
SIDE_NAMES = {"athens": "Athens", "sparta": "Sparta"}
