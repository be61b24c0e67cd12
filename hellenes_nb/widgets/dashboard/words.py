"""Words and small helpers the dashboard's parts share."""

from __future__ import annotations

import html
from functools import cache
from pathlib import Path
from typing import Any

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
