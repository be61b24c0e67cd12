"""Lesson prose is escaped HTML with a tiny Markdown subset."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from hellenes_nb.lessons.markup import to_html, to_text

ALLOWED = re.compile(r"</?(p|ul|li|strong|em|code)>")


def test_script_in_narrative_is_escaped():
    out = to_html("Hello <script>alert('x')</script> & <b onclick=x>bold</b>")
    assert "<script>" not in out and "<b " not in out
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;" in out
    assert "&amp;" in out


def test_markdown_subset():
    out = to_html("A **strong** and *light* `§6.33`\n\n- one\n- two")
    assert out == ("<p>A <strong>strong</strong> and <em>light</em> <code>§6.33</code></p>\n"
                   "<ul><li>one</li><li>two</li></ul>")


def test_code_is_literal_and_links_stay_text():
    out = to_html("`**not bold**` [x](javascript:alert(1))")
    assert "<code>**not bold**</code>" in out and "<a" not in out


def test_to_text_strips_marks():
    assert to_text("A **b** *c*\n\nnext") == "A b c\n\nnext"


@given(st.text())
def test_only_our_own_tags_survive(text):
    out = ALLOWED.sub("", to_html(text))
    assert "<" not in out and ">" not in out
