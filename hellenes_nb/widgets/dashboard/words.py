"""Words and small helpers the dashboard's parts share."""

from __future__ import annotations

import html
from functools import cache
from pathlib import Path
from typing import Any

import ipywidgets as W

from hellenes_nb.games.hellenes.index import SIDE_NAMES
from hellenes_nb.games.hellenes.index import SIDE_WORD as SIDE_TITLE

SIDES = SIDE_NAMES
SIDE_WORD = {**SIDE_TITLE, "both": "both sides", "all": "everyone"}


def esc(text: Any) -> str:
    return html.escape(str(text), quote=True)


@cache
def stylesheet() -> str:
    """The dashboard's look (``static/dashboard.css``), read once, as a ``<style>`` element."""
    css = (Path(__file__).parent.parent / "static" / "dashboard.css").read_text()
    return f"<style>\n{css}</style>"


def close_all(widget: W.Widget | None) -> None:
    """Close ``widget`` and every widget it holds (children, layout, style, a map's), so
    neither the kernel nor the page keeps them once they are replaced."""
    todo = [widget] if widget is not None else []
    seen: set[int] = set()
    while todo:
        w = todo.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        for name in getattr(w, "keys", ()):
            value = getattr(w, name, None)
            items = value if isinstance(value, list | tuple) else [value]
            todo.extend(v for v in items if isinstance(v, W.Widget))
        todo.extend(v for v in vars(w).values() if isinstance(v, W.Widget))
        w.close()
