"""Amphipolis on the timeline: its four scenarios of §10 on the years their turns fall in,
the ones not yet playable saying so."""

from __future__ import annotations

import pytest

from hellenes_nb.games.amphipolis.timeline import scenarios
from hellenes_nb.widgets.timeline import scenario_entries


@pytest.mark.rule("10")
def test_the_four_scenarios_are_on_their_years():
    years = {sid: (first, last) for sid, _, first, last in scenarios()}
    assert years == {"amphipolis-10.1": (424, 424), "amphipolis-10.2": (423, 423),
                     "amphipolis-10.3": (423, 422), "amphipolis-10.4": (424, 422)}


def test_only_playable_scenarios_lack_the_warning():
    titles = {sid: title for sid, title, _, _ in scenarios()}
    assert titles["amphipolis-10.2"] == "10.2 The expedition of Nicias"
    # all four are playable now (the main map is in play): none carries the warning
    assert not any(t.endswith("(not yet playable)") for t in titles.values())


def test_the_timeline_widget_shows_them_under_the_game_name():
    mine = [s for s in scenario_entries() if s["game_id"] == "amphipolis"]
    assert len(mine) == 4
    assert all(s["label"].startswith("Amphipolis: 10.") for s in mine)
