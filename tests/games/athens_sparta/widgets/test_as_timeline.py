"""Athens & Sparta on the timeline: the whole war, Olympiads 84 to 89, on 431–404 BC."""

from __future__ import annotations

from hellenes_nb.games.athens_sparta.timeline import scenarios
from hellenes_nb.widgets.timeline import TimelineWidget, scenario_entries


def test_the_war_is_on_its_years():
    assert scenarios() == [("athens-sparta", "The Peloponnesian War, Olympiads 84–89", 431,
                            404), ("athens-sparta-syracuse",
                                   "The Peloponnesian War with the Syracuse points", 431, 404)]


def test_the_timeline_widget_shows_it_under_the_game_name():
    mine = [s for s in scenario_entries() if s["game_id"] == "athens-sparta"]
    assert [(s["label"], s["first"], s["last"]) for s in mine] == [
        ("Athens & Sparta: The Peloponnesian War, Olympiads 84–89", 431, 404),
        ("Athens & Sparta: The Peloponnesian War with the Syracuse points", 431, 404)]
    shown = TimelineWidget().scenarios
    assert any(s["id"] == "athens-sparta" and s["first"] == 431 for s in shown)
