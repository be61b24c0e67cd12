"""The catalogue of games (hellenes_nb/core/catalog.py; docs/architecture.md, "The catalogue
and the plugin record"): one list of games, read from the package's entry points, and a
contract checked whole when a game registers, so a game that lacks a member is refused at once
with its name instead of failing in the middle of play."""

from __future__ import annotations

from importlib.metadata import EntryPoint
from types import SimpleNamespace

import pytest
from support.toygame import Toy, toy_plugin

from hellenes_nb import new_game
from hellenes_nb.core import catalog
from hellenes_nb.core.catalog import (
    RULESET_ATTRIBUTES,
    RULESET_METHODS,
    GamePlugin,
    PluginLoadError,
    plugin_for,
    plugins,
    register_game,
    rulesets,
    scenario_ids,
    unregister_game,
)
from hellenes_nb.selfplay import play_one

MEMBERS = (*RULESET_ATTRIBUTES, *RULESET_METHODS)


def _lacking(member: str) -> SimpleNamespace:
    """The toy's ruleset with every member but ``member``."""
    toy = Toy()
    return SimpleNamespace(**{m: getattr(toy, m) for m in MEMBERS if m != member})


def test_the_contract_lists_every_member_the_core_and_the_bots_read():
    assert set(MEMBERS) == {"name", "title", "roles", "steps", "scenarios",
                            "perfect_information", "sets_up", "setup", "check_shape", "view",
                            "log_for", "result", "describe", "save_state", "read_save"}


@pytest.mark.parametrize("member", MEMBERS)
def test_a_ruleset_lacking_a_member_is_refused_at_registration(member):
    before = scenario_ids()
    with pytest.raises(TypeError) as refused:
        register_game(GamePlugin(_lacking(member)))
    words = str(refused.value)
    assert f"{member!r}" in words and "cannot be registered" in words
    if member != "name":
        assert "the game toy" in words
    assert scenario_ids() == before


def test_every_missing_member_is_named_at_once():
    bare = SimpleNamespace(name="bare", scenarios=("bare-1",))
    with pytest.raises(TypeError) as refused:
        register_game(GamePlugin(bare))
    words = str(refused.value)
    assert all(f"{m!r}" in words for m in MEMBERS if m not in ("name", "scenarios"))


def test_a_record_that_is_not_a_plugin_or_has_a_hook_that_is_not_callable_is_refused():
    with pytest.raises(TypeError, match="is not a GamePlugin"):
        register_game(Toy())
    with pytest.raises(TypeError, match="'draw_map' is not callable"):
        register_game(GamePlugin(Toy(), draw_map="a map"))


def test_a_toy_plugin_registers_and_plays_through_new_game():
    plugin = register_game(toy_plugin())
    try:
        assert "toy-pile" in scenario_ids() and plugin_for(plugin.ruleset) is plugin
        game = new_game("toy-pile", seed=3)
        assert game.ruleset is plugin.ruleset
        while not game.over:
            game.apply(game.legal_actions()[0])
        assert game.result["winner"] in ("first", "second")
        summary = play_one("toy-pile", 4, max_decisions=200, policy="brisk")
        assert summary["end"] == "game_over" and summary["pile"] == 0
    finally:
        unregister_game(plugin)


def test_unregister_restores_the_catalogue():
    before = (plugins(), scenario_ids())
    plugin = register_game(toy_plugin())
    assert len(plugins()) == len(before[0]) + 1
    unregister_game(plugin)
    assert (plugins(), scenario_ids()) == before
    with pytest.raises(ValueError, match="unknown scenario 'toy-pile'"):
        new_game("toy-pile")


def test_a_name_or_scenario_taken_is_refused():
    class Clash(Toy):
        name = "hellenes"

    with pytest.raises(ValueError, match="a game named 'hellenes' is already registered"):
        register_game(GamePlugin(Clash()))
    home = toy_plugin()
    with pytest.raises(ValueError, match="says it is the home game, but hellenes already is"):
        register_game(GamePlugin(home.ruleset, home=True))


def test_the_entry_points_load_both_games():
    names = [r.name for r in rulesets()]
    assert names[0] == "hellenes" and {"earth-water", "amphipolis"} <= set(names)  # home first
    ids = scenario_ids()
    assert set(ids[:4]) == {"431", "sicily", "413", "415"}
    assert {"earth-water", "amphipolis-10.2"} <= set(ids[4:])
    hellenes, ew = plugins()[0], next(p for p in plugins() if p.ruleset.name == "earth-water")
    assert hellenes.home and not ew.home
    assert {"easy", "heuristic", "search"} <= set(hellenes.bots) & set(ew.bots)
    assert hellenes.lessons.recognises is None and ew.lessons.folder == "earth-water"
    assert "lesson" in hellenes.origins and ew.dashboard and ew.replay_heading


@pytest.fixture
def fresh_catalogue(monkeypatch):
    """An empty catalogue that reads the entry points ``found`` again (the package's games
    come back after the test)."""
    monkeypatch.setattr(catalog, "_PLUGINS", [])
    monkeypatch.setattr(catalog, "_SCENARIOS", {})
    monkeypatch.setattr(catalog, "_state", {"loaded": False})

    def use(*points):
        monkeypatch.setattr(catalog, "entry_points", lambda group: list(points))
    return use


def _point(name, value):
    return EntryPoint(name=name, value=value, group=catalog.GROUP)


def test_a_game_that_fails_to_load_is_named_every_time(fresh_catalogue):
    fresh_catalogue(_point("hellenes", "hellenes_nb.games.hellenes.plugin:PLUGIN"),
                    _point("ghost", "hellenes_nb.games.no_such_game.plugin:PLUGIN"))
    for _ in range(2):  # asked again: the same error, never a half-filled catalogue
        with pytest.raises(PluginLoadError, match="the game 'ghost' .* could not be loaded: "
                                                  "ModuleNotFoundError"):
            scenario_ids()
    assert catalog._PLUGINS == []


def test_a_listed_game_that_breaks_the_contract_is_refused_by_name(fresh_catalogue):
    fresh_catalogue(_point("bad", "support.toygame:Toy"))
    with pytest.raises(PluginLoadError, match="the game 'bad' .* was refused: .* is not a "
                                              "GamePlugin"):
        rulesets()


def test_the_catalogue_reads_the_entry_points_once_lazily(fresh_catalogue):
    calls = []

    def points(group):
        calls.append(group)
        return [_point("toy", "support.toygame:toy_plugin")]

    catalog.entry_points = points  # restored by the fixture's monkeypatch
    assert calls == []
    with pytest.raises(PluginLoadError, match="is not a GamePlugin"):  # a factory, not a record
        scenario_ids()
    assert calls == [catalog.GROUP]


@pytest.fixture
def toy_everywhere():
    """The toy registered with a hook for every generic surface: the command line's data
    check, map and own subcommand, and a lesson kit for files ending in ``.toy.yaml``."""
    from hellenes_nb.core.catalog import LessonKit

    def add_commands(sub):
        sub.add_parser("pile", help="the toy's own command").set_defaults(
            func=lambda args: print("a pile of 3") or 0)

    kit = LessonKit(folder="toy", recognises=lambda p: p.name.endswith(".toy.yaml"),
                    check=lambda p, seeds: [f"{p.name}: the pile is too small"],
                    listing=lambda p: "a toy lesson", show=lambda p: iter(["# the toy"]))
    plugin = register_game(GamePlugin(
        Toy(), data_check=lambda folder: ("3 stones", ["stones.csv: a stone is missing"]),
        draw_map=lambda scenario, width, size: f'<svg width="{width:g}"><!-- {scenario} --></svg>',
        add_commands=add_commands, lessons=kit))
    yield plugin
    unregister_game(plugin)


def test_a_registered_game_gets_the_command_line_without_naming_it(toy_everywhere, tmp_path,
                                                                    capsys):
    from hellenes_nb.cli import main

    assert main(["data", "check", "--game", "toy"]) == 1
    err = capsys.readouterr().err
    assert "stones.csv: a stone is missing" in err and "data check failed: 1 problem" in err
    out = tmp_path / "toy.svg"
    assert main(["map", "--scenario", "toy-pile", "--width", "300", "--svg", str(out)]) == 0
    assert out.read_text() == '<svg width="300"><!-- toy-pile --></svg>\n'
    capsys.readouterr()
    assert main(["pile"]) == 0 and capsys.readouterr().out == "a pile of 3\n"


def test_a_registered_game_s_lessons_go_to_its_kit(toy_everywhere, tmp_path, capsys):
    from hellenes_nb.cli import main
    from hellenes_nb.lessons.check import kit_for, lesson_files

    (tmp_path / "toy").mkdir()
    lesson = tmp_path / "toy" / "first.toy.yaml"
    lesson.write_text("pile: 3\n")
    assert lesson_files([tmp_path]) == [lesson] and kit_for(lesson) is toy_everywhere.lessons
    assert main(["lesson", "check", str(tmp_path)]) == 1
    assert "first.toy.yaml: the pile is too small" in capsys.readouterr().err
    assert main(["lesson", "show", str(lesson)]) == 0
    assert capsys.readouterr().out == "# the toy\n"
