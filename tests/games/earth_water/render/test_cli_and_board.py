"""The game from outside: ``new_game``, the command line (data check, map, selfplay, match) and
the board drawing from a side's view."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from hellenes_nb import new_game
from hellenes_nb.cli import main
from hellenes_nb.games.earth_water.render import board_svg
from hellenes_nb.games.earth_water.world import check_world, data_dir, read_world


def test_new_game_by_scenario_id():
    game = new_game("earth-water", seed=7)
    assert game.ruleset.title == "300: Earth & Water" and game.roles == ("greece", "persia")
    assert repr(game).startswith("<Game earth-water seed=7: campaign 1")


@pytest.mark.rule("2.1")
def test_data_check_passes_and_names_a_bad_record(tmp_path, capsys):
    assert main(["data", "check", "--game", "earth-water"]) == 0
    assert "11 cities, 10 roads, 16 cards" in capsys.readouterr().out
    for f in data_dir().glob("*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    roads = tmp_path / "roads.yaml"
    roads.write_text(roads.read_text().replace("b: pella, bridge: true", "b: atlantis"))
    assert main(["data", "check", "--game", "earth-water", "--folder", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "roads.yaml: item 2 › b: 'atlantis' is not" in err


def test_plain_data_check_checks_every_game(capsys):
    """`hellenes data check` with no --game checks the packaged data of both games."""
    assert main(["data", "check"]) == 0
    out = capsys.readouterr().out
    assert "data check passed: 89 land areas" in out
    assert "data check passed (300: Earth & Water): 11 cities" in out


@pytest.mark.rule("5.1")
def test_check_world_needs_one_bridge():
    world = read_world()
    assert check_world(world) == []
    broken = type(world)(world.cities, tuple(r for r in world.roads if not r.bridge),
                         world.cards, world.setup, world.folder)
    assert check_world(broken) == ["§5.1: the map needs exactly one Hellespont road, not 0"]


def test_map_command_draws_the_start(tmp_path):
    out = tmp_path / "ew.svg"
    assert main(["map", "--scenario", "earth-water", "--svg", str(out), "--width", "600"]) == 0
    svg = out.read_text()
    assert svg.startswith("<svg") and 'width="600"' in svg
    assert len(set(re.findall(r'data-city="(\w+)"', svg))) == 11
    assert 'stroke-dasharray="5 4"' in svg  # the Hellespont is not bridged yet


def test_board_shows_stacks_and_the_bridge():
    game = new_game("earth-water", seed=1)
    game.state.mark("bridge")
    svg = board_svg(game.view("greece"), lit=frozenset({"thebai"}))
    assert 'stroke-dasharray' not in svg and 'class="lit"' in svg
    stack = re.search(r'<g class="stack" data-city="ephesos">(.*?)</g>', svg).group(1)
    assert 'class="army" data-side="persia"' in stack and ">2<" in stack


def test_selfplay_and_match_take_the_scenario(capsys):
    assert main(["selfplay", "--scenario", "earth-water", "--games", "3", "--fuzz", "--json",
                 "--no-progress"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["crashes"] == 0 and report["dead_ends"] == 0
    assert main(["match", "--scenario", "earth-water", "--games", "2", "--json",
                 "--no-progress"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
