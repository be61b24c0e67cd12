"""Static rendering of the Hellenes map: baked geometry (geometry.json) drawn as SVG."""

from .geometry import Geometry, Shape, load_geometry
from .svg import render_map_svg

__all__ = ["Geometry", "Shape", "load_geometry", "render_map_svg"]
