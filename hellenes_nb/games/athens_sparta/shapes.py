"""The exact shape of every action *Athens & Sparta* takes (``Ruleset.check_shape``): its keys
and the kind of each value; anything else is refused by name before a rule reads it."""

from __future__ import annotations

from hellenes_nb.core.echo import shown
from hellenes_nb.core.steps import IllegalAction

__all__ = ["SHAPES", "checked"]

_S = {"side": str}
_MOVE = {**_S, "block": str, "to": str}
SHAPES: dict[str, dict[str, type]] = {
    "card": {**_S, "card": str}, "move": _MOVE, "march": _MOVE, "sea": _MOVE,
    "end_moves": _S,
}


def checked(action: dict) -> dict | None:
    """A clean copy of ``action`` without its label when its keys and values fit its type;
    None for a type the game does not know; IllegalAction naming what does not fit."""
    kind = action.get("type")
    shape = SHAPES.get(kind) if isinstance(kind, str) else None
    if shape is None:
        return None
    clean = {"type": kind}
    for key, value in action.items():
        if key in ("type", "label"):
            continue
        want = shape.get(key)
        if want is None:
            raise IllegalAction(f"a {kind} action takes {', '.join(sorted(shape))}, not "
                                f"{shown(key)}")
        if type(value) is not want:
            raise IllegalAction(f"the {shown(key)} of a {kind} action must be "
                                f"{want.__name__}, not {shown(value)}")
        clean[key] = value
    missing = [k for k in shape if k not in clean]
    if missing:
        raise IllegalAction(f"a {kind} action needs {', '.join(missing)}")
    return clean
