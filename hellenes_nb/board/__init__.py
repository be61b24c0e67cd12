"""The board layer shared by the games drawn on the real coastline of Greece: baked geometry
(projection, land, sea and coast shapes, read without any geometry library), colours, place
markers, borders, labels that avoid each other, a legend and the SVG document
(docs/architecture-services.md, "The board layer").

A game keeps only what is its own: Hellenes draws areas and seas, blocks per side and its
Sicily inset in ``games/hellenes/render/``.
"""

from hellenes_nb.board.canvas import Canvas, overlap, shape_path, text, text_width
from hellenes_nb.board.geometry import (
    BorderLine,
    Geometry,
    Shape,
    path_contains,
    project,
    read_geometry,
    ring_area,
    ring_contains,
    rings,
)
from hellenes_nb.board.symbols import Legend

__all__ = [
    "BorderLine",
    "Canvas",
    "Geometry",
    "Legend",
    "Shape",
    "overlap",
    "path_contains",
    "project",
    "read_geometry",
    "ring_area",
    "ring_contains",
    "rings",
    "shape_path",
    "text",
    "text_width",
]
