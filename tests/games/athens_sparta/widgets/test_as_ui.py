"""*Athens & Sparta* on the shared dashboard (docs/athens-sparta.md, "Playing in a notebook"):
the panels' words (the card pick, the moves block by block, the end of the moves last), the
hand (the other one only counted), and ``Dashboard("athens-sparta")`` against the computer and
hot-seat, with undo, a sealed save loaded back and the replay."""

from __future__ import annotations

import re

from games.athens_sparta.widgets.test_as_board import athens_to_move

from hellenes_nb.core.game import new_game
from hellenes_nb.games.athens_sparta import ui
from hellenes_nb.widgets.dashboard import Dashboard


def test_the_card_pick_is_worded_by_mps_and_events():
    game = new_game("athens-sparta", 1)
    groups = ui.group_choices(game, game.legal_actions("sparta"))
    assert [g["heading"] for g in groups] == ["Pick a card"]
    words = [w for w, _a in groups[0]["rows"][0]["options"]]
    assert "1 MP, Earthquake" in words and "2 MP, Storm" in words and "5 MP" in words
    both = ui.group_choices(game, game.legal_actions())
    assert [r["title"] for r in both[0]["rows"]] == ["Athens's hand", "Sparta's hand"]


def test_moves_are_grouped_by_block_and_the_end_comes_last():
    game = athens_to_move()
    groups = ui.group_choices(game, game.legal_actions("athens"))
    assert groups[0]["heading"] == "Moves" and groups[-1]["heading"] == "Finish"
    rows = {r["title"]: r["options"] for r in groups[0]["rows"]}
    row = rows["Athens I (hoplite B2, 3 steps) in Athens (0907)"]
    words = [w for w, _a in row]
    assert "Move to Megara (0807) and attack" in words
    assert all(a["block"] == "ath-h1" for _w, a in row)
    assert any(w.startswith("March to ") for r in rows.values() for w, _a in r)
    assert groups[-1]["rows"][0]["options"][0][1]["type"] == "end_moves"
    offered = [a for g in groups for r in g["rows"] for _w, a in r["options"]]
    assert len(offered) == len(game.legal_actions("athens"))  # every choice, once


def test_the_panels_show_only_what_the_side_may_see():
    game = athens_to_move()
    view = game.view("athens")
    hand = ui.hand_html(game, view, "athens")
    for card in game.state.hands["athens"]:
        assert re.search(rf"#{ui._cards()[card][0]}<", hand)
    assert f"Sparta holds {len(game.state.hands['sparta'])} cards, face down" in hand
    shown = ui.in_play_html(game, view)
    assert "Cards shown this Game Turn: Athens" in shown
    assert "Potidaea besieged by Athens (§6.0)" in shown
    everything = hand + shown + ui.log_html(view)
    for card in game.state.hands["sparta"]:
        assert f"#{ui._cards()[card][0]}<" not in everything
    assert "Olympiad 84, Game Turn 1 of 6" in ui.header_html(game, "you")
    assert ui.save_name(game) == "athens-sparta-olympiad-84-turn-1"


def test_the_dashboard_plays_against_the_computer_with_undo_save_and_replay():
    dash = Dashboard("athens-sparta", seed=3, human="athens")
    assert dash.level == "normal" and dash.bot.name == "heuristic"
    cards = [a for a in dash.choices if a["type"] == "card"]
    dash.choose(max(cards, key=lambda a: int(a["label"].split("(")[1].split()[0])))
    assert dash.game.prompt.kind == "ops" and dash.game.prompt.side == "athens"
    moves = len(dash.game.history)
    dash.choose(next(a for a in dash.choices if a["type"] == "move"))
    dash.undo()
    assert len(dash.game.history) == moves
    dash.seed_secret = True  # as if dealt from a random seed
    sealed = dash.save()
    assert '"seed"' not in sealed and "sealed" in sealed
    for card in dash.game.state.hands["sparta"]:
        assert f'"{card}"' not in sealed
    again = Dashboard.load(sealed, game="athens-sparta")
    assert again.human == "athens" and len(again.game.history) == len(dash.game.history)
    replay = dash.open_replay()
    assert replay.position == len(dash.game.history)


def test_the_dashboard_hands_the_screen_over_in_hot_seat():
    dash = Dashboard("athens-sparta", seed=3, mode="hotseat")
    assert dash.choices == [] and dash.map.curtain  # whose screen is it first?
    dash.ready()
    first = dash.viewer
    assert not dash.map.curtain and dash.map.viewer == first
    dash.choose(next(a for a in dash.choices if a["type"] == "card"))
    assert dash.handover_to is not None and dash.handover_to != first
    assert dash.choices == [] and dash.map.curtain


def test_a_hex_picked_on_the_board_narrows_the_panel_to_its_blocks():
    dash = Dashboard("athens-sparta", seed=3, human="athens")
    cards = [a for a in dash.choices if a["type"] == "card"]
    dash.choose(max(cards, key=lambda a: int(a["label"].split("(")[1].split()[0])))
    everything = len(dash.choice_panel.actions)
    dash.map.select("0907")
    shown = dash.choice_panel.actions
    athens = {b["id"] for b in dash.game.view("athens")["blocks"] if b.get("where") == "0907"}
    assert 0 < len(shown) < everything
    assert {a["block"] for a in shown if "block" in a and a.get("to") != "0907"} == athens
    assert {a["to"] for a in shown if a.get("block") in athens} == dash.map.lit()
