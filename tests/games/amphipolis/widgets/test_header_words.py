"""The dashboard's header and save name say which Amphipolis scenario is played (each of the
four, not always 10.2)."""

from __future__ import annotations

import pytest

from hellenes_nb import new_game
from hellenes_nb.games.amphipolis.ui import header_html, save_name


@pytest.mark.parametrize(("number", "title"), [
    ("10.1", "Brasidas against Thucydides"), ("10.2", "The expedition of Nicias"),
    ("10.3", "Cleon against Brasidas"), ("10.4", "The Amphipolis campaign")])
def test_the_header_and_the_save_name_name_the_scenario_played(number, title):
    game = new_game(f"amphipolis-{number}", 1)
    head = header_html(game, "you: Athens")
    assert f"scenario {number}, {title}" in head
    others = {"10.1", "10.2", "10.3", "10.4"} - {number}
    assert not any(f"scenario {n}" in head for n in others)
    assert save_name(game).startswith(f"amphipolis-{number}-turn-")
