"""§9 Victory and §10.2's own points."""

from __future__ import annotations

import pytest
from support.amphipolis_positions import start

from hellenes_nb.games.amphipolis.rules.victory import complete_winner, level, scores


@pytest.mark.rule("10.2")
def test_scenario_10_2_starts_with_eleven_points_to_five():
    # Sparta: the citadel's 5 and six garrisons; Athens: Eion's 3 and Sanè, Dion
    assert scores(start().state) == [5, 11]


@pytest.mark.rule("10.2")
def test_athens_scores_five_more_with_mende_and_skione_at_the_end():
    st = start().state.clone()
    st.garrison["O1"] = 0
    assert scores(st) == [6, 10]
    st.garrison["O2"] = 0
    assert scores(st) == [12, 9]


@pytest.mark.rule("9.2")
def test_the_level_of_a_result():
    assert level([6, 10]) == (-1, "draw")
    assert level([6, 11]) == (1, "tactical")
    assert level([12, 6]) == (0, "strategic")


@pytest.mark.rule("9.1")
def test_a_complete_victory_needs_every_town_and_the_citadel_after_turn_one():
    st = start().state.clone()
    assert complete_winner(st) == -1
    for z in st.garrison:
        st.garrison[z] = 1
    assert complete_winner(st) == 1
    st.turn = 1
    assert complete_winner(st) == -1
