"""What the browser may write and what it is sent (issue 14, items 3 and 4), and what comes
back of what it sent (issue 26, item 11: at most 80 characters of it, docs/security.md).

A page's widget models can be changed by anyone with the browser's developer tools; these tests
send such updates the way the front end does (a comm "update" message) and read every synced
trait of every widget a dashboard shows, as the browser receives them.
"""

from __future__ import annotations

import base64
import json
import logging
import re

import ipywidgets as W
import pytest

import hellenes_nb
from hellenes_nb.core.echo import ECHO
from hellenes_nb.core.steps import MAX_MESSAGE
from hellenes_nb.games.earth_water.widgets.board import EWBoardView
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot
from hellenes_nb.games.hellenes.widgets.battle import BattleWidget
from hellenes_nb.games.hellenes.widgets.battleview import EngineBattleView
from hellenes_nb.games.hellenes.widgets.map import MapWidget
from hellenes_nb.widgets.dashboard import Dashboard
from hellenes_nb.widgets.timeline import TimelineWidget
from hellenes_nb.widgets.tutorial import TutorialWidget


def _from_page(widget: W.Widget, **state) -> None:
    """A state update arriving from the front end, as ipywidgets hands it to the widget."""
    widget.set_state(state)  # what ipywidgets calls with an update message from the page


def _synced(root: W.Widget) -> str:
    """Every synced trait of ``root`` and the widgets inside it, as JSON text, with any
    base64 data link (the Save link's file) decoded too."""
    seen: set[str] = set()
    out = []
    todo = [root]
    while todo:
        w = todo.pop()
        if w.model_id in seen:
            continue
        seen.add(w.model_id)
        out.append(json.dumps(w.get_state(), default=str))
        for name in w.keys:
            value = getattr(w, name)
            items = value if isinstance(value, list | tuple) else [value]
            todo.extend(v for v in items if isinstance(v, W.Widget))
    text = "\n".join(out)
    files = [base64.b64decode(m).decode() for m in re.findall(r"base64,([A-Za-z0-9+/=]+)", text)]
    return "\n".join([text, *files])


def _spartans(board: dict) -> list[dict]:
    return [b for blocks in board["blocks"].values() for b in blocks if b["side"] == "sparta"]


# -- item 4: the map's viewer is Python's -----------------------------------------------------
def test_the_page_cannot_widen_the_map_viewer():
    w = MapWidget(hellenes_nb.new_game("431", seed=3), viewer="athens")
    _from_page(w, viewer="all")
    assert w.viewer == "athens" and w.board["viewer"] == "athens"
    assert _spartans(w.board) and all(b.get("hidden") and "key" not in b
                                      for b in _spartans(w.board))
    # what its front end does set still works
    _from_page(w, selected_area="attica", zoom=2.0)
    assert w.selected_area == "attica" and w.zoom == 2.0


def test_the_page_cannot_widen_the_dashboard_map():
    dash = Dashboard("431", seed=3)
    _from_page(dash.map, viewer="all", playable=True, board={"blocks": {}})
    assert dash.map.viewer == "athens"
    assert all("key" not in b for b in _spartans(dash.map.board))


def test_the_page_cannot_rewrite_the_battle_board():
    w = BattleWidget.from_forces("B2:3", "B2:2", seed=1)
    w.force_dice([1, 2])
    blocks = w.blocks
    _from_page(w, forced=[6, 6, 6], blocks=[], outcome={"winner": "athens"})
    assert w.forced == [1, 2] and w.blocks == blocks and w.outcome == {}
    _from_page(w, speed="fast")
    assert w.speed == "fast"


# -- item 3 and the seed in bot mode -----------------------------------------------------------
def test_the_default_seed_is_fresh_and_hidden():
    a, b = Dashboard("431"), Dashboard("431")
    assert a.game.seed != b.game.seed
    assert a.game.state.hands != b.game.state.hands or a.game.state.deck != b.game.state.deck
    assert "seed hidden" in repr(a) and str(a.game.seed) not in repr(a)
    # an explicit seed still gives the same game, and is shown
    c, d = Dashboard("431", seed=5), Dashboard("431", seed=5)
    assert c.game.state == d.game.state and "seed=5" in repr(c)


def test_no_widget_state_holds_the_seed_or_the_dice_state():
    dash = Dashboard("431", bot="random")
    me = HeuristicBot(7)
    for k in range(60):
        if dash.game.over:  # the seed is random: a game may end early (a peace at Year End)
            break
        if k % 20 == 0:
            dash.save()
            dash.open_replay()
            sent = _synced(dash)
            assert "hellenes-nb sealed game" in sent, "the Save link's file is read too"
            assert str(dash.game.seed) not in sent
            assert str(dash.game.state.dice.state) not in sent
        dash.choose(me.choose(dash.game, "athens"))


@pytest.mark.rule("6.31")
def test_the_battle_board_is_not_sent_the_games_queued_dice():
    """A game may carry forced faces (a lesson's "Take command" does): the engine battle
    board never rolls, so it must not hold, or send, the dice to come."""
    game = hellenes_nb.new_game("431", seed=1)
    faces = [1, 2, 3, 4, 5, 6] * 100
    game.state.dice.force(faces)
    dash = Dashboard(game=game, bot="random")
    me = HeuristicBot(101)
    for _ in range(400):
        top = dash.game.state.stack[-1]
        if top["kind"] == "battle" and "battle" in top and dash.choices:
            break
        dash.choose(me.choose(dash.game, "athens"))
    view = dash.battle_box.children[0].children[0]
    assert isinstance(view, EngineBattleView)
    assert dash.game.state.dice.forced, "faces are still queued in the game"
    assert view.forced == [] and view.battle.dice.forced == ()
    queued = json.dumps(list(dash.game.state.dice.forced[:12]))[1:-1]
    assert queued not in _synced(view)


# -- issue 26 item 11: what a page sends comes back cut -----------------------------------------
#: 5 MB of text, as a page (or a user with the developer tools) may send it
PAGE_TEXT = "x" * 5_000_000


def _echo_ok(text: str) -> None:
    """At most ``ECHO`` characters of the page's text come back, in a message of bounded
    length."""
    longest = max((len(run) for run in re.findall("x+", text)), default=0)
    assert longest <= ECHO and len(text) <= MAX_MESSAGE, text[:200]
    assert text, "the refusal is said in words"


def _comm(widget: W.Widget, data: dict) -> None:
    """A comm message from the page, as the kernel hands it to the widget's comm."""
    widget.comm.handle_msg({"content": {"data": data}, "buffers": []})


def _ask(widget: W.Widget, request: dict) -> None:
    _comm(widget, {"method": "custom", "content": request})


def test_the_timeline_cuts_a_5_mb_pick_in_its_error():
    t = TimelineWidget()
    for picked in (PAGE_TEXT, [PAGE_TEXT], {"id": PAGE_TEXT}):
        _comm(t, {"method": "update", "state": {"picked": picked}})
        _echo_ok(t.error)
        assert t.picked == ""
    t.pick(PAGE_TEXT)  # the same from Python
    _echo_ok(t.error)
    t.pick("delium-424")
    assert t.error == "" and t.picked == "delium-424"


@pytest.mark.parametrize("request_", [
    {"request": "select", "city": PAGE_TEXT}, {"request": "select", "city": [PAGE_TEXT]},
    {"request": "level", "level": PAGE_TEXT}, {"request": "level", "level": [PAGE_TEXT]},
    {"request": "choose", "index": PAGE_TEXT}, {"request": "choose", "index": [PAGE_TEXT]},
    {"request": PAGE_TEXT}, {"request": "undo", PAGE_TEXT: 1},
], ids=["select", "select-list", "level", "level-list", "choose", "choose-list", "name", "key"])
def test_the_earth_water_board_cuts_a_5_mb_request_in_its_message(request_):
    """The board inside the shared dashboard (EWBoardView): requests it does not answer (the
    dashboard's panel takes the decisions) are refused with the echo cut too."""
    board = EWBoardView(game=hellenes_nb.new_game("earth-water", seed=1))
    before = (board.game.to_json(), board.selected, board.svg)
    _ask(board, request_)
    _echo_ok(board.message)
    assert (board.game.to_json(), board.selected, board.svg) == before


@pytest.mark.parametrize("request_", [
    {"request": "open", "task": PAGE_TEXT}, {"request": "open", "task": [PAGE_TEXT]},
    {"request": "pick", "answer": PAGE_TEXT}, {"request": "act", "index": PAGE_TEXT},
    {"request": PAGE_TEXT},
], ids=["open", "open-list", "pick", "act", "name"])
def test_the_tutorial_panel_cuts_a_5_mb_request_in_its_refusal(tmp_path, request_):
    tutorial = TutorialWidget(progress=tmp_path / "progress.json")
    task = tutorial.task.id
    _ask(tutorial.panel, request_)
    _echo_ok(tutorial.panel.refusal)
    assert tutorial.task.id == task


def test_the_map_and_the_battle_board_cut_a_5_mb_request_too():
    """The cut is in the one place every page's request goes through (widgets/requests.py)."""
    m = MapWidget(hellenes_nb.new_game("431", seed=3), viewer="athens")
    _ask(m, {"request": "play", "area": PAGE_TEXT})
    _echo_ok(m.message)
    b = BattleWidget.from_forces("B2:3", "B2:2", seed=1)
    _ask(b, {"request": "choose", "choice": PAGE_TEXT})
    _echo_ok(b.error)


@pytest.mark.parametrize("data", [
    {"method": "bogus"}, {}, {"method": ["custom"]}, {"method": "update", "state": [1, 2]},
], ids=["unknown-method", "no-method", "method-not-text", "state-not-a-dict"])
def test_a_malformed_page_message_to_the_earth_water_board_is_answered_in_words(data):
    """The board's log lines are ``log_lines``: its old synced ``log`` list hid ipywidgets'
    logger, so ipywidgets' own answer to a malformed message ended in AttributeError."""
    board = EWBoardView(game=hellenes_nb.new_game("earth-water", seed=1))
    assert isinstance(board.log, logging.Logger)
    before = board.game.to_json()
    _comm(board, data)
    assert board.message.startswith("the page sent "), board.message
    assert "nothing was changed" in board.message and board.game.to_json() == before
    board.handle_request({"request": "select", "city": "athenai"})  # the board still answers
    assert board.message == "" and board.selected == "athenai"


@pytest.mark.parametrize("data", [{"method": "bogus"}, {"method": "update", "state": [1]}],
                         ids=["unknown-method", "state-not-a-dict"])
def test_the_battle_board_keeps_ipywidgets_logger_and_answers_a_malformed_message(data):
    """The battle board's narration is ``narration``: a synced ``log`` list would hide
    ipywidgets' logger, which its own answer to a malformed message uses."""
    b = BattleWidget.from_forces("B2:3", "B2:2", seed=1)
    assert isinstance(b.log, logging.Logger)
    _comm(b, data)
    assert b.error.startswith("the page sent "), b.error
    b.choose("fight")  # the board still fights
    b.step()
    assert any(line["kind"] == "attack" for line in b.narration)
