"""The exact shape of every action the game takes (``Ruleset.check_shape``): its keys and the
kind of each value. Anything else is refused by name before a rule reads it (docs/security.md,
"Hostile actions")."""

from __future__ import annotations

from hellenes_nb.core.shapes import check_shape

__all__ = ["SHAPES", "checked"]

_SIDE = {"side": str}
#: action type -> the keys it takes besides ``type`` and the kind of each
SHAPES: dict[str, dict[str, type]] = {
    "buy_cards": {**_SIDE, "n": int},
    "raise_army": {**_SIDE, "city": str},
    "raise_fleet": {**_SIDE, "city": str},
    "build_bridge": _SIDE,
    "end_preparation": _SIDE,
    "play_card": {**_SIDE, "card": int, "use": str},
    "pass": _SIDE,
    "land_move": {**_SIDE, "from": str, "to": str, "armies": int},
    "naval_move": {**_SIDE, "from": str, "to": str, "fleets": int, "armies": int},
    "skip_move": _SIDE,
    "react": {**_SIDE, "card": int},
    "decline": _SIDE,
    "fight": _SIDE,
    "retreat": {**_SIDE, "to": str, "by": str},
    "destroy_bridge": {**_SIDE, "destroy": bool},
    "choose_city": {**_SIDE, "city": str},
    "place_armies": {**_SIDE, "city": str, "n": int},
    "discard": {**_SIDE, "card": int},
    "done": _SIDE,
    "keep_card": {**_SIDE, "card": int},
    "keep_none": _SIDE,
}


def checked(action: dict) -> dict | None:
    """A clean copy of ``action`` without its label when its keys and values fit its type;
    None for a type the game does not know; IllegalAction naming what does not fit."""
    return check_shape(SHAPES, action)
