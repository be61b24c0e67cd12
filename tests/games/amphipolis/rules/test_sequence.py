"""§2 The sequence of play: action points, initiative, the strategem draw and the one kept,
reinforcements."""

from __future__ import annotations

import pytest
from support.amphipolis_positions import forced, start, until

from hellenes_nb.games.amphipolis.rules.sequence import action_points


@pytest.mark.rule("2")
def test_the_summer_422_example_gives_five_and_four_action_points():
    # turn 9 is the summer of 422 BC: Sparta rolls 8, Athens 5
    assert action_points(8, 9) == 5
    assert action_points(5, 9) == 4


@pytest.mark.rule("2")
def test_winter_takes_one_point_unless_only_one_or_two_are_left():
    assert action_points(6, 3) == 2
    assert action_points(3, 3) == 2
    assert action_points(1, 3) == 1
    assert action_points(4, 4) == 2  # spring: no change


@pytest.mark.rule("2")
def test_an_armistice_turn_rolls_one_die_a_side_and_a_tie_goes_to_the_advantage():
    game = forced(3, 3, 6)
    st = game.state
    assert (st.initiative, st.advantage) == (1, 1)  # Sparta holds the Advantage in 10.2
    assert st.pa == [2, 2]  # one die each: the 6 is still to come
    assert st.dice.forced == (6,)


@pytest.mark.rule("2")
def test_the_higher_roll_takes_the_initiative():
    game = forced(5, 2)
    assert game.state.initiative == 0
    assert game.state.pa == [3, 1]


@pytest.mark.rule("2")
def test_each_side_draws_two_strategems_and_the_other_reads_only_how_many():
    game = start()
    assert [len(h) for h in game.state.hands] == [2, 2]
    assert len(game.state.cup) == 7
    for side, other in (("athens", "sparta"), ("sparta", "athens")):
        mine = [e["text"] for e in game.log_for(side) if e["kind"] == "draw"
                and e["side"] == side]
        theirs = [e["text"] for e in game.log_for(side) if e["kind"] == "draw"
                  and e["side"] == other]
        assert "C" in mine[0] and theirs == [f"{other.title()} draws 2 strategem(s)"]
        assert game.view(side)["hands"][other] == {"count": 2}


@pytest.mark.rule("2")
def test_reinforcements_arrive_in_their_rear_base_and_may_move_free():
    game = start()
    until(game, "move")
    st = game.state
    assert st.stack[-1]["phase"] == "B2" and st.stack[-1]["ops"] == 2
    thasos = game.view("all")["zones"]
    units = {z["id"]: len(z["athens"]["units"]) for z in thasos}
    assert units["thasos"] == 19


@pytest.mark.rule("2")
def test_a_side_keeps_only_one_strategem_in_phase_d1():
    game = start()
    until(game, "keep")
    side = game.state.stack[-1]["side"]
    name = ("athens", "sparta")[side]
    action = game.legal_actions(name)[0]
    game.apply(action)
    assert game.state.hands[side] == [action["counter"]]
