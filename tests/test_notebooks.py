"""Every notebook is reachable from the start-here notebook and committed without outputs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.paths import NOTEBOOKS

ALL = sorted(NOTEBOOKS.glob("*.ipynb"))


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def test_start_here_links_every_notebook():
    text = "".join("".join(c["source"]) for c in _cells(NOTEBOOKS / "00-start-here.ipynb"))
    missing = [p.name for p in ALL if p.name != "00-start-here.ipynb" and f"({p.name})" not in text]
    assert not missing, f"00-start-here.ipynb should link to {missing}"


@pytest.mark.parametrize("path", ALL, ids=[p.name for p in ALL])
def test_notebook_is_committed_without_outputs(path: Path):
    """Outputs embed widget JavaScript and go stale: notebooks are stored clean."""
    with_outputs = [i for i, c in enumerate(_cells(path)) if c.get("outputs")]
    assert not with_outputs, f"{path.name}: cells {with_outputs} have stored outputs"
