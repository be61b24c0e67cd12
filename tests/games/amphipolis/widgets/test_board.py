"""The board of *Amphipolis*: drawn from a side's view only, a click on a zone lights where an
operation may go, bad requests refused in words, and the shared dashboard plays it."""

from __future__ import annotations

import pytest
from support.amphipolis_positions import start, until

from hellenes_nb.core.session import GameSession
from hellenes_nb.games.amphipolis.render import board_svg
from hellenes_nb.games.amphipolis.widgets.board import AmphipolisBoard
from hellenes_nb.widgets.dashboard import Dashboard


def test_the_board_shows_counters_and_no_strategem():
    game = start()
    svg = board_svg(game.view("athens"))
    assert 'data-zone="O1"' in svg and 'data-unit="pel-h7-1"' in svg
    for cid in game.state.hands[1] + game.state.hands[0]:
        assert f">{cid}<" not in svg  # the counters in hand are never on the board
    assert svg == board_svg(game.view("sparta"))  # the board is public


def test_a_click_on_a_zone_lights_where_an_operation_may_go():
    game = start()
    until(game, "move")
    while game.state.stack[-1]["side"] != 0:
        game.apply({"type": "done", "side": "sparta"})
        until(game, "move")
    board = AmphipolisBoard(GameSession(game), viewer="athens")
    board.select("thasos")
    assert {"O3", "O4", "O5"} <= board.lit() and "O1" not in board.lit()
    assert board.note.startswith("Lit:")
    with pytest.raises(ValueError, match="is not a zone of the board"):
        board.select("athens")


def test_the_dashboard_plays_scenario_10_2():
    dash = Dashboard("amphipolis-10.2", mode="hotseat")
    assert dash.game.ruleset.name == "amphipolis"
    first = dash.game.legal_actions()[0]
    dash.session.apply(first)
    assert len(dash.game.history) == 1


def test_the_header_shows_the_players_as_the_dashboard_words_them():
    # the dashboard hands its own HTML for the players (seen escaped on a screenshot once)
    from hellenes_nb.games.amphipolis.ui import header_html

    who = "You: <b class='hn-athens'>Athens</b> against the computer"
    assert who in header_html(start(), who)
