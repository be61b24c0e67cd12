"""Widgets speak only to the Game API (issue 16): one request mechanism from the page, the
engine's appeals on the battle board, the view carrying what the map and the battle board
need, one redraw per change and replay labels without playing the game again."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from support.widget_helpers import to_battle

import hellenes_nb
from hellenes_nb.games.hellenes import battlelab
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot
from hellenes_nb.games.hellenes.rules import olympians
from hellenes_nb.games.hellenes.widgets import map as map_module
from hellenes_nb.games.hellenes.widgets.battle import BattleWidget
from hellenes_nb.games.hellenes.widgets.battleview import EngineBattleView
from hellenes_nb.games.hellenes.widgets.map import MapWidget
from hellenes_nb.widgets.dashboard import Dashboard, ReplayViewer
from hellenes_nb.widgets.requests import BrowserRequests

WIDGETS = Path(map_module.__file__).parent


# -- one request mechanism -----------------------------------------------------------------------
def test_every_page_request_is_a_custom_message_through_one_helper():
    assert issubclass(MapWidget, BrowserRequests) and issubclass(BattleWidget, BrowserRequests)
    assert "request" not in BattleWidget.class_trait_names()  # no request trait any more
    assert all("request" not in w.browser_writable for w in (MapWidget, BattleWidget))
    for name in ("map.js", "battle.js"):
        js = (WIDGETS / "static" / name).read_text()
        assert "model.send({ request:" in js.replace("{request:", "{ request:")
        assert 'model.set("request"' not in js and "send({ play" not in js


def test_a_message_from_the_page_reaches_the_widget_and_an_unknown_one_is_refused():
    game = hellenes_nb.new_game("431", seed=1)
    w = MapWidget(game, viewer="all")
    w.handle_request({"request": "play", "area": "crete"})
    assert w.message.startswith("Not possible: Crete is not a legal destination")
    w.handle_request({"request": "jump"})
    assert w.message == "Not possible: unknown request 'jump' from the page"
    b = BattleWidget.from_forces("B2:3", "C2:3")
    b.handle_request(["not", "a", "dict"])
    assert "unknown request" in b.error
    b.handle_request({"request": "choose", "choice": "fight"})
    assert b.error == "" and b.prompt == {}


# -- no widget imports the rules -----------------------------------------------------------------
def test_no_widget_module_imports_the_rules():
    for path in WIDGETS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert ".rules" not in node.module, f"{path.name} imports {node.module}"


# -- appeals come from the engine (§11.0) --------------------------------------------------------
@pytest.mark.rule("11.0")
def test_11_0_the_board_offers_the_appeals_the_engine_offers(monkeypatch):
    w = BattleWidget.from_forces("B2:3", "C2:3", seed=2,
                                 sacrifices={"athens": ["ares"], "sparta": []})
    w.choose("fight")
    w.force_dice([4, 4, 4])
    w.step()
    offer = w.lab.offer
    assert offer["god"] == "ares" and offer["side"] == "athens"
    # the choices are the rulebook's appeal step's own legal actions
    assert {a["type"] for a in offer["choices"]} == {"appeal", "no_appeal"}
    assert any(a["label"].startswith("Appeal to Ares") for a in offer["choices"])
    assert w.appeal["god"] == "ares"
    # the engine's hook decides: when it offers nothing, the board offers nothing
    monkeypatch.setattr(olympians, "offer_ares", lambda state, before: False)
    w = BattleWidget.from_forces("B2:3", "C2:3", seed=2,
                                 sacrifices={"athens": ["ares"], "sparta": []})
    w.choose("fight")
    w.step()
    assert w.appeal == {} and w.lab.offer is None


@pytest.mark.rule("11.0")
def test_11_0_an_appeal_is_an_action_of_the_labs_game():
    w = BattleWidget.from_forces("B2:3", "C2:3", seed=2,
                                 sacrifices={"athens": ["ares"], "sparta": []})
    w.choose("fight")
    w.force_dice([4, 4, 4, 1, 1, 1])
    w.step()
    w.appeal_ares()
    history = w.lab.game.history
    assert [a["type"] for a in history][-2:] == ["lab_attack", "appeal"]
    assert history[-1]["god"] == "ares" and history[-1]["side"] == "athens"
    assert w.sacrifices["athens"] == []


# -- the view carries what the board and the battle board need -------------------------------------
@pytest.mark.rule("8.21")
def test_8_21_the_view_carries_the_public_blockade_marker():
    game = hellenes_nb.new_game("431", seed=1)
    for side in ("athens", "sparta", "all"):
        assert "pallene" in game.view(side)["blockaded"]


@pytest.mark.rule("6.1")
def test_6_1_the_view_carries_the_battle_being_fought_without_its_dice():
    game = hellenes_nb.new_game("431", seed=1)
    game.state.dice.force([1, 2, 3, 4, 5, 6] * 50)
    dash = Dashboard(game=game, bot="random")
    to_battle(dash, HeuristicBot(101))
    for side in ("athens", "sparta"):
        shown = dash.game.view(side)["battle"]
        frame = dash.game.state.stack[-1]
        assert shown["place"] == dash.game.state.ix.place_ids[frame["place"]]
        assert "dice" not in shown
        assert shown["fighters"] == frame["battle"]["fighters"]
        json.dumps(shown)
    board = dash.battle_box.children[0].children[0]
    assert isinstance(board, EngineBattleView)
    assert {b["key"] for b in board.blocks} == {f["key"] for f in shown["fighters"]}
    assert battlelab.battle_from_view(shown).dice.forced == ()


# -- one redraw per change -------------------------------------------------------------------------
@pytest.mark.rule("4.1")
def test_4_1_a_click_on_the_map_redraws_map_and_panels_once(monkeypatch):
    dash = Dashboard("431", seed=1, bot="heuristic", human="sparta")
    me = HeuristicBot(7)
    for _ in range(200):
        if any(a["type"] == "move_group" for a in dash.choices):
            break
        dash.choose(me.choose(dash.game, "sparta"))
    area = next(a["area"] for a in dash.choices if a["type"] == "move_group")
    dash.map.selected_area = area
    assert dash.map.destinations, "the engine lists where the group may go"
    counts = {"map": 0}
    real_map = MapWidget.refresh

    def map_refresh(self):
        counts["map"] += 1
        real_map(self)

    monkeypatch.setattr(MapWidget, "refresh", map_refresh)
    renders = dash.renders
    n = len(dash.game.history)
    dash.map.handle_request({"request": "play", "area": dash.map.destinations[0]})
    assert len(dash.game.history) > n
    assert counts == {"map": 1} and dash.renders == renders + 1


# -- replay labels without replaying ---------------------------------------------------------------
def test_the_replay_names_the_moves_played_without_playing_again(monkeypatch):
    dash = Dashboard("431", seed=5, bot="random")
    me = HeuristicBot(1)
    for _ in range(6):
        dash.choose(me.choose(dash.game, "athens"))
    viewer = dash.open_replay()
    k = next(i for i, a in enumerate(dash.game.history, 1) if a["side"] == "athens")
    calls: list[int] = []
    real = ReplayViewer.game_at
    monkeypatch.setattr(ReplayViewer, "game_at", lambda self, n: calls.append(n) or real(self, n))
    viewer.show(k)
    assert set(calls) == {k}  # only the position shown; the label came from the session
    assert dash.session.labels[k - 1] in viewer.caption.value


@pytest.mark.rule("6.32")
def test_6_32_auto_play_settles_a_tie_inside_the_attack_that_caused_it():
    """``advance()`` is one whole unit attack: a tie its dice cause is answered by the auto
    policy within it (tied blocks in key order), as the engine's step with a policy does."""
    w = BattleWidget.from_forces(
        attacker=[{"rating": "C2", "cv": 4}, {"rating": "C2", "cv": 3}, {"rating": "D1", "cv": 1}],
        defender=[{"rating": "C2", "cv": 3}], attacker_side="sparta", seed=2)
    w.choose("fight")
    w.force_dice([1, 2, 5])
    w.advance()
    assert w.prompt.get("kind") not in ("hit", "rout")
    assert not any(line["kind"] == "auto_choice" for line in w.narration)
    assert [line["kind"] for line in w.narration[-4:]] == ["attack", "hit", "hit", "rout"]
    assert w.last_attack["effects"][1]["target"] == "S1"  # the tie went to the first key
