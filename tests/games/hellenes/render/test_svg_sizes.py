"""The printed map's classroom size (issue 15, item 7): as on the map widget, names, city
symbols and block counts larger, borders and the coast thicker, the key larger (under the map,
where it hides no place); a size it does not know is refused in plain words."""

from __future__ import annotations

import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from hellenes_nb.games.hellenes.render.svg import render_map_svg

SVG = "{http://www.w3.org/2000/svg}"


def _both(tiny_world, tiny_geometry) -> dict[str, ET.Element]:
    """Both sizes of the tiny map, every name written (the tiny map has no room for them all
    in the classroom size, where a name with no free spot would be left out)."""
    return {size: ET.fromstring(render_map_svg("431", world=tiny_world, geometry=tiny_geometry,
                                               size=size, every_name=True))
            for size in ("normal", "classroom")}


def _font(root: ET.Element, words: str) -> float:
    return float(next(el for el in root.iter(f"{SVG}text") if el.text == words).get("font-size"))


def _stroke(root: ET.Element, cls: str) -> float:
    return float(next(el for el in root.iter(f"{SVG}path")
                      if el.get("class") == cls).get("stroke-width"))


def _scale_around(root: ET.Element, attr: str, value: str = "") -> float:
    """The scale of the group drawn around the first element with ``attr`` (of ``value``, if
    given), 1 if none."""
    for g in root.iter(f"{SVG}g"):
        inner = next(iter(g), None)
        if inner is None or not inner.get(attr) or (value and inner.get(attr) != value):
            continue
        if "scale(" in (g.get("transform") or ""):
            return float(re.search(r"scale\(([\d.]+)\)", g.get("transform")).group(1))
    return 1.0


def test_classroom_names_are_larger(tiny_world, tiny_geometry):
    maps = _both(tiny_world, tiny_geometry)
    for words in ("Athens", "ATTICA", "Saronic Gulf", "SICILY"):
        normal, big = _font(maps["normal"], words), _font(maps["classroom"], words)
        assert big == pytest.approx(normal * 1.45), words


def test_classroom_symbols_and_block_counts_are_larger(tiny_world, tiny_geometry):
    maps = _both(tiny_world, tiny_geometry)
    for attr in ("data-city", "data-badge"):
        assert _scale_around(maps["normal"], attr) == 1.0
        assert _scale_around(maps["classroom"], attr) == pytest.approx(1.45), attr


@pytest.mark.rule("5.22")
def test_classroom_borders_and_coast_are_thicker(tiny_world, tiny_geometry):
    maps = _both(tiny_world, tiny_geometry)
    for cls in ("nation-border", "deepsea", "coast"):
        assert _stroke(maps["classroom"], cls) > 1.5 * _stroke(maps["normal"], cls), cls


def test_classroom_key_is_larger_under_the_map(tiny_world, tiny_geometry):
    maps = _both(tiny_world, tiny_geometry)
    _, _, _, vh = tiny_geometry.view_box
    assert maps["normal"].get("viewBox").split()[3] == f"{vh:g}"
    assert float(maps["classroom"].get("viewBox").split()[3]) > vh + 200  # a band for the key
    legend = next(g for g in maps["classroom"].iter(f"{SVG}g") if g.get("class") == "legend")
    assert float(legend.find(f"{SVG}rect").get("y")) > vh  # under the map, hiding nothing
    assert _scale_around(maps["classroom"], "class", "legend") == pytest.approx(1.4)


def test_a_bad_size_is_refused_in_plain_words(tiny_world, tiny_geometry):
    with pytest.raises(ValueError, match="size must be 'normal' or 'classroom' .*not 'huge'"):
        render_map_svg(world=tiny_world, geometry=tiny_geometry, size="huge")


def test_the_map_command_draws_the_classroom_size(tmp_path):
    out = tmp_path / "map.svg"
    run = subprocess.run([sys.executable, "-m", "hellenes_nb.cli", "map", "--size", "classroom",
                          "--svg", str(out)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert 'class="band"' in out.read_text()
    ew = subprocess.run([sys.executable, "-m", "hellenes_nb.cli", "map", "--scenario",
                         "earth-water", "--size", "classroom"], capture_output=True, text=True,
                        timeout=120)
    assert ew.returncode == 2 and "Hellenes map only" in ew.stderr
