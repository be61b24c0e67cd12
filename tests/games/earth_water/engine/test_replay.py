"""The replay viewer on a game of *300: Earth & Water* (docs/earth-water.md, "Replay"): it
rebuilds every position from the seed and the moves, draws each on the game's own board from the
viewing side's view, and shows nothing of the computer's hand or decisions. Played on the shared
dashboard (``Dashboard("earth-water")``)."""

from __future__ import annotations

import pytest

from hellenes_nb.core.game import Game
from hellenes_nb.games.earth_water.render import board_svg
from hellenes_nb.widgets.dashboard import Dashboard


def _played(moves: int) -> Dashboard:
    board = Dashboard("earth-water", seed=5, human="greece", bot="heuristic")
    while len(board.game.history) < moves and not board.game.over:
        board.choose(len(board.choices) - 1)
    return board


def test_the_replay_steps_through_the_positions_as_played():
    board = _played(60)
    replay = board.open_replay()
    n = len(board.game.history)
    assert replay.position == n and f"Move {n} of {n}" in replay.caption.value
    for k in (0, 1, 17, n - 1, n):
        replay.show(k)
        again = Game.replay("earth-water", 5, board.game.history[:k])
        assert replay.game_at(k).state.to_dict() == again.state.to_dict()
        assert replay.map.svg == board_svg(again.view("greece"))
        assert f"campaign {again.state.campaign} of 5" in replay.caption.value
    replay.show(5)
    replay.prev()
    assert replay.position == 4
    replay.next()
    assert replay.position == 5
    with pytest.raises(ValueError, match="a replay position is a whole number"):
        replay.game_at(n + 1)


def test_the_replay_hides_what_greece_may_not_see():
    board = _played(40)
    assert not board.game.over
    replay = board.open_replay()
    assert replay.viewer == "greece"
    secret = [e["text"] for e in board.game.state.log
              if e.get("private") == "persia" and e["text"] != e["public"]]
    assert secret, "the game drew Persian cards in private"
    for k in range(len(board.game.history) + 1):
        replay.show(k)
        shown = replay.caption.value + replay.map.svg
        assert not any(text in shown for text in secret), f"move {k} shows a Persian secret"
        if k and board.game.history[k - 1]["side"] == "persia":
            assert "its details are hidden from you" in replay.caption.value


def test_a_finished_game_is_replayed_for_everyone_and_a_hand_over_refuses():
    board = _played(10_000)
    assert board.game.over
    assert board.open_replay().viewer == "all"
    hotseat = Dashboard("earth-water", seed=2, mode="hotseat")
    hotseat.ready()
    hotseat.choose(0)
    hotseat.choose(len(hotseat.choices) - 1)
    assert hotseat.handover_to
    with pytest.raises(ValueError, match="finish the hand-over before opening the replay"):
        hotseat.open_replay()
    hotseat.ready()
    assert hotseat.open_replay().viewer == hotseat.viewer
