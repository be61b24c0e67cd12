"""*300: Earth & Water* on the shared dashboard (``Dashboard("earth-water")``, its board
``EWBoardView`` inside) from Python: playing against the computer and hot-seat, requests from
the page, what each side is shown, undo, saves, levels, sizes, the battle view (issue 27,
item 2: these tests drove the old standalone ``EWBoard`` before). "Thinking…" while the
computer decides is the dashboard's own (tests/widgets/test_dashboard_level.py)."""

from __future__ import annotations

import json
import re

import pytest
from support.earth_water_positions import do, ew_game, play

from hellenes_nb.core.game import new_game
from hellenes_nb.core.steps import strip_label
from hellenes_nb.games.earth_water.ui import battle_rounds
from hellenes_nb.games.earth_water.widgets.board import EWBoardView
from hellenes_nb.widgets.dashboard import Dashboard


def _shown(dash: Dashboard) -> dict:
    """Everything the screen shows the player at it."""
    panels = ("header", "status", "prompt_html", "hand_html", "in_play_html", "log_html")
    return {"svg": dash.map.svg, "viewer": dash.map.viewer, "hand": dash.hand,
            "choices": [strip_label(a) for a in dash.choices],
            **{name: getattr(dash, name).value for name in panels}}


def test_a_whole_game_against_the_computer():
    dash = Dashboard("earth-water", seed=4, human="greece", bot="heuristic")
    for _ in range(400):
        if dash.game.over:
            break
        assert dash.map.viewer == "greece" and dash.choices
        dash.choose(len(dash.choices) - 1)
        assert dash.message == ""
    assert dash.game.over and dash.choices == []
    assert dash.game.result["text"] in dash.prompt_html.value + dash.status.value


def test_the_board_shows_nothing_of_the_computer_hand():
    """Two games Greece cannot tell apart (Persia's hand swapped for cards of the draw pile)
    give the very same screen."""
    game = ew_game(greek=(13, 2), persian=(6, 9, 10), ga={"athenai": 2}, pf={"ephesos": 1},
                   turn=0)
    twin = ew_game(greek=(13, 2), persian=(1, 3, 16), ga={"athenai": 2}, pf={"ephesos": 1},
                   turn=0)
    twin.state.deck = list(game.state.deck)
    seen = [_shown(Dashboard(game=g, human="greece", bot="random")) for g in (game, twin)]
    assert seen[0]["hand"] == seen[1]["hand"] and seen[0] == seen[1]


def test_requests_are_answered_in_plain_words():
    dash = Dashboard("earth-water", seed=2, human="persia", bot="heuristic")
    with pytest.raises(ValueError, match="choice 99 does not exist"):
        dash.choose(99)
    board = dash.map
    board.handle_request({"request": "select", "city": "atlantis"})
    assert "'atlantis' is not a city" in board.message
    board.handle_request({"request": "launch"})
    assert "unknown request 'launch'" in board.message
    dash.choose(0)  # buy no cards
    board.handle_request({"request": "select", "city": "ephesos"})
    assert board.selected == "ephesos" and "Ephesos" in board.note and board.message == ""


def test_select_lights_where_a_group_may_go():
    game = ew_game(pa={"ephesos": 2}, persian=(14,), greek=(13,))
    play(game, "persia", 14, "move")
    dash = Dashboard(game=game, human="persia", bot="random")
    dash.map.select("ephesos")
    assert dash.map.lit() == {"abydos"}
    assert 'class="lit"' in dash.map.svg


def test_undo_takes_back_the_players_own_move():
    dash = Dashboard("earth-water", seed=5, human="persia", bot="heuristic")
    dash.choose(0)  # buy no cards
    before = list(dash.game.history)
    dash.choose(next(a for a in dash.choices if a["type"] == "raise_army"))
    dash.undo_button.click()
    assert dash.game.history == before and "Took back" in dash.message
    dash.undo_button.click()
    assert dash.game.history == []
    dash.undo_button.click()
    assert "nothing to undo" in dash.message


def test_hot_seat_shows_each_side_its_own_view_and_saves_open():
    dash = Dashboard("earth-water", seed=6, mode="hotseat")
    assert dash.handover_to == "persia"
    dash.ready()
    assert dash.map.viewer == "persia"
    dash.choose(0)
    while dash.handover_to is None:
        dash.choose(len(dash.choices) - 1)
    # the screen is passed: nothing of either hand shows until Greece is ready
    assert dash.handover_to == "greece" and dash.hand == [] and dash.map.curtain
    assert dash.choices == [] and dash.map.svg == ""
    with pytest.raises(ValueError, match=r"call ready\(\) first"):
        dash.choose(dash.game.legal_actions("greece")[0])
    dash.ready_button.click()
    assert dash.handover_to is None and dash.choices and dash.map.viewer == "greece"
    data = json.loads(dash.save())
    assert data["format"] != "hellenes-nb sealed game" and "state" in data
    again = Dashboard.load(json.dumps(data), game="earth-water", mode="hotseat")
    assert again.game.history == dash.game.history


def test_save_against_the_computer_is_sealed():
    dash = Dashboard("earth-water", seed=8, human="greece", bot="heuristic")
    text = dash.save()
    data = json.loads(text)
    assert data["side"] == "greece" and "history" not in json.dumps(data["view"])
    assert data["view"]["hands"]["persia"] == {"count": len(dash.game.state.hands[1])}
    again = Dashboard.load(text, game="earth-water")
    assert again.human == "greece" and again.game.history == dash.game.history


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
    """Against the computer the dashboard offers the three levels (docs/bots.md, "Levels");
    a level not among them is refused in words; hot-seat has no computer to set."""
    from hellenes_nb.games.earth_water.bots.easy import EasyBot
    from hellenes_nb.games.earth_water.bots.searching import SearchBotEarthWater

    vs = Dashboard("earth-water", seed=3, human="persia")
    assert vs.level == "normal"
    assert [v for _, v in vs.level_picker.options][-3:] == ["easy", "normal", "hard"]
    vs.level_picker.value = "hard"  # the dashboard's picker, as the page sets it
    assert vs.level == "hard" and isinstance(vs.bot, SearchBotEarthWater)
    vs.level_picker.value = "easy"
    assert isinstance(vs.bot, EasyBot) and vs.level == "easy"
    with pytest.raises(ValueError, match="the level must be one of easy, normal, hard"):
        vs.set_level("grandmaster")
    assert vs.level == "easy" and isinstance(vs.bot, EasyBot)
    hot = Dashboard("earth-water", seed=3, mode="hotseat")
    assert hot.level is None
    with pytest.raises(ValueError, match="no computer opponent in hot-seat"):
        hot.set_level("hard")


def test_the_classroom_size_draws_larger_for_a_projector():
    """``size="classroom"`` (as on the Hellenes map and boards): names, pieces and the tracks
    larger, roads thicker; a bad size is refused in words."""
    normal = Dashboard("earth-water", seed=3, human="greece").map
    big = Dashboard("earth-water", seed=3, human="greece", size="classroom").map
    assert big.size == "classroom" and normal.size == "normal"

    def name_size(svg):
        return float(re.search(r'font-size="([\d.]+)"[^>]*>Athenai', svg).group(1))

    def road_width(svg):
        return float(re.search(r'class="road"[^>]*stroke-width="([\d.]+)"', svg).group(1))

    assert name_size(big.svg) >= 1.3 * name_size(normal.svg)
    assert road_width(big.svg) >= 1.5 * road_width(normal.svg)
    assert big.svg.count('scale(1.4)') >= 11 and 'scale(' not in normal.svg
    with pytest.raises(ValueError, match="size must be 'normal' or 'classroom'"):
        Dashboard("earth-water", seed=3, human="greece", size="huge")


def test_the_reserve_line_counts_in_words():
    """The board's track box says "1 army" and "no fleets", never "1 armies", and names what
    each count is for both sides (issue 28 item 5)."""
    from hellenes_nb.games.earth_water.render import board_svg

    view = new_game("earth-water", 3).view("greece")
    view["reserve"] = {"greece": {"armies": 1, "fleets": 0}, "persia": {"armies": 4, "fleets": 2}}
    svg = board_svg(view)
    assert "Greece: 1 army, no fleets in reserve" in svg
    assert "Persia: 4 armies, 2 fleets in reserve" in svg


def test_the_old_ewboard_call_opens_the_shared_dashboard():
    """``EWBoard`` is kept for old notebooks only as a call that opens the shared dashboard
    (issue 27 item 2): the same sides, level and size; a bad side refused in words."""
    from hellenes_nb.games.earth_water.widgets.board import EWBoard

    dash = EWBoard(seed=7, player="persia", level="hard", size="classroom")
    assert type(dash) is Dashboard and dash.human == "persia" and dash.mode == "bot"
    assert dash.level == "hard" and dash.map.size == "classroom" and dash.game.seed == 7
    hot = EWBoard(seed=7, player=None)
    assert type(hot) is Dashboard and hot.mode == "hotseat"
    with pytest.raises(ValueError, match="player must be 'greece', 'persia' or None"):
        EWBoard(player="athens")
    again = EWBoard.load(dash.save())
    assert type(again) is Dashboard and again.human == "persia"


def test_the_hand_panel_says_whose_half_of_a_card_only_when_there_are_cards():
    """At the start Greece holds no card: the panel says so, without the note about the half of
    each card it sees (it stood under an empty hand); once it holds cards, the note is there."""
    dash = Dashboard("earth-water", 7, mode="bot", human="greece", bot="heuristic")
    assert dash.game.view("greece")["hands"]["greece"] == []
    shown = dash.hand_html.value
    assert "No cards in hand" in shown and "half of each card" not in shown
    buy = next(a for a in dash.game.legal_actions("greece") if "Buy 2 cards" in a["label"])
    dash.session.apply(buy)
    assert dash.game.view("greece")["hands"]["greece"]
    assert "your half of each card" in dash.hand_html.value


def test_the_log_and_panel_groups_are_the_shared_dashboard_helpers():
    """Earth & Water's log panel and decision groups are core/panels.py's log_lines and
    choice_groups (no copy); core/panels.py cards_held counts a hand hidden or shown, and
    hand_tiles draws one (words escaped when it is empty)."""
    from hellenes_nb.core import panels
    from hellenes_nb.games.earth_water import ui

    game = ew_game(seed=3)
    view = game.view("greece")
    when = [e["campaign"] for e in reversed(view["log"][-ui.LOG_LINES:])]
    assert ui.log_html(view) == panels.log_lines(view, lambda e: f"Campaign {e['campaign']}")
    assert ui.log_html(view).count("<span class='hn-when'>Campaign ") == len(when) > 0
    legal = game.legal_actions()
    groups = ui.group_choices(game, legal)
    assert sum(len(o) for g in groups for r in g["rows"] for o in [r["options"]]) == len(legal)
    assert panels.cards_held({"hands": {"persia": {"count": 4}}}, "persia") == 4
    assert panels.cards_held({"hands": {"persia": [3, 9]}}, "persia") == 2
    tile = lambda card, side: f"<i>{side} {card}</i>"  # noqa: E731
    assert panels.hand_tiles({"hands": {"athens": [4, 7]}}, "athens", tile, "none") == (
        "<i>athens 4</i><i>athens 7</i>")
    assert panels.hand_tiles({"hands": {"athens": []}}, "athens", tile, "No card <in> hand.") == (
        "<div class='hn-muted'>No card &lt;in&gt; hand.</div>")
