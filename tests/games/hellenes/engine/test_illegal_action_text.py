"""A refusal cites its rule section once: added to the message unless the message already
names that very section (a reason built from a scenario rule often does)."""

from __future__ import annotations

import pytest

from hellenes_nb.core.steps import IllegalAction


@pytest.mark.parametrize("message,rule,text", [
    ("too far", "5.0", "too far (§5.0)"),
    ("held in Athens until 414 (§15.2)", "15.2", "held in Athens until 414 (§15.2)"),
    ("may not be entered (§1.31, §15)", "1.31", "may not be entered (§1.31, §15)"),
    ("as §5.41 says", "5.4", "as §5.41 says (§5.4)"),
    ("see §5.4.1", "5.4", "see §5.4.1 (§5.4)"),
    ("no rule named", "", "no rule named"),
])
def test_the_section_is_cited_once(message, rule, text):
    exc = IllegalAction(message, rule)
    assert str(exc) == text and exc.rule == rule and exc.message == message
