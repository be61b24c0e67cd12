"""The exact shape of every action *Amphipolis* takes (``Ruleset.check_shape``): its keys and
the kind of each value; anything else is refused by name before a rule reads it."""

from __future__ import annotations

from hellenes_nb.core.shapes import check_shape

__all__ = ["SHAPES", "checked"]

_S = {"side": str}
SHAPES: dict[str, dict[str, type]] = {
    "keep_advantage": _S, "advantage_pa": _S, "advantage_initiative": _S,
    "accept_roll": _S, "reroll": _S,
    "advantage_restore": {**_S, "unit": str}, "advantage_leader": {**_S, "leader": str},
    "operation": {**_S, "from": str, "to": str}, "done": _S, "hold": _S,
    "pick": {**_S, "unit": str}, "pick_leader": {**_S, "leader": str}, "go": _S,
    "reduce": {**_S, "unit": str}, "retreat": {**_S, "to": str},
    "pass": _S, "play": {**_S, "counter": str, "number": int, "use": str},
    "target": {**_S, "piece": str}, "siege": {**_S, "zone": str, "how": str},
    "keep": {**_S, "counter": str},
    "activate": {**_S, "zone": str}, "march": {**_S, "to": str, "how": str},
    "march_by": {**_S, "to": str, "how": str, "via": str},
    "end": _S, "withdraw": {**_S, "to": str}, "stay": _S, "halt": _S,
    "eliminate": {**_S, "unit": str},
    "arrive": {**_S, "at": str, "unit_type": str}, "bring": {**_S, "unit": str}, "enough": _S,
}


def checked(action: dict) -> dict | None:
    """A clean copy of ``action`` without its label when its keys and values fit its type;
    None for a type the game does not know; IllegalAction naming what does not fit (the
    core's check, :func:`hellenes_nb.core.shapes.check_shape`)."""
    return check_shape(SHAPES, action)
