"""The board colours shared by every game drawn on the real coastline, and colour helpers.

Water, land, coast and ink are the same for every game; each game adds its own side colours
(Hellenes: ``games/hellenes/render/style.py``).
"""

from __future__ import annotations

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
SANS = "Arial, Helvetica, sans-serif"


def rgb(colour: str) -> tuple[int, int, int]:
    """The red, green and blue of a ``#rrggbb`` (or ``#rgb``) colour, 0 to 255."""
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    if len(c) != 6:
        raise ValueError(f"colour {colour!r} is not a #rrggbb hex colour")
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def mix(colour: str, base: str, share: float) -> str:
    """``share`` of ``colour`` over ``base`` (0 gives base, 1 gives colour), as #rrggbb."""
    a, b = rgb(colour), rgb(base)
    return "#" + "".join(
        f"{round(x * share + y * (1 - share)):02x}" for x, y in zip(a, b, strict=True)
    )


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` (relative luminance)."""
    r, g, b = (v / 255 for v in rgb(colour))
    lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#111111" if lum > 0.55 else "#ffffff"


def land_tint(colour: str | None) -> str:
    """The light fill of land whose owner has this colour (plain land for None)."""
    return LAND if colour is None else mix(colour, LAND, 0.32)
