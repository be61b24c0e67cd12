"""A copy of the game's data with one edit, and what the data check says of it."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from hellenes_nb.games.amphipolis.world import data_dir, read_world
from hellenes_nb.games.amphipolis.worldcheck import problems


@pytest.fixture
def spoil(tmp_path: Path) -> Callable[[str, str, str], list[str]]:
    """``spoil(file, old, new)``: the problems of the data with ``old`` replaced once by
    ``new`` in ``file`` (each call on a fresh copy)."""
    made = []

    def run(name: str, old: str, new: str) -> list[str]:
        folder = tmp_path / f"copy{len(made)}" / "amphipolis"
        made.append(folder)
        shutil.copytree(data_dir(), folder)
        path = folder / name
        text = path.read_text()
        assert old in text, f"{old!r} is not in {name}"
        path.write_text(text.replace(old, new, 1))
        return problems(read_world(folder))

    return run
