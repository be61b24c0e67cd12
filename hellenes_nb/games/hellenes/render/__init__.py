"""Static rendering of the Hellenes map: baked geometry (geometry.json) drawn as SVG."""

from hellenes_nb.games.hellenes.render.geometry import Geometry, Shape, load_geometry
from hellenes_nb.games.hellenes.render.svg import render_map_svg

__all__ = ["Geometry", "Shape", "load_geometry", "render_map_svg"]
