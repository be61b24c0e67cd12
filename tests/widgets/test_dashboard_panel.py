"""The dashboard's decision panel, its screen tools and what it keeps alive (issue 15, items 3,
5, 7, 11): one panel widget however many choices, a click on a panel that has changed refused,
no widget left behind by a long game, the Save link gone once the game moves on, blocks named
as a player says them, and the classroom size reaching the map and the battle board."""

from __future__ import annotations

import collections
import warnings

import ipywidgets as W
import pytest
from support.widget_helpers import to_battle

from hellenes_nb.bots import RandomBot
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot
from hellenes_nb.games.hellenes.widgets.battle import BattleWidget
from hellenes_nb.widgets.dashboard import Dashboard


def _live_widgets() -> collections.Counter:
    """The widgets the kernel holds, by class."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        return collections.Counter(type(w).__name__ for w in W.Widget.widgets.values())


def _play_athens(dash: Dashboard, player, n: int) -> None:
    for _ in range(n):
        if dash.game.over:
            return
        dash.choose(player.choose(dash.game, "athens"))


def test_the_decision_panel_is_one_widget_whatever_it_offers():
    dash = Dashboard("431", seed=3, bot="random")
    assert len(dash.choice_panel.actions) == len(dash.choices) > 1
    drawn = [o for g in dash.choice_panel.groups for r in g["rows"]
             for o in r["options"] + r["chips"]]
    assert sorted(i for _label, _title, i in drawn) == list(range(len(dash.choices)))
    assert dash.decision.children == (dash.prompt_html, dash.choice_panel)


def test_a_long_game_leaves_no_widget_behind():
    """100 decisions against the computer, battles among them: the widgets the kernel holds
    stay as many (a battle board and its layout are made once, then followed)."""
    dash = Dashboard("431", seed=3, bot="random")
    me = HeuristicBot(5)
    _play_athens(dash, me, 10)
    before = _live_widgets()
    _play_athens(dash, me, 90)
    grown = _live_widgets() - before
    assert sum(grown.values()) <= 2, f"widgets left behind: {grown}"


@pytest.mark.rule("2.0")
def test_the_hand_over_closes_the_battle_board():
    """In hot-seat the battle board is closed at the hand-over (its model would keep the view
    of the side that just played), and no widget piles up from hand-over to hand-over."""
    dash = Dashboard("431", seed=1, mode="hotseat")
    dash.ready()
    players = {"athens": RandomBot(1), "sparta": RandomBot(2)}
    counts = []
    for _ in range(160):
        if dash.game.over:
            break
        if dash.handover_to is not None:
            board = dash._battle_view if dash.battle_frame.children else None
            dash.ready()
            assert board is None or board.comm is None or dash._battle_view is not board
            counts.append(sum(_live_widgets().values()))
            continue
        dash.choose(players[dash.viewer].choose(dash.game, dash.viewer))
    assert len(counts) > 10
    assert max(counts[5:]) - min(counts[5:]) <= 4, counts


def test_a_click_on_a_panel_that_has_changed_is_refused():
    dash = Dashboard("431", seed=3, bot="random")
    panel = dash.choice_panel
    before = dash.game.to_json()
    panel.handle_request({"request": "choose", "i": 0, "moves": panel.moves - 1})
    assert "changed before your click" in dash.status.value
    panel.handle_request({"request": "choose", "i": len(panel.actions), "moves": panel.moves})
    assert "not on the panel" in dash.status.value
    assert dash.game.to_json() == before
    n = len(dash.game.history)
    panel.handle_request({"request": "choose", "i": 0, "moves": panel.moves})
    assert len(dash.game.history) > n


def test_the_save_link_goes_once_the_game_moves_on():
    """The Save link names the season it was made in; once the game moves on it would name
    the wrong one (and hold an old position), so it goes."""
    dash = Dashboard("431", seed=6, bot="random")
    dash.save()
    assert "hellenes-431-new-year-431BC.json" in dash.download.value
    _play_athens(dash, HeuristicBot(2), 1)
    assert dash.download.value == ""
    while dash.game.state.season != 3:
        _play_athens(dash, HeuristicBot(2), 1)
    dash.save()
    assert "-431-high-summer-431BC.json" in dash.download.value


def test_battle_blocks_without_a_name_are_named_as_a_player_would():
    """A block of a teaching battle given without a name is called what a player calls it
    (§2.1: hoplites are heavy foot, fire power 2 or more), never by its rating."""
    board = BattleWidget.from_forces(
        [{"rating": "B2", "cv": 3}, {"rating": "B2", "cv": 2}, {"rating": "A1", "cv": 2}],
        [{"rating": "A1", "cv": 2, "cavalry": True}, {"rating": "C2", "cv": 3}])
    names = sorted(board._names.values())
    assert names == ["Athenian hoplites (1)", "Athenian hoplites (2)",
                     "Athenian light troops", "Spartan cavalry", "Spartan hoplites"]
    sea = BattleWidget.from_forces("fleet:E1:3", "fleet:E1:2,fleet:F1:1", "sea")
    assert sorted(sea._names.values()) == ["Athenian fleet", "Spartan fleet (1)",
                                           "Spartan fleet (2)"]
    # a name given is kept as it is
    named = BattleWidget.from_forces([{"name": "Leontis", "rating": "B2", "cv": 3}], "B2:2")
    assert sorted(named._names.values()) == ["Leontis", "Spartan hoplites"]


@pytest.mark.rule("6.4")
def test_the_dashboard_battle_names_units_by_their_own_names():
    dash = Dashboard("431", seed=1)
    frame = to_battle(dash, HeuristicBot(101))
    board = dash.battle_frame.children[0]
    ix = dash.game.state.ix
    for f in frame["battle"]["fighters"]:
        name = board._names[f["key"]]
        if f["key"].startswith("garrison:"):
            assert name.startswith("Garrison of ")
        else:
            assert name == ix.unit_name[ix.unit(f["key"])]


def test_the_classroom_size_reaches_the_map_and_the_battle_board():
    dash = Dashboard("431", seed=1, size="classroom")
    assert dash.map.size == "classroom"
    to_battle(dash, HeuristicBot(101))
    assert dash.battle_frame.children[0].size == "classroom"
    dash.screen_tools.set_state({"size": "normal"})
    assert dash.map.size == "normal" and dash.battle_frame.children[0].size == "normal"
    replay = dash.open_replay()
    assert replay.map.size == "normal"
    dash.screen_tools.size = "classroom"
    assert replay.map.size == "classroom"
    assert dash.open_replay().map.size == "classroom"
    with pytest.raises(ValueError, match="classroom"):
        Dashboard("431", seed=1, size="huge")


@pytest.mark.rule("2.0")
def test_the_hand_over_hides_the_board_without_taking_it_out_of_the_page():
    """Issue 15, item 10: taking the screen redrew the map and the chart from nothing (the
    board was taken out of the page and put back). It now stays, hidden and empty."""
    dash = Dashboard("431", seed=4, mode="hotseat")
    assert dash.covered and dash.board in dash.body.children
    assert dash.board.layout.visibility == "hidden" and dash.map.board["blocks"] == {}
    dash.ready()
    assert not dash.covered and dash.board.layout.visibility is None
    assert dash.cover.layout.display == "none"
    dash.choose(next(a for a in dash.choices if a["type"] == "play_card"))
    assert dash.covered and dash.board in dash.body.children
    assert dash.map.board["blocks"] == {} and dash.hand_html.value == ""


def test_the_map_tells_the_page_which_position_it_draws():
    dash = Dashboard("431", seed=4, bot="random")
    assert dash.map.board["moves"] == len(dash.game.history)
    _play_athens(dash, HeuristicBot(1), 3)
    assert dash.map.board["moves"] == len(dash.game.history) > 0
