"""The main map drawn beside the operational map: every zone T1-T27 and M1-M3 clickable,
the bridge, the walls with their state, the juncture points, and each side's pieces."""

from __future__ import annotations

import re

import hellenes_nb
from hellenes_nb.games.amphipolis.render import board_svg


def _svg(view: dict) -> str:
    return board_svg(view, main_map=True)


def test_scenario_10_2_keeps_the_operational_map_full_size_unless_asked():
    view = hellenes_nb.new_game("amphipolis-10.2").view("all")
    assert view["main_map"] is False
    plain = board_svg(view)
    assert 'viewBox="0 0 1000 800"' in plain and 'class="zone main"' not in plain
    both = board_svg(view, main_map=True)
    assert 'viewBox="0 0 1240 800"' in both and "not used in this scenario" in both
    assert 'class="zone main"' in board_svg({**view, "main_map": True})


def test_every_main_map_zone_is_drawn_and_clickable():
    svg = _svg(hellenes_nb.new_game("amphipolis-10.2").view("all"))
    found = set(re.findall(r'class="zone main" data-zone="(\w+)"', svg))
    assert found == {f"T{i}" for i in range(1, 28)} | {"M1", "M2", "M3"}
    assert 'stroke="#7a4a1e"' in svg  # the bridge
    assert svg.count('class="corner"') == 3  # three juncture points, not the map-edge corners


def test_walls_are_dashed_until_built_and_pieces_are_shown():
    view = hellenes_nb.new_game("amphipolis-10.2").view("all")
    walls = re.findall(r'data-wall="(\w+)"><line ([^>]*)/>', _svg(view))
    assert sorted(w for w, _ in walls) == ["buildable", "buildable", "permanent", "permanent"]
    assert sum("dasharray" in d for _, d in walls) == 2
    built = _svg({**view, "walls": "built"})
    assert "stroke-dasharray" not in "".join(re.findall(r'data-wall="\w+"><line [^>]*/>', built))
    t21 = next(z for z in view["zones"] if z["id"] == "T21")
    t21["sparta"]["leaders"] = [{"name": "Brasidas", "swords": 2, "wounded": 0}]
    t21["sparta"]["units"] = [{"id": "h-test", "type": "H", "pf": 8, "full": 8, "bonus": True,
                               "reduced": False, "nation": "sparta"}]
    assert "Sparta: Brasidas, H/8+" in _svg(view)
