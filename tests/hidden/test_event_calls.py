"""Every ``.event(`` call in the package names units only in ways the per-side log redacts
(docs/engine.md, "Hidden information"): through the Reader of a text function, or in fields
listed in ``eventlog.UNIT_FIELDS``, or in the owner's text of a ``private`` event. A call that
writes ``ix.describe(u)``, ``unit_key`` or ``unit_name`` into the words or fields both sides
read is refused here, before any game has to stumble on it.

The search reads every game's modules, but what it looks for is Hellenes': the helpers that name
a face-down block and the fields its per-side log redacts (``games/hellenes/eventlog.py``).
*300: Earth & Water* has no hidden pieces, only hands and a draw pile, and the conformance suite
checks those for every registered game (tests/conformance/test_hidden_views.py,
test_hidden_widgets.py, test_contract.py for ``log_for``)."""

from __future__ import annotations

import ast
from pathlib import Path

import hellenes_nb
from hellenes_nb.games.hellenes.eventlog import UNIT_FIELDS

PACKAGE = Path(hellenes_nb.__file__).parent
NAMING = {"describe", "_fighter_name", "unit_key", "unit_name"}


def _names_units(node: ast.AST) -> str | None:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Attribute) and sub.attr in NAMING:
            return sub.attr
        if isinstance(sub, ast.Name) and sub.id in NAMING:
            return sub.id
    return None


def problems(source: str, where: str) -> tuple[list[str], int]:
    """Event calls in ``source`` that name units where both sides read them; and how many
    event calls there are."""
    out, calls = [], 0
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "event" and len(node.args) >= 3):
            continue
        calls += 1
        kw = {k.arg: k.value for k in node.keywords if k.arg}
        private = "private" in kw
        parts = [("text", node.args[2])] if not private else []
        parts += [(k, v) for k, v in kw.items()
                  if k not in UNIT_FIELDS and k not in ("private",)]
        for what, value in parts:
            found = _names_units(value)
            if found:
                out.append(f"{where}:{node.lineno}: the {what} of a {'private' if private else ''}"
                           f" event uses {found}: name units through the Reader instead")
    return out, calls


def test_no_event_call_names_a_unit_outside_the_redaction():
    found, calls = [], 0
    for path in sorted(PACKAGE.rglob("*.py")):
        p, n = problems(path.read_text(), str(path.relative_to(PACKAGE)))
        found += p
        calls += n
    assert calls >= 85, f"only {calls} event calls found: the search lost its way"
    assert found == []


def test_the_check_refuses_the_hermes_reroll_as_it_was():
    old = '''state.event("forced_roll", "11.0", f"Forced march of {state.ix.describe(r['unit'])} "
                f"rolled again: {face}", r["side"], dice=[face])'''
    found, calls = problems(old, "olympians.py")
    assert calls == 1 and len(found) == 1 and "describe" in found[0]
    ok = '''state.event("move", "5.0", f"{ix.describe(u)} moves", side, private=side,
                public=lambda rd: f"{rd.unit(u, start=True)} moves", units=[ix.unit_key[u]])'''
    assert problems(ok, "movement.py") == ([], 1)
