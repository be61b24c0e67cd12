"""Tables and pictures for a class: a polars frame shown as a teacher would print it, and a
drawn map that fits the page.

``table(frame)`` renders the frame as a styled HTML table: headers in words ("Subject region",
not ``subject_region``), sides and kinds as a player says them ("Athens", "Elite hoplite"), no
type row, no quotes round strings, empty cells as a dash, and long text wrapped rather than cut.
Colours follow the JupyterLab theme (light or dark) through its ``--jp-*`` variables.
``fitted(svg)`` shows a drawing (the map of ``render_map_svg``) at the width of the notebook's
output, legend and all, never wider than it was drawn.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from typing import Any

import polars as pl
from IPython.display import HTML

__all__ = ["fitted", "leader_name", "table", "words"]

_STYLE = """<style>
.hl-table { border-collapse: collapse; margin: 6px 0 10px; font-size: 0.95em;
  color: var(--jp-content-font-color1, #111); max-width: 100%; }
.hl-table caption { text-align: left; font-weight: bold; padding: 2px 0 6px; }
.hl-table th, .hl-table td { border: 1px solid var(--jp-border-color2, #ccc); padding: 4px 8px;
  vertical-align: top; white-space: normal; }
/* words left, numbers right: the class repeated outweighs Jupyter's own rule, which
   right-aligns every cell of an output */
.hl-table.hl-table.hl-table th, .hl-table.hl-table.hl-table td { text-align: left; }
.hl-table.hl-table.hl-table td.hl-num { text-align: right; font-variant-numeric: tabular-nums; }
.hl-table th { background: var(--jp-layout-color2, #eee); }
.hl-table tr:nth-child(even) td { background: var(--jp-layout-color1, #fafafa); }
</style>"""
#: words a player uses for the data's own keys
_SAID = {"athens": "Athens", "sparta": "Sparta", "both": "Both sides", "neutral": "Neutral",
         "persia": "Persia"}


def words(value: Any) -> str:
    """A cell's value in words: ``"elite_hoplite"`` → "Elite hoplite", None → "—"."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    if isinstance(value, list | tuple):
        return ", ".join(words(v) for v in value)
    text = str(value)
    if text in _SAID:
        return _SAID[text]
    if text and text == text.lower() and " " not in text:  # a key such as "elite_hoplite"
        return text.replace("_", " ").capitalize()
    return text


def _header(name: str) -> str:
    return name if name != name.lower() else name.replace("_", " ").capitalize()


def leader_name(world: Any, key: str | None) -> str:
    """A leader's name from the data's key ("proboulois" → the leader card's title)."""
    if not key:
        return "—"
    for card in world.cards.values():
        if card.params.get("leader") == key:
            return card.title
    return words(key)


def table(frame: pl.DataFrame, *, caption: str = "",
          headers: Mapping[str, str] | None = None) -> HTML:
    """``frame`` as a styled HTML table (module docstring); ``headers`` renames columns."""
    headers = dict(headers or {})
    numeric = {c for c, t in frame.schema.items() if t.is_numeric()}
    head = "".join(f"<th>{html.escape(headers.get(c, _header(c)))}</th>" for c in frame.columns)
    rows = []
    for row in frame.iter_rows(named=True):
        cells = "".join(
            f"<td{' class=hl-num' if c in numeric else ''}>{html.escape(words(v))}</td>"
            for c, v in row.items())
        rows.append(f"<tr>{cells}</tr>")
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return HTML(f"{_STYLE}<table class='hl-table'>{cap}<thead><tr>{head}</tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table>")


def fitted(svg: str) -> HTML:
    """An SVG drawing scaled to the output's width (never wider than drawn), whole."""
    tag = re.search(r"<svg\b[^>]*>", svg)
    width = re.search(r'\swidth="(\d+(?:\.\d+)?)"', tag.group(0)) if tag else None
    if tag is None or width is None:
        return HTML(svg)
    bare = re.sub(r'\s(width|height)="[^"]*"', "", tag.group(0))
    sized = bare.replace("<svg", f'<svg width="100%" style="display:block;height:auto;'
                                  f'max-width:{width.group(1)}px"', 1)
    return HTML(svg[:tag.start()] + sized + svg[tag.end():])
