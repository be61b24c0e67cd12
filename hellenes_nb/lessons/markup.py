"""Safe HTML from the tiny Markdown subset that lesson prose may use.

Lesson files are written by teachers and shared between classes, so their prose is treated as
untrusted text: every character that means something in HTML is escaped first, and only then
are a few Markdown marks turned into tags that this module writes itself. Nothing a lesson
author types can become a tag, an attribute or a script.

The subset: paragraphs (blank lines), ``- `` bullet lists (an item may wrap onto the next
lines), ``**bold**``, ``*italic*`` and
```code```. Anything else stays as plain, escaped text.
"""

from __future__ import annotations

import html
import re

__all__ = ["to_html", "to_text"]

_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])")
_CODE = re.compile(r"`([^`\n]+)`")


def _items(lines: list[str]) -> list[str] | None:
    """The items of a bullet list block (a wrapped item goes on over several lines), or None
    when the block does not start with ``- ``."""
    if not lines or not lines[0].startswith("- "):
        return None
    items: list[str] = []
    for ln in lines:
        if ln.startswith("- "):
            items.append(ln[2:].strip())
        else:
            items[-1] += " " + ln
    return items


def _inline(text: str) -> str:
    """Escape ``text`` and apply the inline marks (code first, so its content stays literal)."""
    parts = _CODE.split(text)
    out = []
    for i, part in enumerate(parts):
        escaped = html.escape(part, quote=True)
        if i % 2:
            out.append(f"<code>{escaped}</code>")
        else:
            escaped = _BOLD.sub(r"<strong>\1</strong>", escaped)
            out.append(_ITALIC.sub(r"<em>\1</em>", escaped))
    return "".join(out)


def _blocks(text: str | None) -> list[tuple[list[str] | None, list[str]]]:
    """Paragraph blocks of lesson prose: (bullet items or None, the block's stripped lines)."""
    if not text:
        return []
    out = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = [ln.strip() for ln in block.strip().splitlines() if ln.strip()]
        out.append((_items(lines), lines))
    return out


def to_html(text: str | None) -> str:
    """Sanitised HTML for lesson prose: escaped text plus the subset in the module docstring."""
    out = []
    for items, lines in _blocks(text):
        if items is not None:
            out.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in items) + "</ul>")
        else:
            out.append(f"<p>{_inline(' '.join(lines))}</p>")
    return "\n".join(out)


def to_text(text: str | None) -> str:
    """Plain text for terminals: the prose with its Markdown marks removed, paragraphs kept."""
    out = []
    for items, lines in _blocks(text):
        if items is not None:
            para = "\n".join(f"- {i}" for i in items)
        else:
            para = " ".join(lines)
        para = _BOLD.sub(r"\1", para)
        para = _ITALIC.sub(r"\1", para)
        out.append(_CODE.sub(r"\1", para))
    return "\n\n".join(out)
