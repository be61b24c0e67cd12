"""The board widget of *300: Earth & Water* from Python: playing against the computer and
hot-seat, requests from the page, what each side is shown, saves, the battle view."""

from __future__ import annotations

import json

import pytest
from support.earth_water_positions import do, ew_game, play

from hellenes_nb.widgets.ew_board import EWBoard, battle_rounds

SHOWN = ("svg", "prompt", "choices", "hand", "battle", "log_lines", "status", "viewer")


def _shown(board):
    return {k: getattr(board, k) for k in SHOWN}


def test_a_whole_game_against_the_computer():
    board = EWBoard(seed=4, player="greece")
    for _ in range(400):
        if board.game.over:
            break
        assert board.viewer == "greece" and board.choices
        board.handle_request({"request": "choose", "index": len(board.choices) - 1})
        assert board.message == ""
    assert board.game.over and board.status == board.game.result["text"]


def test_the_board_shows_nothing_of_the_computer_hand():
    """Two games Greece cannot tell apart (Persia's hand swapped for cards of the draw pile)
    give the very same widget state."""
    game = ew_game(greek=(13, 2), persian=(6, 9, 10), ga={"athenai": 2}, pf={"ephesos": 1},
                   turn=0)
    twin = ew_game(greek=(13, 2), persian=(1, 3, 16), ga={"athenai": 2}, pf={"ephesos": 1},
                   turn=0)
    twin.state.deck = list(game.state.deck)
    seen = []
    for g in (game, twin):
        board = EWBoard(g, player="greece", opponent="random")
        seen.append(_shown(board))
    assert seen[0]["hand"] == seen[1]["hand"] and seen[0] == seen[1]


def test_requests_are_answered_in_plain_words():
    board = EWBoard(seed=2, player="persia")
    board.handle_request({"request": "choose", "index": 99})
    assert board.message.startswith("there is no choice number 99")
    board.handle_request({"request": "select", "city": "atlantis"})
    assert "'atlantis' is not a city" in board.message
    board.handle_request({"request": "launch"})
    assert "unknown request 'launch'" in board.message
    board.handle_request({"request": "choose", "index": 0})  # buy no cards
    board.handle_request({"request": "select", "city": "ephesos"})
    assert board.choices and all("Ephesos" in c["label"] for c in board.choices)


def test_select_lights_where_a_group_may_go():
    game = ew_game(pa={"ephesos": 2}, persian=(14,), greek=(13,))
    play(game, "persia", 14, "move")
    board = EWBoard(game, player="persia", opponent="random")
    board.select("ephesos")
    assert {c["action"]["to"] for c in board.choices} == {"abydos"}
    assert 'class="lit"' in board.svg


def test_undo_takes_back_the_players_own_move():
    board = EWBoard(seed=5, player="persia")
    board.choose(0)  # buy no cards
    before = list(board.game.history)
    raise_army = next(c["index"] for c in board.choices if c["action"]["type"] == "raise_army")
    board.choose(raise_army)
    board.handle_request({"request": "undo"})
    assert board.game.history == before and board.message == ""
    board.handle_request({"request": "undo"})
    assert board.game.history == []
    board.handle_request({"request": "undo"})
    assert "nothing to undo" in board.message


def test_hot_seat_shows_each_side_its_own_view_and_saves_open():
    board = EWBoard(seed=6, player=None)
    assert board.viewer == "persia"
    board.choose(0)
    while board.viewer == "persia":
        board.choose(len(board.choices) - 1)
    # the screen is passed: nothing of either hand shows until Greece is ready
    assert board.handover == "greece" and board.hand == [] and board.log_lines == []
    assert board.choices == [] and "Pass the screen to Greece" in board.prompt
    board.handle_request({"request": "choose", "index": 0})
    assert "click Ready first" in board.message
    board.handle_request({"request": "ready"})
    assert board.handover == "" and board.choices
    again = EWBoard.load(board.save(), player=None)
    assert again.game.history == board.game.history and again.viewer == "greece"


def test_save_against_the_computer_is_sealed():
    board = EWBoard(seed=8, player="greece")
    text = board.save()
    data = json.loads(text)
    assert data["side"] == "greece" and "history" not in json.dumps(data["view"])
    assert data["view"]["hands"]["persia"] == {"count": len(board.game.state.hands[1])}
    again = EWBoard.load(text)
    assert again.player == "greece" and again.game.history == board.game.history


@pytest.mark.rule("7.1")
def test_battle_view_die_by_die_with_the_persian_cap():
    game = ew_game(ga={"athenai": 1, "thebai": 1}, pa={"larissa": 2}, persian=(14,),
                   greek=(13,), dice=(4, 6, 6))
    play(game, "persia", 14, "move")
    do(game, type="land_move", to="thebai", armies=2)
    do(game, type="fight", side="greece")
    view = battle_rounds(game.log_for("greece"))
    first = view["rounds"][0]
    assert first["persia"] == [6, 6] and first["persia_counted"] == [4, 4]
    assert first["best"] == [4, 4] and view["rule"] == "7.1"


def test_the_shared_dashboard_plays_this_game_on_its_board():
    """Issue 27 item 2: ``Dashboard("earth-water")`` is the one dashboard, with this game's
    board inside (no board of its own opened in its place)."""
    from hellenes_nb.widgets.dashboard import Dashboard
    from hellenes_nb.widgets.ew_board import EWBoardView

    hot = Dashboard("earth-water", seed=3, mode="hotseat")
    assert type(hot) is Dashboard and isinstance(hot.map, EWBoardView)
    assert hot.mode == "hotseat" and hot.handover_to == "persia"
    vs = Dashboard(scenario="earth-water", seed=3, human="persia", bot="random")
    assert type(vs) is Dashboard and vs.bot_side == "greece" and vs.bot_name == "random"
    with pytest.raises(ValueError, match="mode must be"):
        Dashboard("earth-water", mode="solo")
    with pytest.raises(ValueError, match="human must be one of the sides of 300: Earth "
                                         "& Water: 'greece' or 'persia', not 'athens'"):
        Dashboard("earth-water", human="athens")


def test_the_level_picker_sets_the_computer():
    """Against the computer the board offers the three levels (docs/bots.md, "Levels"); the
    page may pick one by name only; hot-seat has no picker."""
    from hellenes_nb.games.earth_water.bots.easy import EasyBot
    from hellenes_nb.games.earth_water.bots.searching import SearchBotEarthWater

    board = EWBoard(seed=3, player="greece")
    assert board.level == "normal" and [lv["level"] for lv in board.levels] == \
        ["easy", "normal", "hard"]
    board.handle_request({"request": "level", "level": "hard"})
    assert board.message == "" and board.level == "hard"
    assert isinstance(board.bot, SearchBotEarthWater)
    board.handle_request({"request": "level", "level": "easy"})
    assert isinstance(board.bot, EasyBot) and board.level == "easy"
    board.handle_request({"request": "level", "level": "grandmaster"})
    assert board.message.startswith("the level must be one of easy, normal, hard")
    assert board.level == "easy" and isinstance(board.bot, EasyBot)
    board.handle_request({"request": "level", "level": ["hard"]})
    assert "the level must be one of" in board.message and board.level == "easy"
    hot = EWBoard(seed=3, player=None)
    assert hot.levels == [] and hot.level == ""
    with pytest.raises(ValueError, match="no computer opponent in hot-seat"):
        hot.set_level("hard")
    from hellenes_nb.widgets.dashboard import Dashboard

    vs = Dashboard("earth-water", seed=3, human="persia")
    vs.level_picker.value = "hard"  # the dashboard's picker, as the page sets it
    assert vs.level == "hard" and isinstance(vs.bot, SearchBotEarthWater)


def test_the_board_says_when_the_computer_is_thinking():
    """``thinking`` is True while the computer decides (the page shows "The computer is
    thinking…") and False once it hands back."""
    board = EWBoard(seed=5, player="persia", opponent="random")
    seen = []
    inner = board.bot

    class Watching:
        name = "random"

        def choose(self, game, side):
            seen.append(board.thinking)
            return inner.choose(game, side)

    board.bot = Watching()
    for _ in range(40):
        if len(seen) >= 3 or board.game.over:
            break
        board.handle_request({"request": "choose", "index": 0})
    assert seen and all(seen) and not board.thinking


def test_the_classroom_size_draws_larger_for_a_projector():
    """``size="classroom"`` (as on the Hellenes map and boards): names, pieces and the tracks
    larger, roads thicker, the page told to enlarge the text; a bad size is refused in words."""
    import re

    normal = EWBoard(seed=3, player="greece")
    big = EWBoard(seed=3, player="greece", size="classroom")
    assert big.size == "classroom" and normal.size == "normal"

    def name_size(svg):
        return float(re.search(r'font-size="([\d.]+)"[^>]*>Athenai', svg).group(1))

    def road_width(svg):
        return float(re.search(r'class="road"[^>]*stroke-width="([\d.]+)"', svg).group(1))

    assert name_size(big.svg) >= 1.3 * name_size(normal.svg)
    assert road_width(big.svg) >= 1.5 * road_width(normal.svg)
    assert big.svg.count('scale(1.4)') >= 11 and 'scale(' not in normal.svg
    with pytest.raises(ValueError, match="size must be 'normal' or 'classroom'"):
        EWBoard(seed=3, player="greece", size="huge")
    from hellenes_nb.widgets.dashboard import Dashboard

    dash = Dashboard("earth-water", seed=3, size="classroom")
    assert dash.map.size == "classroom" and dash.map.svg.count("scale(1.4)") >= 11


def test_the_reserve_line_counts_in_words():
    """The board's track box says "1 army" and "no fleets", never "1 armies"."""
    from hellenes_nb.games.earth_water.render import board_svg

    view = EWBoard(seed=3, player="greece").game.view("greece")
    view["reserve"] = {"greece": {"armies": 1, "fleets": 0}, "persia": {"armies": 4, "fleets": 2}}
    svg = board_svg(view)
    assert "Reserve: Greece 1 army, no fleets; Persia 4, 2" in svg
