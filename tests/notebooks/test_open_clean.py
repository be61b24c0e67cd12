"""Notebooks open clean (issue 15, item 13): a notebook saved with widget outputs or widget
state shows "Error displaying widget: model not found" when it is opened again, so the committed
notebooks hold neither, and a note says where a widget will appear once the cells are run.

Works on any notebook in notebooks/, including ones added later.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support.paths import NOTEBOOKS

ALL = sorted(NOTEBOOKS.glob("*.ipynb"))
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
STATE_MIME = "application/vnd.jupyter.widget-state+json"
NOTE = "Run the cells to start"
#: a code cell that builds a widget and shows it (its last line names it)
_BUILDS = re.compile(r"\b(\w*Widget|Dashboard)\(|\.panel\(\)|\.open_replay\(\)")


def _notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def widget_outputs(nb: dict) -> list[str]:
    """Where a notebook holds widget views or saved widget state."""
    found = []
    if STATE_MIME in json.dumps(nb.get("metadata", {})) or "widgets" in nb.get("metadata", {}):
        found.append("notebook metadata (saved widget state)")
    for i, cell in enumerate(nb["cells"]):
        for out in cell.get("outputs", []):
            if WIDGET_MIME in out.get("data", {}) or STATE_MIME in out.get("data", {}):
                found.append(f"cell {i} (a widget view)")
    return found


@pytest.mark.parametrize("path", ALL, ids=[p.name for p in ALL])
def test_notebook_holds_no_widget_output_or_state(path: Path):
    found = widget_outputs(_notebook(path))
    assert not found, f"{path.name} was saved with widget outputs in {found}: clear the outputs"


def test_the_check_finds_a_saved_widget():
    cell = {"cell_type": "code", "source": [], "metadata": {}, "execution_count": 3,
            "outputs": [{"output_type": "display_data",
                         "data": {WIDGET_MIME: {"model_id": "abc", "version_major": 2}}}]}
    assert widget_outputs({"metadata": {}, "cells": [cell]}) == ["cell 0 (a widget view)"]
    assert widget_outputs({"metadata": {"widgets": {STATE_MIME: {}}}, "cells": []})


@pytest.mark.parametrize("path", ALL, ids=[p.name for p in ALL])
def test_a_note_says_where_each_widget_will_appear(path: Path):
    """The markdown before a cell that shows a widget tells the reader to run the cells."""
    cells = _notebook(path)["cells"]
    missing = []
    for i, cell in enumerate(cells):
        src = "".join(cell["source"])
        lines = [ln for ln in src.strip().splitlines() if ln.strip()]
        if cell["cell_type"] != "code" or not _BUILDS.search(src) or not lines:
            continue
        last = lines[-1].strip()
        if not re.fullmatch(r"[A-Za-z_]\w*(\.panel\(\))?", last):
            continue  # the cell shows nothing
        notes = [c for c in cells[:i] if c["cell_type"] == "markdown"]
        if not notes or NOTE not in "".join(notes[-1]["source"]):
            missing.append(i)
    assert not missing, f"{path.name}: cells {missing} show a widget without a '{NOTE}' note"
