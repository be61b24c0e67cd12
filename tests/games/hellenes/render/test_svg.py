"""Renderer behaviour on a tiny synthetic map."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from hellenes_nb.games.hellenes.render.svg import render_map_svg

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_standalone_svg_with_viewbox_and_width(tiny_world, tiny_geometry):
    root = parse(render_map_svg(width=800, world=tiny_world, geometry=tiny_geometry))
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 400 300"
    assert root.get("width") == "800" and root.get("height") == "600"


def test_width_none_leaves_size_to_container(tiny_world, tiny_geometry):
    root = parse(render_map_svg(width=None, world=tiny_world, geometry=tiny_geometry))
    assert root.get("width") is None


def test_one_element_per_area_and_sea(tiny_world, tiny_geometry):
    root = parse(render_map_svg(world=tiny_world, geometry=tiny_geometry))
    ids = [el.get("data-area") for el in root.iter() if el.get("data-area")]
    assert sorted(ids) == sorted([*tiny_world.areas, *tiny_world.seas])
    kinds = {el.get("data-area"): el.get("class") for el in root.iter() if el.get("data-area")}
    assert kinds["attica"] == "land" and kinds["saronic_gulf"] == "sea"


@pytest.mark.rule("1.3")
def test_1_3_cities_squares_ports_hexagons_with_values(tiny_world, tiny_geometry):
    root = parse(render_map_svg(world=tiny_world, geometry=tiny_geometry))
    groups = {g.get("data-city"): g for g in root.iter(f"{SVG}g") if g.get("data-city")}
    assert groups["attica"].get("class") == "port"
    assert groups["attica"].find(f"{SVG}polygon") is not None
    assert groups["boeotia"].get("class") == "city"
    assert groups["boeotia"].find(f"{SVG}rect") is not None
    assert groups["attica"].find(f"{SVG}text").text == "5"
    assert groups["boeotia"].find(f"{SVG}text").text == "4"


def test_names_are_written(tiny_world, tiny_geometry):
    svg = render_map_svg(world=tiny_world, geometry=tiny_geometry)
    texts = {el.text for el in parse(svg).iter(f"{SVG}text")}
    assert {"Athens", "Thebes", "ATTICA", "Saronic Gulf", "SICILY"} <= texts


@pytest.mark.rule("5.22")
def test_5_22_deepsea_border_drawn_distinctly(tiny_world, tiny_geometry):
    root = parse(render_map_svg(world=tiny_world, geometry=tiny_geometry))
    deep = [el for el in root.iter(f"{SVG}path") if el.get("class") == "deepsea"]
    assert [el.get("data-border") for el in deep] == ["andros_sea|saronic_gulf"]
    nation = [el for el in root.iter(f"{SVG}path") if el.get("class") == "nation-border"]
    assert [el.get("data-border") for el in nation] == ["attica|boeotia"]


def test_inset_links_to_main_map_are_noted(tiny_world, tiny_geometry):
    texts = [
        el.text
        for el in parse(render_map_svg(world=tiny_world, geometry=tiny_geometry)).iter(f"{SVG}text")
    ]
    assert "↔ Gulf of Rhegium – Andros Sea" in texts


def test_scenario_badges_count_setup_blocks(tiny_world, tiny_geometry):
    root = parse(render_map_svg("431", world=tiny_world, geometry=tiny_geometry))
    badges = {
        (g.get("data-badge"), g.get("data-side")): int(g.get("data-count"))
        for g in root.iter(f"{SVG}g")
        if g.get("data-badge")
    }
    assert badges == {
        ("attica", "athens"): 2,
        ("attica", "sparta"): 1,
        ("saronic_gulf", "athens"): 1,
        ("boeotia", "sparta"): 1,
    }


def test_no_badges_without_scenario(tiny_world, tiny_geometry):
    root = parse(render_map_svg(world=tiny_world, geometry=tiny_geometry))
    assert not [g for g in root.iter(f"{SVG}g") if g.get("data-badge")]


def test_scenario_neutrals_are_hatched(tiny_world, tiny_geometry):
    svg = render_map_svg("431", world=tiny_world, geometry=tiny_geometry)
    hatch = [el for el in parse(svg).iter(f"{SVG}path") if el.get("fill") == "url(#neutral-hatch)"]
    # boeotia is listed neutral by the scenario, syracuse names the scenario in neutral_in
    drawn = {el.get("d") for el in hatch}
    assert drawn == {tiny_geometry.areas["boeotia"].d, tiny_geometry.areas["syracuse"].d}


def test_unknown_scenario_is_a_clear_error(tiny_world, tiny_geometry):
    with pytest.raises(ValueError, match="unknown scenario '999'.*431"):
        render_map_svg("999", world=tiny_world, geometry=tiny_geometry)


def test_missing_shape_names_the_area(tiny_world, tiny_geometry):
    tiny_world.areas["megaris"] = tiny_world.areas["boeotia"]
    with pytest.raises(ValueError, match="megaris.*build_map.py"):
        render_map_svg(world=tiny_world, geometry=tiny_geometry)
