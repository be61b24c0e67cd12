"""Colours and sizes shared by the static map and the widgets.

Side colours are the Okabe-Ito blue and vermilion, which stay distinct under the common forms
of colour blindness; land takes a light tint of its city's nationality colour (§1.32).
"""

from __future__ import annotations

SIDE_COLOURS = {"athens": "#0072B2", "sparta": "#D55E00"}
SIDE_NAMES = {"athens": "Athens", "sparta": "Sparta"}

WATER = "#cfe2ee"
SEA_LINE = "#9dbdd3"
DEEP_LINE = "#1d4f7a"
LAND = "#f4eedd"
OFFMAP = "#dcd9d2"
COAST = "#4f7390"
LAND_LINE = "#ab9d82"
NATION_LINE = "#6b5a40"
INK = "#2b2418"
SEA_INK = "#2d5b82"
HALO = "#fbf8ef"
SERIF = "Georgia, 'Palatino Linotype', 'Book Antiqua', 'Times New Roman', serif"


def _rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    if len(c) != 6:
        raise ValueError(f"colour {colour!r} is not a #rrggbb hex colour")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def mix(colour: str, base: str, share: float) -> str:
    """``share`` of ``colour`` over ``base`` (0 gives base, 1 gives colour), as #rrggbb."""
    a, b = _rgb(colour), _rgb(base)
    return "#" + "".join(
        f"{round(x * share + y * (1 - share)):02x}" for x, y in zip(a, b, strict=True)
    )


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (relative luminance)."""
    r, g, b = (v / 255 for v in _rgb(colour))
    lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#111111" if lum > 0.55 else "#ffffff"


def land_tint(colour: str | None) -> str:
    """The light fill of an area whose city or town has this nationality colour."""
    return LAND if colour is None else mix(colour, LAND, 0.32)
