"""The catalogue's record of Athens & Sparta: registered under its scenario id, its data
check and its map reachable from the command line."""

from __future__ import annotations

from hellenes_nb.cli import main


def test_the_command_line_checks_the_data_and_draws_the_map(tmp_path, capsys):
    assert main(["data", "check", "--game", "athens-sparta"]) == 0
    assert "284 hexes" in capsys.readouterr().out
    out = tmp_path / "map.svg"
    assert main(["map", "--scenario", "athens-sparta", "--svg", str(out)]) == 0
    assert out.read_text(encoding="utf-8").lstrip().startswith("<svg")
