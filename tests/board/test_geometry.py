"""The board layer: reading geometry.json and the pure-Python path helpers."""

from __future__ import annotations

import json

import pytest

from hellenes_nb.board.geometry import (
    path_contains,
    read_geometry,
    ring_area,
    rings,
)


def test_rings_decode_relative_steps():
    assert rings("M10 20l5 0 0 5-5 0zM1.5 2l.5-.5 1 1z") == [
        [(10, 20), (15, 20), (15, 25), (10, 25)],
        [(1.5, 2), (2.0, 1.5), (3.0, 2.5)],
    ]


def test_ring_area_and_containment_with_hole():
    d = "M0 0l10 0 0 10-10 0zM4 4l2 0 0 2-2 0z"
    assert [ring_area(r) for r in rings(d)] == [100, 4]
    assert path_contains(d, (1, 1))
    assert not path_contains(d, (5, 5))  # in the hole
    assert not path_contains(d, (11, 5))


def test_to_map_uses_each_views_projection(tiny_geometry):
    assert tiny_geometry.to_map(40.0, 20.0) == (0, 0)
    x, y = tiny_geometry.to_map(39.0, 21.0)
    assert y == pytest.approx(100)
    assert x == pytest.approx(78.26, abs=0.01)  # cos 38.5° × 100 px per degree
    assert tiny_geometry.to_map(38.0, 14.0, view="inset") == (10, 200)


def test_shape_lookup_names_missing_ids(tiny_geometry):
    assert tiny_geometry.shape("saronic_gulf").view == "main"
    with pytest.raises(KeyError, match="no shape for 'atlantis'"):
        tiny_geometry.shape("atlantis")


def test_missing_or_malformed_file_is_explained(tmp_path):
    with pytest.raises(FileNotFoundError, match="build_map.py"):
        read_geometry(tmp_path / "geometry.json")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"viewBox": [0, 0, 1, 1]}))
    with pytest.raises(ValueError, match="malformed geometry file"):
        read_geometry(bad)
