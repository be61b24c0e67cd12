"""The ``hellenes`` command itself (issue 28 item 9): ``--version``, and ``--help`` naming every
game of the catalogue with its scenario ids, not Hellenes alone."""

from __future__ import annotations

from importlib.metadata import version

import pytest
from support.toygame import toy_plugin

from hellenes_nb.cli import main
from hellenes_nb.core.catalog import plugins, register_game, unregister_game


def _exits(capsys, *args: str) -> str:
    with pytest.raises(SystemExit) as end:
        main(list(args))
    assert end.value.code == 0
    return capsys.readouterr().out


def test_version_prints_the_installed_version(capsys):
    assert _exits(capsys, "--version") == f"hellenes-nb {version('hellenes-nb')}\n"


def test_help_names_every_registered_game_with_its_scenarios(capsys):
    shown = _exits(capsys, "--help")
    games = plugins()
    assert len(games) >= 2
    for plugin in games:
        rs = plugin.ruleset
        assert f"  {rs.title}: {', '.join(rs.scenarios)}\n" in shown
    assert "Hellenes: Campaigns of the Peloponnesian War —" not in shown  # the old, one game


def test_help_reads_the_games_from_the_catalogue(capsys):
    plugin = register_game(toy_plugin())
    try:
        assert "  Toy: the last stone: toy-pile\n" in _exits(capsys, "--help")
    finally:
        unregister_game(plugin)
