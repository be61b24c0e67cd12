"""The exact shape of an action, for games whose actions are flat dicts of plain values
(``Ruleset.check_shape``): each action type names its keys and the kind of each value, and
anything else is refused by name before a rule reads it (docs/security.md, "Hostile
actions"). A game keeps its table of shapes and calls :func:`check_shape` with it."""

from __future__ import annotations

from hellenes_nb.core.echo import shown
from hellenes_nb.core.steps import IllegalAction

__all__ = ["check_shape"]


def check_shape(shapes: dict[str, dict[str, type]], action: dict) -> dict | None:
    """A clean copy of ``action`` without its label when its keys and values fit its type in
    ``shapes``; None for a type the game does not know; IllegalAction naming what does not
    fit."""
    kind = action.get("type")
    shape = shapes.get(kind) if isinstance(kind, str) else None
    if shape is None:
        return None
    clean = {"type": kind}
    for key, value in action.items():
        if key in ("type", "label"):
            continue
        want = shape.get(key)
        if want is None:
            allowed = ", ".join(sorted(shape)) or "nothing else"
            raise IllegalAction(f"a {kind} action takes {allowed}, not {shown(key)}")
        if type(value) is not want:
            raise IllegalAction(f"the {shown(key)} of a {kind} action must be "
                                f"{want.__name__}, not {shown(value)}")
        clean[key] = value
    missing = [k for k in shape if k not in clean]
    if missing:
        raise IllegalAction(f"a {kind} action needs {', '.join(missing)}")
    return clean
