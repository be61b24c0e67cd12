"""Fixtures of the board layer's tests."""

from __future__ import annotations

import pytest
from support.tiny_board_geometry import tiny_geometry_file


@pytest.fixture
def tiny_geometry(tmp_path):
    return tiny_geometry_file(tmp_path)
