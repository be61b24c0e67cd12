"""Undo never takes back a card once it is face up (§6.2: a played card goes face up on the
discard pile), against the computer and in hot-seat (issue 26, item 1): the player has seen it,
so taking the play back would let them choose again knowing the other hand. Played on the shared
dashboard (``Dashboard("earth-water")``), its Undo button."""

from __future__ import annotations

import pytest
from support.earth_water_positions import ew_game, play

from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.widgets.dashboard import Dashboard


def _plays(game, side: str) -> list[dict]:
    return [e for e in game.log if e["kind"] == "play" and e["side"] == side]


@pytest.mark.rule("6.2")
@pytest.mark.parametrize("use", ["event", "move"])
def test_6_2_a_card_played_cannot_be_undone(use):
    game = ew_game(greek=(13,), persian=(4, 14), pa={"ephesos": 2}, turn=1)
    play(game, "persia", 4 if use == "event" else 14, use)
    assert not game.can_undo
    with pytest.raises(IllegalAction, match="nothing to undo"):
        game.undo()
    assert game.state.hands[1] == [14 if use == "event" else 4]


@pytest.mark.rule("6.2")
@pytest.mark.parametrize("seed", range(1, 11))
def test_6_2_undo_against_the_computer_leaves_its_card_face_up(seed):
    """The issue's games: Greece plays, the computer answers with a card, Greece's Undo."""
    board = Dashboard("earth-water", seed=seed, human="greece", bot="heuristic")
    for _ in range(200):
        assert not board.game.over, "the computer never played a card"
        before = len(_plays(board.game, "persia"))
        board.choose(len(board.choices) - 1)
        played = _plays(board.game, "persia")[before:]
        if played:
            break
    card = played[-1]["card"]
    board.undo_button.click()
    game = board.game
    assert card in game.state.discard and card not in game.state.hands[1]
    assert _plays(game, "persia")[-1]["card"] == card


@pytest.mark.rule("6.2")
def test_6_2_hot_seat_the_next_player_cannot_take_back_the_card_played():
    game = ew_game(greek=(13,), persian=(4, 14), pa={"ephesos": 2}, turn=1)
    board = Dashboard(game=game, mode="hotseat")
    board.ready()
    board.choose(next(a for a in board.choices
                      if a.get("card") == 4 and a.get("use") == "event"))
    assert board.handover_to == "greece"
    board.undo_button.click()  # Persia, before handing over
    assert "cannot undo" in board.message and board.game.state.discard == [4]
    board.ready()
    board.undo_button.click()
    assert "only your own can be taken back" in board.message
    assert board.game.state.discard == [4] and board.game.state.hands[1] == [14]
