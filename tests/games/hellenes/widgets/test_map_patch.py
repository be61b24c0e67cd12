"""A move sends the page only what changed on the map (issue 15, item 10).

The map used to send its whole board (every area's blocks, control, sieges) after each move.
Now a move goes out as a patch message with the areas it touched; these tests read the messages
as they leave the widget's comm (what the browser receives), not the Python traits.
"""

from __future__ import annotations

import json

import pytest
from support.widget_helpers import to_actions

import hellenes_nb
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot
from hellenes_nb.games.hellenes.widgets.map import MapWidget, board_patch


class Wire:
    """Every message the widget sends to its page from now on (state updates and custom)."""

    def __init__(self, widget: MapWidget) -> None:
        self.sent: list[dict] = []
        # ipywidgets sends only on a comm with a kernel (a test has none): give it a stand-in,
        # and catch each message where ipywidgets hands it to the comm
        widget.comm.kernel = object()
        widget._send = lambda msg, buffers=None: self.sent.append(msg)

    def updates(self) -> list[dict]:
        return [m["state"] for m in self.sent if m.get("method") == "update"]

    def patches(self) -> list[dict]:
        return [m["content"]["board_patch"] for m in self.sent
                if m.get("method") == "custom" and "board_patch" in m.get("content", {})]


@pytest.fixture()
def sparta_map():
    game = hellenes_nb.new_game("431", seed=1)
    to_actions(game)
    assert game.prompt.side == "sparta"
    return MapWidget(game, viewer="sparta")


def _touched(patch: dict) -> set[str]:
    return {a for entry in patch["areas"].values() for a in [*entry["set"], *entry["drop"]]}


def _patched(board: dict, patch: dict) -> dict:
    """What static/map.js's applyPatch makes of the page's copy ``board``."""
    out = {**board, **patch["keys"]}
    for name, entry in patch["areas"].items():
        out[name] = {**board[name], **entry["set"]}
        for a in entry["drop"]:
            del out[name][a]
    return out


def test_a_one_block_move_sends_only_the_areas_it_touched(sparta_map):
    w = sparta_map
    key = next(b["key"] for b in w.board["blocks"]["ambracia"] if "key" in b)
    w.select_unit(key)
    before = json.loads(json.dumps(w.board))
    wire = Wire(w)
    w.play("amphilochia")
    assert all("board" not in state for state in wire.updates()), "the whole board was sent"
    [patch] = wire.patches()
    assert _touched(patch) == {"ambracia", "amphilochia"}
    assert any(b.get("key") == key for b in patch["areas"]["blocks"]["set"]["amphilochia"])
    assert patch["keys"]["moves"] == len(w.game.history)
    assert len(json.dumps(patch)) < len(json.dumps(w.board)) / 4
    # the page's copy, patched, is the board Python holds
    assert _patched(before, patch) == json.loads(json.dumps(w.board))


def test_patches_keep_the_page_copy_right_and_redacted_over_a_game():
    """Both sides play 120 decisions on a shared game; the Athenian map's page copy, patched
    after each, equals the board, and no message names a Spartan block Athens may not see
    (§2.0, §6.1)."""
    game = hellenes_nb.new_game("431", seed=5)
    w = MapWidget(game, viewer="athens")
    copy = json.loads(json.dumps(w.board))
    wire = Wire(w)
    bot = HeuristicBot(5)
    patched = 0
    for _ in range(120):
        if game.over:
            break
        side = "athens" if game.prompt.side == "both" else game.prompt.side
        w.session.apply(bot.choose(game, side))
        for msg in wire.sent:
            full = msg.get("state", {}).get("board")
            if full is not None:
                copy = full
            elif msg.get("method") == "custom":
                copy = _patched(copy, msg["content"]["board_patch"])
                patched += 1
        shown = {u["unit"] for u in game.view("athens")["units"] if not u.get("hidden")}
        sent = json.dumps(wire.sent)
        assert [k for k in _spartan_keys(game) if f'"{k}"' in sent and k not in shown] == []
        wire.sent.clear()
        assert copy == json.loads(json.dumps(w.board))
    assert patched > 50


def _spartan_keys(game) -> list[str]:
    return [u["unit"] for u in game.view("all")["units"] if u["side"] == "sparta"]


def test_another_viewer_or_no_game_sends_the_whole_board(sparta_map):
    w = sparta_map
    wire = Wire(w)
    w.viewer = "athens"
    assert wire.patches() == [] and any("board" in s for s in wire.updates())
    assert board_patch(w.board, {**w.board, "viewer": "sparta"}) is None
    assert board_patch({**w.board, "scenario": None}, w.board) is None
