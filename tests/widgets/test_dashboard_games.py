"""One dashboard for every game (issue 27 item 2; docs/dashboard.md, "Any game"): a game
brings its board widget and its panels' words through its plugin (``GamePlugin.dashboard``),
and the dashboard does the rest for it: the decision panel, undo, sealed saves and the Load
button, the computer's levels and "thinking…", the hot-seat hand-over, the replay and the
classroom size. Played here on *300: Earth & Water* and on the core's toy game."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from support.toygame import toy_plugin
from support.toyscreen import ToyBoard, toy_screen
from support.widget_helpers import press_load

from hellenes_nb.core.catalog import register_game, unregister_game
from hellenes_nb.core.game import Game, new_game
from hellenes_nb.games.earth_water.widgets.board import EWBoardView
from hellenes_nb.widgets.dashboard import Dashboard


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", " ", html)


@pytest.fixture
def toy_with_screen():
    plugin = register_game(replace(toy_plugin(), dashboard=toy_screen()))
    yield plugin
    unregister_game(plugin)


def test_a_game_brings_only_its_board_and_words(toy_with_screen):
    dash = Dashboard("toy-pile", seed=1, mode="bot", human="second", bot="random")
    assert isinstance(dash.map, ToyBoard) and dash.map.viewer == "second"
    assert "Second player" in dash.header.value and dash.chart is None
    while not dash.game.over:
        dash.choose(0)
    assert "Game over" in dash.prompt_html.value and dash.choices == []
    hot = Dashboard("toy-pile", seed=1, mode="hotseat")
    assert hot.handover_to == "first" and hot.map.value == ""  # nothing shown: curtain
    assert "Pass to First player" in hot.cover.children[0].value
    hot.ready()
    assert hot.map.value == "<p class='toy-pile'>5 stones</p>"
    hot.choose(0)
    assert hot.handover_to == "second" and hot.map.value == ""


def test_a_game_without_a_dashboard_part_is_refused_in_words():
    plugin = register_game(toy_plugin())
    try:
        with pytest.raises(ValueError, match=r"Toy: the last stone brings no board for the "
                                             r"dashboard"):
            Dashboard(game=new_game("toy-pile", 1))
    finally:
        unregister_game(plugin)


def test_earth_and_water_against_the_computer_has_every_tool():
    dash = Dashboard("earth-water", seed=3, mode="bot", human="greece", bot="random")
    assert type(dash) is Dashboard and isinstance(dash.map, EWBoardView)
    assert "Campaign 1 of 5" in dash.header.value and "Greece" in dash.header.value
    # the hand: Greece's halves of Greece's cards, none of the computer's
    view = dash.game.view("greece")
    cards = dash.game.state.hands[0]
    assert dash.hand == list(cards) == view["hands"]["greece"]
    # the decision panel: the game's own groups, the phase's end last
    headings = [g["heading"] for g in dash.choice_panel.groups]
    assert headings == ["Preparation"]
    # the levels (thinking…: test_dashboard_level.py)
    dash.level_picker.value = "hard"
    assert dash.level == "hard" and dash.bot.thinks
    dash.level_picker.value = "easy"
    assert dash.level == "easy" and dash.bot_name == "easy"
    dash.choose("Buy no cards (§5.2)")
    # undo takes back the player's last decision (not past the cards dealt)
    dash.choose(next(a for a in dash.choices if a["type"] == "raise_army"))
    moves = len(dash.game.history)
    dash.undo()
    assert len(dash.game.history) == moves - 1
    assert dash.message == "Took back your last decision."
    # save (sealed against the computer) and the Load button
    text = dash.save()
    assert "earth-water-campaign-1.json" in dash.download.value
    position = dash.game.to_json()
    dash.choose(0)
    press_load(dash, text)
    assert dash.game.to_json() == position
    assert dash.message.startswith("Loaded the Earth & Water game: campaign 1")
    hot = Dashboard("earth-water", seed=3, mode="hotseat")
    press_load(hot, text)  # a sealed save opens only as it was played
    assert "it opens only against the computer, with you as Greece" in hot.status.value
    # the replay, drawn for the player's side, and the classroom size
    replay = dash.open_replay()
    assert "campaign 1 of 5" in replay.caption.value and "<svg" in replay.map.svg
    dash.screen_tools.size = "classroom"
    assert dash.map.size == "classroom" and "scale(1.4)" in dash.map.svg


def test_earth_and_water_hot_seat_hands_the_screen_over():
    dash = Dashboard("earth-water", seed=3, mode="hotseat")
    assert dash.handover_to == "persia" and dash.covered
    assert dash.map.svg == "" and dash.hand_html.value == "" and dash.log_html.value == ""
    assert "I am Persia" in dash.ready_button.description
    dash.ready()
    persia = dash.game.state.hands[1]
    assert dash.map.viewer == "persia" and dash.hand == list(persia) and dash.map.svg
    while dash.handover_to is None:
        dash.choose(len(dash.choices) - 1)
    assert dash.handover_to == "greece" and dash.map.svg == "" and dash.hand == []


def test_the_board_lights_where_a_city_s_pieces_may_go():
    game, pick = new_game("earth-water", 3), random.Random(2)
    while not any(a["type"] == "land_move" for a in game.legal_actions()):
        game.apply(pick.choice(game.legal_actions()))
    side = game.prompt.side
    move = next(a for a in game.legal_actions() if a["type"] == "land_move")
    board = EWBoardView(game=game, viewer=side)
    board.handle_request({"request": "select", "city": move["from"]})
    assert board.selected == move["from"] and move["to"] in board.lit()
    assert board.note.startswith("Lit: where the pieces in ") and move["from"] not in board.note
    assert board.svg.count('class="lit"') == len(board.lit() | {move["from"]})
    board.handle_request({"request": "select", "city": "atlantis"})
    assert board.message == "'atlantis' is not a city of the board"
    assert board.selected == move["from"]
    board.curtain = True
    assert board.svg == "" and board.selected == ""


def test_a_city_clicked_on_the_board_narrows_the_decision_panel():
    """The old Earth & Water board's filter, now the dashboard's for any board that picks a
    place: the panel shows that city's choices; another position shows them all again."""
    dash = Dashboard("earth-water", seed=3, mode="hotseat")
    pick = random.Random(2)
    while not any(a["type"] == "land_move" for a in dash.choices):
        if dash.handover_to:
            dash.ready()
        dash.choose(pick.choice(dash.choices))
    move = next(a for a in dash.choices if a["type"] == "land_move")
    everything = len(dash.choice_panel.actions)
    dash.map.handle_request({"request": "select", "city": move["from"]})
    narrowed = dash.choice_panel.actions
    assert narrowed and len(narrowed) < everything
    assert all(move["from"] in a.values() for a in narrowed)
    dash.choose(narrowed[0])
    assert dash.map.selected == "" and dash.picked == ""


def test_each_game_s_dashboard_refuses_the_other_game_s_save_in_words():
    hellenes = Dashboard("431", seed=1, mode="hotseat")
    ew = Dashboard("earth-water", seed=3, mode="hotseat")
    before = ew.game.to_json()
    press_load(ew, hellenes.save())
    shown = _text(ew.status.value)
    assert "This is a save of Hellenes" in shown and "this board plays 300: Earth" in shown
    assert "Dashboard.load(file)" in shown and ew.game.to_json() == before
    with pytest.raises(ValueError, match=r"Open it in a new cell with Dashboard\.load\(file, "
                                         r"game='earth-water'\)"):
        Dashboard.load(ew.save())
    again = Dashboard.load(ew.save(), game="earth-water", mode="hotseat")
    assert again.game.history == ew.game.history and again.handover_to == "persia"


@pytest.mark.parametrize(("scenario", "human"), [("431", "athens"), ("earth-water", "greece")])
def test_one_view_a_change(scenario, human, monkeypatch):
    """Issue 27 item 7: the panels and the board read the same view of the position; the
    game builds it once a change (the computer's answers included)."""
    dash = Dashboard(scenario, seed=3, mode="bot", human=human, bot="random")
    built = []
    view = Game.view
    monkeypatch.setattr(Game, "view", lambda self, side: built.append(side) or view(self, side))
    for _ in range(3):
        dash.choose(0)
    assert built == [human] * 3
