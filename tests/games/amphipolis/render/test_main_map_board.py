"""The board of the scenarios that use the main map (10.1, 10.3, 10.4; issue 29 item 3): the
main map is the large part of the board, each main-map zone shows its pieces as counters (unit
type, strength points, leaders with their swords) as the operational boxes do, the bridge, the
river, the walls and Amphipolis' citadel are drawn, a click on a main-map zone lights where an
operation may go, and the other side's strategems never reach the SVG."""

from __future__ import annotations

import re

import pytest
from support.amphipolis_positions import athens_to_move

from hellenes_nb import new_game
from hellenes_nb.core.session import GameSession
from hellenes_nb.games.amphipolis.render import board_svg
from hellenes_nb.games.amphipolis.widgets.board import AmphipolisBoard


def _zone(view: dict, zid: str) -> dict:
    return next(z for z in view["zones"] if z["id"] == zid)


def _pieces(svg: str, zid: str) -> str:
    found = re.search(rf'<g class="pieces main" data-zone="{zid}"[^>]*>(.*?)</g></g>', svg)
    assert found, f"no counters drawn for {zid}"
    return found.group(1)


@pytest.mark.parametrize("scenario", ["amphipolis-10.1", "amphipolis-10.3", "amphipolis-10.4"])
def test_the_main_map_is_the_large_part_of_the_board(scenario):
    svg = board_svg(new_game(scenario, 7).view("athens"))
    width = float(re.search(r'viewBox="0 0 (\d+) ', svg).group(1))
    small = float(re.search(r'class="operational" transform="translate\([\d.]+ 0\) '
                            r'scale\(([\d.]+)\)"', svg).group(1))
    main = float(re.search(r'<clipPath id="amph-main-clip"><rect x="0.0" y="0.0" '
                           r'width="([\d.]+)"', svg).group(1))
    assert main >= 0.65 * width  # the main map takes two thirds of the board or more
    assert 1000 * small <= 0.35 * width  # the operational map beside it, smaller


def test_t11_shows_its_pieces_as_counters_in_scenario_10_1():
    game = new_game("amphipolis-10.1", 7)
    view = game.view("athens")
    svg = board_svg(view)
    t11 = _zone(view, "T11")
    assert t11["athens"]["units"], "scenario 10.1 has Athenian troops at T11"
    drawn = _pieces(svg, "T11")
    for u in t11["athens"]["units"]:
        assert f'data-unit="{u["id"]}"' in drawn
        assert f">{u['type']}" in drawn and f">{u['pf']}<" in drawn  # type and strength
    # Amphipolis (T12) holds a leader drawn as a counter with his name and swords
    t12 = _zone(view, "T12")
    leader = t12["athens"]["leaders"][0]
    assert 'class="leader"' in _pieces(svg, "T12") and leader["name"][:4] in _pieces(svg, "T12")


def test_brasidas_army_at_t11_is_drawn_with_his_swords():
    view = new_game("amphipolis-10.1", 7).view("all")
    t11 = _zone(view, "T11")
    t11["sparta"]["leaders"] = [{"name": "Brasidas", "swords": 2, "wounded": 0}]
    t11["sparta"]["units"] = [{"id": "h-test", "type": "H", "pf": 8, "full": 8, "bonus": True,
                               "reduced": False, "nation": "sparta"}]
    drawn = _pieces(board_svg(view), "T11")
    assert "Bras" in drawn and "††" in drawn and 'data-unit="h-test"' in drawn and ">H†<" in drawn


def test_zone_ids_bridge_river_walls_and_citadel_are_drawn():
    svg = board_svg(new_game("amphipolis-10.1", 7).view("athens"))
    assert len(re.findall(r'class="zone main" data-zone="\w+"', svg)) == 30
    assert re.search(r'>T11</text>', svg)
    assert 'data-crossing="bridge"' in svg and 'class="river"' in svg
    assert re.findall(r'data-wall="(\w+)"', svg).count("permanent") == 2
    assert 'class="citadel" data-holder="athens"' in svg


def test_classroom_size_grows_the_main_map_counters_and_ids():
    view = new_game("amphipolis-10.1", 7).view("athens")

    def scale(svg: str) -> float:
        return float(re.search(r'class="pieces main" data-zone="T11" transform="translate\('
                               r'[-\d.]+ [-\d.]+\) scale\(([\d.]+)\)"', svg).group(1))

    assert scale(board_svg(view, size="classroom")) > scale(board_svg(view)) >= 1.0


def test_the_svg_for_athens_holds_no_spartan_strategem():
    game = new_game("amphipolis-10.1", 7)
    hand = game.view("all")["hands"]["sparta"]
    assert hand, "Sparta holds strategems at the start of 10.1"
    svg = board_svg(game.view("athens"))
    for card in hand:
        assert f'"{card["id"]}"' not in svg and f">{card['id']}<" not in svg
        for face in card["faces"]:
            assert face["english"] not in svg and face["name"] not in svg


def test_a_click_on_a_main_map_zone_lights_where_an_operation_may_go():
    game = athens_to_move("amphipolis-10.1")
    viewer = "athens"
    view = game.view(viewer)
    mine = [z["id"] for z in view["zones"] if z["kind"] == "main" and z[viewer]["units"]]
    board = AmphipolisBoard(GameSession(game), viewer=viewer)
    lit = {}
    for zid in mine:
        board.select(zid)
        lit[zid] = board.lit()
    assert any(lit.values()), f"no main-map zone of {viewer} lights anything: {mine}"
    zid = next(z for z, where in lit.items() if where)
    board.select(zid)
    svg = board_svg(game.view(viewer), lit=board.lit())
    main = [t for t in board.lit() if t.startswith(("T", "M"))]
    assert main, f"{zid} lights no main-map zone: {board.lit()}"
    for target in main:
            assert re.search(rf'data-zone="{target}"><title>[^<]*</title><(circle|rect)[^>]*'
                             r'stroke="#f2a900"', svg)
