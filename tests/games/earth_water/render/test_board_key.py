"""The Earth & Water board says what its colours and shapes mean (issue 28 item 5): a key (red
Greece, blue Persia, squares armies, circles fleets, whose view it is), the campaign and score
panel in words large enough to read, the reserves in words, and battle dice in words."""

from __future__ import annotations

import re

import pytest
from support.earth_water_positions import do, ew_game, play

from hellenes_nb.core.game import new_game
from hellenes_nb.games.earth_water.render import COLOURS, board_svg
from hellenes_nb.games.earth_water.ui import battle_rounds, in_play_html


def _svg(viewer: str = "all") -> str:
    return board_svg(new_game("earth-water", 7).view(viewer))


def _words(svg: str) -> str:
    return " ".join(re.findall(r">([^<>]+)</text>", svg))


def test_the_key_names_each_sides_colour_and_the_shapes_of_pieces():
    svg = _svg()
    for side, name in (("greece", "Greece"), ("persia", "Persia")):
        assert re.search(rf'class="key-army" data-side="{side}"[^>]*fill="{COLOURS[side]}"', svg)
        assert re.search(rf'class="key-fleet" data-side="{side}"[^>]*fill="{COLOURS[side]}"',
                         svg)
        assert name in _words(svg)
    words = _words(svg)
    assert "square: armies" in words and "circle: fleets" in words and "Major city" in words


def test_the_teachers_board_is_nobodys_side():
    teacher = _words(_svg("all"))
    assert "Teacher's view" in teacher
    assert not re.search(r"\b(you|your)\b", teacher, re.IGNORECASE), teacher
    assert "Greece's view" in _words(_svg("greece"))
    assert "Persia's view" in _words(_svg("persia"))


def test_reserves_are_written_in_words():
    view = new_game("earth-water", 7).view("all")
    p, g = view["reserve"]["persia"], view["reserve"]["greece"]
    words = _words(board_svg(view))
    assert f"Persia: {p['armies']} armies, {p['fleets']} fleets in reserve" in words
    assert f"Greece: {g['armies']} armies, {g['fleets']} fleets in reserve" in words


def test_the_campaign_and_score_panel_is_written_large():
    svg = _svg()
    panel = svg[svg.index('<g class="layer-tracks">'):]
    sizes = [float(s) for s in re.findall(r'<text[^>]*font-size="([\d.]+)"', panel)]
    assert sizes and min(sizes) >= 10, sizes


@pytest.mark.rule("7.1")
def test_battle_dice_are_told_in_words():
    game = ew_game(ga={"athenai": 1, "thebai": 1}, pa={"larissa": 2}, persian=(14,),
                   greek=(13,), dice=(4, 6, 6))
    play(game, "persia", 14, "move")
    do(game, type="land_move", to="thebai", armies=2)
    do(game, type="fight", side="greece")
    view = game.view("all")
    assert battle_rounds(view["log"])
    html = in_play_html(game, view)
    assert "→" not in html
    assert "Persia rolled 6 and 6 (a Persian die counts at most 4 here, §7.1: so 4 and 4)" \
        in html, html
    assert "highest die 4 against 4" in html
