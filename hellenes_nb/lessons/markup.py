"""Safe HTML from the tiny Markdown subset that lesson prose may use.

Lesson files are written by teachers and shared between classes, so their prose is treated as
untrusted text: every character that means something in HTML is escaped first, and only then
are a few Markdown marks turned into tags that this module writes itself. Nothing a lesson
author types can become a tag, an attribute or a script.

The subset: paragraphs (blank lines), ``- `` bullet lists, ``**bold**``, ``*italic*`` and
```code```. Anything else stays as plain, escaped text.
"""

from __future__ import annotations

import html
import re

__all__ = ["to_html", "to_text"]

_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])")
_CODE = re.compile(r"`([^`\n]+)`")


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


def to_html(text: str | None) -> str:
    """Sanitised HTML for lesson prose: escaped text plus the subset in the module docstring."""
    if not text:
        return ""
    blocks = re.split(r"\n\s*\n", text.strip())
    out = []
    for block in blocks:
        lines = [ln.strip() for ln in block.strip().splitlines() if ln.strip()]
        if lines and all(ln.startswith("- ") for ln in lines):
            items = "".join(f"<li>{_inline(ln[2:].strip())}</li>" for ln in lines)
            out.append(f"<ul>{items}</ul>")
        else:
            out.append(f"<p>{_inline(' '.join(lines))}</p>")
    return "\n".join(out)


def to_text(text: str | None) -> str:
    """Plain text for terminals: the prose with its Markdown marks removed, paragraphs kept."""
    if not text:
        return ""
    blocks = re.split(r"\n\s*\n", text.strip())
    out = []
    for block in blocks:
        lines = [ln.strip() for ln in block.strip().splitlines() if ln.strip()]
        if lines and all(ln.startswith("- ") for ln in lines):
            para = "\n".join(lines)
        else:
            para = " ".join(lines)
        para = _BOLD.sub(r"\1", para)
        para = _ITALIC.sub(r"\1", para)
        out.append(_CODE.sub(r"\1", para))
    return "\n\n".join(out)
