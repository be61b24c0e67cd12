"""What a widget sends to the page, as one plain value, for the conformance suite: every
synced trait of the widget and of every widget it holds (children, boards, buttons), the
references between widgets followed, so two screens can be compared whatever the widgets'
model ids. Only the static parts every screen shares (code, styles, the widget protocol's
own names) and the count of redraws are left out."""

from __future__ import annotations

import json
from typing import Any

import ipywidgets as W
from ipywidgets.widgets import widget as _widget

__all__ = ["screen"]

#: synced traits that say nothing of the game
STATIC = frozenset({"_esm", "_css", "layout", "style", "_model_module", "_model_module_version",
                    "_model_name", "_view_module", "_view_module_version", "_view_name",
                    "_anywidget_id", "_view_count", "renders"})
_REF = "IPY_MODEL_"


def _expand(value: Any, seen: set[int]) -> Any:
    if isinstance(value, str) and value.startswith(_REF):
        found = _widget._instances.get(value[len(_REF):])
        return _state(found, seen) if found is not None else value
    if isinstance(value, memoryview | bytes):
        return bytes(value).hex()
    if isinstance(value, list | tuple):
        return [_expand(v, seen) for v in value]
    if isinstance(value, dict):
        return {k: _expand(v, seen) for k, v in value.items()}
    return value


def _state(widget: W.Widget, seen: set[int]) -> Any:
    if id(widget) in seen:
        return "(shown above)"
    seen.add(id(widget))
    out = {"widget": type(widget).__name__}
    for key, value in widget.get_state().items():
        if key not in STATIC:
            out[key] = _expand(value, seen)
    return out


def screen(root: W.Widget) -> str:
    """Everything ``root`` and the widgets under it send to the page, as sorted JSON."""
    return json.dumps(_state(root, set()), sort_keys=True, default=str)
