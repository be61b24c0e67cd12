"""Static rendering of the Hellenes map: baked geometry (geometry.json) drawn as SVG on the
shared board layer (:mod:`hellenes_nb.board`)."""

from hellenes_nb.board.geometry import Geometry, Shape
from hellenes_nb.games.hellenes.render.geometry import load_geometry
from hellenes_nb.games.hellenes.render.svg import render_map_svg

__all__ = ["Geometry", "Shape", "load_geometry", "render_map_svg"]
