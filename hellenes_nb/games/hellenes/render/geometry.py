"""The packaged Hellenes map geometry (data/hellenes/geometry.json, see docs/data.md
"Geometry"), read with the board layer's reader (:mod:`hellenes_nb.board.geometry`, which also
holds the path helpers)."""

from __future__ import annotations

from functools import lru_cache

from hellenes_nb.board.geometry import Geometry, read_geometry
from hellenes_nb.games.hellenes.world import data_dir


@lru_cache(maxsize=1)
def load_geometry() -> Geometry:
    """The packaged geometry, read once per process."""
    return read_geometry(data_dir() / "geometry.json")
