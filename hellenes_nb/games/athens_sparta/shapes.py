"""The exact shape of every action *Athens & Sparta* takes (``Ruleset.check_shape``): its keys
and the kind of each value, checked by the core's :func:`~hellenes_nb.core.shapes.check_shape`
before a rule reads it."""

from __future__ import annotations

from hellenes_nb.core.shapes import check_shape

__all__ = ["SHAPES", "checked"]

_S = {"side": str}
_MOVE = {**_S, "block": str, "to": str}
SHAPES: dict[str, dict[str, type]] = {
    "card": {**_S, "card": str}, "move": _MOVE, "march": _MOVE, "sea": _MOVE,
    "patrol": _MOVE,
    "end_moves": _S, "battle": {**_S, "hex": str}, "end_battles": _S,
    "combat": {**_S, "block": str, "choice": str}, "retreat": _MOVE, "regroup": _MOVE,
    "end_regroup": _S, "sally": {**_S, "block": str}, "end_sally": _S,
    "mulligan": _S, "keep_hand": _S,
    "revolt": {**_S, "city": str, "mps": int}, "helot_revolt": {**_S, "mps": int},
    "grain_loss": {**_S, "block": str}, "ally_persia": _S, "decline_persia": _S,
    "sicily_card": {**_S, "card": str},
    "reinforce": {**_S, "block": str}, "build": {**_S, "block": str, "city": str},
    "disband": {**_S, "block": str}, "build_plan": _S, "end_replacements": _S,
    "bid": {**_S, "play": str, "steps": int}, "pass_bid": _S, "bid_step": {**_S, "block": str},
    "exchange_revolt": {**_S, "block": str, "peltast": str},
}


def checked(action: dict) -> dict | None:
    """A clean copy of ``action`` without its label when it fits its shape; None for a type
    the game does not know; IllegalAction naming what does not fit."""
    return check_shape(SHAPES, action)
