"""Lesson prose is escaped HTML with a small Markdown subset (markdown-it-py, HTML off)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hellenes_nb.lessons.markup import to_html, to_text

ALLOWED = re.compile(r"</?(p|ul|li|strong|em|code)>")


def test_script_in_narrative_is_escaped():
    out = to_html("Hello <script>alert('x')</script> & <b onclick=x>bold</b>")
    assert "<script>" not in out and "<b " not in out
    assert "&lt;script&gt;alert('x')&lt;/script&gt;" in out
    assert "&amp;" in out


def test_markdown_subset():
    out = to_html("A **strong** and *light* `§6.33`\n\n- one\n- two")
    assert out == ("<p>A <strong>strong</strong> and <em>light</em> <code>§6.33</code></p>\n"
                   "<ul>\n<li>one</li>\n<li>two</li>\n</ul>")


def test_code_is_literal_and_links_stay_text():
    out = to_html("`**not bold**` [x](javascript:alert(1))")
    assert "<code>**not bold**</code>" in out and "<a" not in out


def test_to_text_strips_marks():
    assert to_text("A **b** *c*\n\nnext") == "A b c\n\nnext"


def test_to_text_keeps_lists_and_runs_lines_on():
    text = "One\nparagraph.\n\n- first\n  wraps\n- `second`\n\nEnd."
    assert to_text(text) == "One paragraph.\n\n- first wraps\n- second\n\nEnd."


@pytest.mark.parametrize("text", [
    "1. a numbered line", "# not a heading", "> not a quote", "[a link](https://example.org)",
    "<https://example.org>", "![image](x.png)", "    indented", "```\nfenced\n```",
    "Title\n=====", "---", "&copy; &#60;b&#62;", "[x]\n\n[x]: https://example.org",
])
def test_everything_outside_the_subset_stays_plain_text(text):
    """Only paragraphs, bullet lists, bold, italic and code become tags: no heading, numbered
    list, quote, rule, link, image, entity or code block (the lessons' prose never needs
    them, and a link in a shared file could lead a class anywhere)."""
    out = to_html(text)
    assert ALLOWED.sub("", out).count("<") == 0, out
    assert out.startswith("<p>") and "href" not in out and "src" not in out


@given(st.text())
def test_only_our_own_tags_survive(text):
    out = ALLOWED.sub("", to_html(text))
    assert "<" not in out and ">" not in out
