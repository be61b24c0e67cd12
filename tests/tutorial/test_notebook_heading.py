"""A numbered notebook's heading carries its own file number (issue 28 item 1: 04's said "20")."""

from __future__ import annotations

import json
import re
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def test_numbered_headings_match_their_file():
    wrong = []
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        first = "".join(cells[0]["source"]).splitlines()[0]
        numbered = re.match(r"# (\d\d) ·", first)
        if numbered and numbered.group(1) != path.name[:2]:
            wrong.append(f"{path.name}: {first}")
    assert wrong == []
