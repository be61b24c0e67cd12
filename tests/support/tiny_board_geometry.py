"""A tiny synthetic board geometry (three land areas, three seas, one of each pair in the
inset) for the board layer's and the renderer's tests, independent of the real map data."""

from __future__ import annotations

import json
from pathlib import Path

from hellenes_nb.board.geometry import Geometry, read_geometry


def _square(x: float, y: float, s: float) -> str:
    return f"M{x} {y}l{s} 0 0 {s}-{s} 0z"


def tiny_geometry_file(folder: Path) -> Geometry:
    """Write the tiny geometry.json into ``folder`` and read it back."""
    doc = {
        "viewBox": [0, 0, 400, 300],
        "projection": {
            "lon_min": 20.0,
            "lat_max": 40.0,
            "lat_ts": 38.5,
            "px_per_degree": 100,
            "x0": 0,
            "y0": 0,
        },
        "inset": {
            "id": "sicily",
            "title": "Sicily",
            "frame": [10, 200, 90, 90],
            "projection": {
                "lon_min": 14.0,
                "lat_max": 38.0,
                "lat_ts": 38.5,
                "px_per_degree": 50,
                "x0": 10,
                "y0": 200,
            },
        },
        "areas": {
            "attica": {
                "view": "main",
                "d": _square(200, 50, 50),
                "label": [225, 75],
                "symbol": [240, 95],
            },
            "boeotia": {
                "view": "main",
                "d": _square(150, 50, 50),
                "label": [175, 75],
                "symbol": [170, 70],
            },
            "syracuse": {
                "view": "inset",
                "d": _square(20, 210, 30),
                "label": [35, 225],
                "symbol": [45, 235],
            },
        },
        "seas": {
            "saronic_gulf": {"view": "main", "d": _square(200, 100, 50), "label": [225, 125]},
            "andros_sea": {"view": "main", "d": _square(250, 100, 50), "label": [275, 125]},
            "gulf_of_rhegium": {"view": "inset", "d": _square(50, 210, 30), "label": [65, 225]},
        },
        "offmap": {"main": _square(300, 0, 20)},
        "coast": {"main": "M200 100l50 0"},
        "borders": [
            {"a": "attica", "b": "boeotia", "d": "M200 50l0 50"},
            {"a": "andros_sea", "b": "saronic_gulf", "d": "M250 100l0 50"},
        ],
    }
    path = folder / "geometry.json"
    path.write_text(json.dumps(doc))
    return read_geometry(path)
