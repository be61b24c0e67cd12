"""Safe HTML from the small Markdown subset that lesson prose may use, through markdown-it-py.

Lesson files are written by teachers and shared between classes, so their prose is treated as
untrusted text. It is parsed by markdown-it-py's CommonMark parser with raw HTML turned off and
every rule switched off except the subset below, so that nothing a lesson author types can
become a tag, an attribute, a link or a script: markdown-it escapes all text it writes, and
the only tags it can write are those of the subset.

The subset: paragraphs (blank lines), bullet lists (``- `` or ``* ``; an item may wrap onto the
next lines), ``**bold**``, ``*italic*`` (or ``_italic_``), ```code``` and backslash escapes
(``\\*`` for a star). Anything else (headings, numbered lists, quotes, links, images, HTML,
entities) stays as plain, escaped text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_block import list_block
from markdown_it.rules_block.state_block import StateBlock
from markdown_it.token import Token

__all__ = ["to_html", "to_text"]

_BLOCK_RULES = ["code", "fence", "blockquote", "hr", "reference", "html_block", "heading",
                "lheading"]
_INLINE_RULES = ["link", "image", "autolink", "html_inline", "entity"]


def _bullet_list(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """CommonMark's list rule, for bullet lists only: ``1.`` at a line's start stays text."""
    first = state.bMarks[start] + state.tShift[start]
    if first < state.eMarks[start] and state.src[first] in "-*+":
        return list_block(state, start, end, silent)
    return False


def _break(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    return "\n"


def _parser() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False})
    md.disable(_BLOCK_RULES + _INLINE_RULES)
    md.block.ruler.at("list", _bullet_list, {"alt": ["paragraph", "reference", "blockquote"]})
    md.add_render_rule("hardbreak", _break)
    md.add_render_rule("softbreak", _break)
    return md


_MD = _parser()


def to_html(text: str | None) -> str:
    """Sanitised HTML for lesson prose: escaped text plus the subset in the module docstring."""
    return _MD.render(text or "").strip()


def _words(inline: Token) -> str:
    """The text of an inline token, marks removed; a line break inside a paragraph is a
    space, as the lines of one paragraph run on."""
    return "".join(" " if t.type == "softbreak" else "\n" if t.type == "hardbreak"
                   else t.content for t in inline.children or ()
                   if t.type in ("text", "code_inline", "softbreak", "hardbreak"))


def to_text(text: str | None) -> str:
    """Plain text for terminals: the prose with its Markdown marks removed, a blank line
    between paragraphs and lists, each list item on a line of its own after ``- ``."""
    blocks: list[str] = []
    lines: list[str] = []  # the list being read
    depth = 0
    for token in _MD.parse(text or ""):
        if token.type == "bullet_list_open":
            depth += 1
        elif token.type == "bullet_list_close":
            depth -= 1
            if not depth:
                blocks.append("\n".join(lines))
                lines = []
        elif token.type == "list_item_open":
            lines.append("  " * (depth - 1) + "- ")
        elif token.type == "inline" and depth:
            if lines[-1].endswith("- "):
                lines[-1] += _words(token)
            else:  # a second paragraph of the same item
                lines.append("  " * depth + _words(token))
        elif token.type == "inline":
            blocks.append(_words(token))
    return "\n\n".join(blocks)
