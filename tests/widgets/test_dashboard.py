"""The play dashboard without a browser: the Python API every button calls.

A whole year against the seeded computer, the hot-seat hand-over hiding the other side, undo,
save/load (and refusing bad files without changing anything), the replay viewer against
``Game.replay``, the battle board following an engine battle, and the prestige chart.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hellenes_nb
from hellenes_nb.bots import RandomBot
from hellenes_nb.core.game import Game
from hellenes_nb.games.hellenes.bots.heuristic import HeuristicBot
from hellenes_nb.games.hellenes.widgets.battleview import EngineBattleView
from hellenes_nb.games.hellenes.widgets.prestige_chart import (
    PrestigeChart,
    prestige_series,
    season_time,
)
from hellenes_nb.widgets.dashboard import (
    FINISH,
    Dashboard,
    group_choices,
    validated_game,
)


def _play(dash: Dashboard, player, n: int) -> None:
    """Take ``n`` decisions for the side at the screen with ``player`` (a bot)."""
    for _ in range(n):
        side = dash.human if dash.mode == "bot" else dash.viewer
        dash.choose(player.choose(dash.game, side))


def _to_battle(dash: Dashboard, player, limit: int = 400) -> dict:
    """Play on until the human must decide inside a battle being fought (§6.2–§6.4)."""
    for _ in range(limit):
        top = dash.game.state.stack[-1]
        if top["kind"] == "battle" and "battle" in top and dash.choices:
            return top
        _play(dash, player, 1)
    raise AssertionError("no battle decision came up")


def _html(dash: Dashboard) -> str:
    """Every piece of text the dashboard's panels show."""
    return " ".join([dash.header.value, dash.prompt_html.value, dash.hand_html.value,
                     dash.in_play_html.value, dash.log_html.value, dash.status.value])


# -- a whole year against the computer --------------------------------------------------------
@pytest.mark.rule("3.3")
def test_whole_year_against_the_seeded_bot():
    dash = Dashboard("431", seed=1)
    me = HeuristicBot(101)
    start = repr(dash)
    assert start.startswith("<Dashboard 431 seed=1, you athens vs heuristic bot: New Year 431")
    while not dash.game.over and dash.game.state.year == 431:
        offered = dash.choices
        assert offered, f"the human has nothing to choose: {dash!r}"
        assert offered == dash.game.legal_actions("athens")
        dash.choose(me.choose(dash.game, "athens"))
    g = dash.game
    assert (g.state.year, g.state.season) == (430, 0) or g.over
    sides = {a["side"] for a in g.history}
    assert sides == {"athens", "sparta"}, "the computer must have played its side"
    assert dash.chart.values[-1] == g.state.prestige
    assert f"{g.state.prestige:+d}" in dash.header.value
    assert "§" in dash.log_html.value
    # the same seeds give the same game: the computer's answers are reproducible
    again = Dashboard("431", seed=1)
    me2 = HeuristicBot(101)
    while len(again.game.history) < 40:
        again.choose(me2.choose(again.game, "athens"))
    assert again.game.history == g.history[:len(again.game.history)]


def test_log_is_newest_first_and_cites_rules():
    dash = Dashboard("431", seed=2, bot="random")
    _play(dash, RandomBot(5), 6)
    lines = re.findall(r"<div class='hn-log-line[^>]*>(?:(?!</div>).)*"
                       r"<span class='hn-rule'>§([^<]+)</span></div>", dash.log_html.value)
    view_log = dash.game.view("athens")["log"]
    assert lines[0] == view_log[-1]["rule"]
    assert lines[-1] == view_log[0]["rule"]
    assert all(re.fullmatch(r"\d+(\.\d+)*", r) for r in lines)


def test_sparta_human_and_bot_moves_first():
    dash = Dashboard("431", seed=3, human="sparta", bot="random")
    assert dash.map.viewer == "sparta"
    assert all(a["side"] == "sparta" for a in dash.choices)
    _play(dash, RandomBot(1), 10)
    assert dash.game.prompt.side in ("sparta", "both", "none")


# -- hot-seat -----------------------------------------------------------------------------------
@pytest.mark.rule("2.0")
def test_hotseat_handover_hides_the_other_side():
    dash = Dashboard("431", seed=4, mode="hotseat")
    # nobody sees anything before the first player takes the screen
    assert dash.handover_to == "athens" and dash.viewer is None
    assert dash.choices == [] and dash.hand == []
    assert dash.covered
    assert "Pass to Athens" in dash.cover.children[0].value
    dash.ready()
    athens_hand = dash.hand
    assert athens_hand == sorted(dash.game.state.hands[0])
    assert dash.map.viewer == "athens"
    card = next(a for a in dash.choices if a["type"] == "play_card")
    dash.choose(card)
    # Sparta's turn to commit a card: the screen is covered, Athens's board stays until the click
    assert dash.handover_to == "sparta"
    assert dash.map.viewer == "athens"
    assert dash.covered
    assert dash.hand == [] and dash.choices == []
    assert dash.hand_html.value == "" and dash.log_html.value == ""
    with pytest.raises(ValueError, match="handed to Sparta"):
        dash.choose({"type": "play_card", "side": "sparta", "card": 1, "use": "event"})
    dash.ready()
    assert dash.viewer == "sparta" and dash.map.viewer == "sparta"
    assert dash.hand == sorted(dash.game.state.hands[1])
    world = dash.game.state.ix.world
    shown = dash.hand_html.value
    for n in athens_hand:
        if n not in dash.hand:
            assert f"#{n}</span>" not in shown, f"Athens's card {n} shows in Sparta's hand"
    assert f"#{card['card']}" not in _html(dash).replace(world.cards[card["card"]].title, "")
    # the map shows Athenian blocks only from the back
    for blocks in dash.map.board["blocks"].values():
        assert all("key" not in b for b in blocks if b["side"] == "athens")
    assert "hand-over" not in repr(dash) and "screen sparta" in repr(dash)


@pytest.mark.rule("2.0")
def test_hotseat_handover_leaves_nothing_of_the_last_side_in_the_page():
    """While the hand-over screen waits, the map widget's synced state (what the browser
    holds, readable with developer tools) has no blocks and no message of the side that
    just played."""
    dash = Dashboard("431", seed=4, mode="hotseat")
    assert dash.map.board["blocks"] == {}, "a side's board was sent before anyone took the screen"
    dash.ready()
    assert dash.map.board["blocks"], "Athens sees its board once it takes the screen"
    dash.choose(next(a for a in dash.choices if a["type"] == "play_card"))
    assert dash.handover_to == "sparta"
    state = json.dumps(dash.map.get_state())
    assert dash.map.board["blocks"] == {} and dash.map.message == ""
    assert dash.map.selected_unit == "" and dash.map.destinations == []
    for u in range(60):  # no Athenian block key of the Athenian view stays in the page
        key = dash.game.state.ix.unit_key[u]
        assert f'"{key}"' not in state, key
    dash.ready()
    assert dash.map.viewer == "sparta" and dash.map.board["blocks"]


def test_hotseat_undo_only_your_own_decision():
    dash = Dashboard("431", seed=4, mode="hotseat")
    dash.ready()
    dash.choose(next(a for a in dash.choices if a["type"] == "play_card"))
    # before passing the screen, Athens may still take the card back
    assert dash.handover_to == "sparta"
    dash.undo()
    assert dash.handover_to is None and dash.viewer == "athens" and dash.game.history == []
    dash.choose(next(a for a in dash.choices if a["type"] == "play_card"))
    dash.ready()
    with pytest.raises(ValueError, match="Athens's"):
        dash.undo()


# -- undo, refusals ------------------------------------------------------------------------------
def test_undo_takes_back_the_move_and_the_computers_answer():
    dash = Dashboard("431", seed=1, bot="random")
    me = HeuristicBot(3)
    while not (dash.choices and any(a["type"] == "move_group" for a in dash.choices)):
        _play(dash, me, 1)
    before = dash.game.state.to_dict()
    n = len(dash.game.history)
    group = next(a for a in dash.choices if a["type"] == "move_group")
    dash.choose(group)
    assert len(dash.game.history) > n
    dash.undo()
    assert len(dash.game.history) == n
    assert dash.game.state.to_dict() == before
    assert dash.map.game is dash.game
    assert "Took back" in dash.status.value


def test_choose_refuses_what_is_not_offered_and_changes_nothing():
    dash = Dashboard("431", seed=1, bot="random")
    before = dash.game.to_json()
    with pytest.raises(ValueError, match="not allowed|not yours"):
        dash.choose({"type": "play_card", "side": "athens", "card": 55, "use": "event"})
    with pytest.raises(ValueError, match="not yours"):
        dash.choose({"type": "end_actions", "side": "sparta"})
    with pytest.raises(ValueError, match="does not exist"):
        dash.choose(10_000)
    with pytest.raises(ValueError, match="labelled"):
        dash.choose("Conquer Persia")
    with pytest.raises(TypeError, match="action dict"):
        dash.choose(3.5)
    assert dash.game.to_json() == before
    # a button's refusal becomes a message instead of an exception in the kernel
    dash.attempt(dash.choose, {"type": "end_actions", "side": "sparta"})
    assert "not yours" in dash.status.value


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"mode": "teacher"}, "mode must be"),
    ({"human": "persia"}, "human must be"),
    ({"bot": "oracle"}, "bot must be one of"),
    ({"bot_delay": -1}, "bot_delay"),
    ({"scenario": "480"}, "480"),
])
def test_bad_options_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Dashboard(**kwargs)


def test_a_bot_object_needs_choose():
    with pytest.raises(TypeError, match="choose"):
        Dashboard(bot=object())


def test_play_bot_turns_only_against_the_computer():
    with pytest.raises(ValueError, match="hot-seat"):
        Dashboard(mode="hotseat").play_bot_turns()


# -- save and load -------------------------------------------------------------------------------
def test_save_load_round_trip():
    dash = Dashboard("431", seed=6, bot="random")
    _play(dash, HeuristicBot(2), 25)
    text = dash.save()
    assert "download=" in dash.download.value and "base64," in dash.download.value
    loaded = Dashboard.load(text, bot="random")
    assert loaded.game.history == dash.game.history
    assert loaded.game.state.to_dict() == dash.game.state.to_dict()
    assert repr(loaded) == repr(dash)
    # play on from the loaded game; the original is untouched
    before = dash.game.to_json()
    _play(loaded, HeuristicBot(2), 3)
    assert dash.game.to_json() == before
    # restore in place, from bytes as the upload gives them
    dash2 = Dashboard("431", seed=99, bot="random")
    dash2.restore(text.encode())
    assert dash2.game.state.to_dict() == dash.game.state.to_dict()
    assert "Loaded the 431 game" in dash2.status.value


def _tampered(text: str) -> list[tuple[str | bytes, str]]:
    data = json.loads(text)
    prestige = json.loads(text)
    prestige["state"]["prestige"] = 14
    illegal = json.loads(text)
    illegal["history"][3] = {"type": "end_actions", "side": "athens"}
    version = json.loads(text)
    version["version"] = 99
    badseed = json.loads(text)
    badseed["seed"] = "seven"
    nohist = json.loads(text)
    nohist["history"] = "everything"
    broken = json.loads(text)
    del broken["state"]["units"]
    return [
        ("not json at all", "not valid JSON"),
        ("[1, 2, 3]", "not a saved Hellenes game"),
        (json.dumps(prestige), "does not follow from its own list of moves"),
        (json.dumps(illegal), "move 4 of the saved game is not legal"),
        (json.dumps(version), "version 99"),
        (json.dumps(badseed), "seed"),
        (json.dumps(nohist), "history"),
        (json.dumps(broken), "damaged|missing or has a bad entry"),
        (b"\xff\xfe\x00junk", "not text"),
        ("x" * 5_000_001, "far smaller"),
        (json.dumps({**data, "scenario": "480"}), "scenario"),
    ]


def test_bad_save_files_are_refused_with_a_message_and_nothing_changes():
    dash = Dashboard("431", seed=6, bot="random")
    _play(dash, HeuristicBot(2), 12)
    text = dash.game.to_json()  # an open save, as hot-seat and the teacher write (sealed saves:
    before = dash.game.to_json()  # tests/hostile/test_saves.py)
    for bad, message in _tampered(text):
        with pytest.raises(ValueError, match=message):
            dash.restore(bad)
        assert dash.game.to_json() == before
    # the file-upload path shows the refusal on screen
    content = json.dumps({"format": "hellenes-nb game", "version": 1, "scenario": "431",
                          "seed": 1, "history": [{"type": "conquer"}], "state": {}})
    dash.upload.set_trait("value", ({"name": "bad.json", "type": "application/json",
                                     "size": len(content), "last_modified": 0,
                                     "content": memoryview(content.encode())},))
    assert "⚠" in dash.status.value
    assert dash.game.to_json() == before


def test_validated_game_replays_to_the_same_state():
    game = hellenes_nb.new_game("431", seed=8)
    me = RandomBot(8)
    for _ in range(40):
        side = "athens" if game.legal_actions("athens") else "sparta"
        game.apply(me.choose(game, side))
    again = validated_game(game.to_json())
    assert again.state.to_dict() == game.state.to_dict()
    assert again.history == game.history


# -- replay ----------------------------------------------------------------------------------
def test_replay_reproduces_the_states():
    dash = Dashboard("431", seed=5, bot="random")
    me = HeuristicBot(5)
    states = [dash.game.state.to_dict()]
    seen = [0]
    start = len(dash.game.history)
    for _ in range(30):
        _play(dash, me, 1)
        states.append(dash.game.state.to_dict())
        seen.append(len(dash.game.history))
    viewer = dash.open_replay()
    assert dash.replay_box.children == (viewer,)
    n = len(dash.game.history)
    assert viewer.position == n
    assert viewer.game_at(n).state.to_dict() == dash.game.state.to_dict()
    for k, state in zip(seen[1:], states[1:], strict=True):
        assert viewer.game_at(k).state.to_dict() == state
    for k in (0, start, n // 2, n - 1):
        expected = Game.replay("431", 5, dash.game.history[:k])
        assert viewer.game_at(k).state.to_dict() == expected.state.to_dict()
    viewer.show(3)
    assert viewer.position == 3 and "Move 3 of" in viewer.caption.value
    viewer.next()
    assert viewer.position == 4
    viewer.prev()
    viewer.prev()
    assert viewer.position == 2
    viewer.slider.value = 7
    assert viewer.map.game.state.to_dict() == viewer.game_at(7).state.to_dict()
    assert viewer.map.playable is False
    with pytest.raises(ValueError, match="whole number from 0"):
        viewer.game_at(n + 1)
    assert repr(viewer) == f"<ReplayViewer 431 seed=5: move 7 of {n}; viewer athens>"


def test_replay_hides_the_opponents_moves_until_the_game_is_over():
    dash = Dashboard("431", seed=5, bot="random")
    _play(dash, HeuristicBot(1), 8)
    viewer = dash.open_replay()
    k = next(i for i, a in enumerate(dash.game.history, 1) if a["side"] == "sparta")
    viewer.show(k)
    assert "hidden from you" in viewer.caption.value


# -- battles ---------------------------------------------------------------------------------
@pytest.mark.rule("6.4")
def test_battle_board_follows_the_engine_battle():
    dash = Dashboard("431", seed=1)
    frame = _to_battle(dash, HeuristicBot(101))
    view = dash.battle_box.children[0].children[0]
    assert isinstance(view, EngineBattleView)
    keys = {f["key"] for f in frame["battle"]["fighters"]} if "fighters" in frame["battle"] \
        else None
    if keys is not None:
        assert {b["key"] for b in view.blocks} == keys
    assert view.prompt, "the board shows the decision the engine asks for"
    # stepping on the board would roll dice the engine does not know: refused, game unchanged
    before = dash.game.to_json()
    view.handle_request({"request": "step"})
    assert "engine rolls the dice" in view.error
    assert dash.game.to_json() == before
    # a decision on the board is played in the game
    choice = next(a for a in dash.choices if a["type"] == "battle_choice")
    n = len(dash.game.history)
    view.handle_request({"request": "choose", "choice": choice["choice"]})
    assert len(dash.game.history) > n
    assert dash.game.history[n] == {k: v for k, v in choice.items() if k != "label"}


# -- moves on the map -----------------------------------------------------------------------------
@pytest.mark.rule("4.1")
def test_a_move_on_the_map_updates_the_panels_and_the_computer_answers():
    dash = Dashboard("431", seed=1, bot="random")
    me = HeuristicBot(7)
    while not any(a["type"] == "move_group" for a in dash.choices):
        _play(dash, me, 1)
    m = dash.map
    group = next(a for a in dash.choices if a["type"] == "move_group")
    m.selected_area = group["area"]
    assert m.destinations, "the group has somewhere to go"
    n = len(dash.game.history)
    m.play(m.destinations[0])
    assert len(dash.game.history) > n
    assert f"{len(dash.game.history)} moves" in dash.header.value
    first = Dashboard("431", seed=7, mode="hotseat")
    assert "· no moves" in first.header.value  # "0 moves" / "1 moves" read badly

# -- the decision panel ---------------------------------------------------------------------------
def test_group_choices_shows_every_choice_once():
    dash = Dashboard("431", seed=3, bot="random")
    me = HeuristicBot(3)
    for _ in range(40):
        offered = dash.choices
        groups = group_choices(dash.game, offered)
        listed = [a for g in groups for r in g["rows"] for _l, a in r["options"] + r["chips"]]
        assert sorted(map(json.dumps, listed)) == sorted(map(json.dumps, offered))
        if groups and any(a["type"] in FINISH for a in offered):
            assert groups[-1]["heading"] == "Finish"
        for g in groups:
            for r in g["rows"]:
                assert all(label for label, _a in r["options"] + r["chips"])
        _play(dash, me, 1)


@pytest.mark.rule("10.3")
def test_card_rows_offer_sacrifices_as_chips():
    dash = Dashboard("431", seed=3, bot="random")
    groups = group_choices(dash.game, dash.choices)
    cards = next(g for g in groups if g["heading"] == "Cards")
    row = cards["rows"][0]
    assert row["title"].startswith("#") and "action" in row["title"]
    assert {label for label, _a in row["chips"]} == {
        "Zeus", "Hera", "Apollo", "Ares", "Demeter", "Poseidon", "Hermes"}


# -- the computer's pace ---------------------------------------------------------------------
def test_bot_delay_moves_one_decision_at_a_time_in_an_event_loop():
    """Inside an event loop (Jupyter) the computer's moves are spaced by ``bot_delay``; the
    human's buttons are withheld meanwhile."""

    async def scenario() -> tuple[list, list, bool, int]:
        dash = Dashboard("431", seed=1, bot="random", bot_delay=0.01)
        thinking = (dash.thinking, dash.choices, "is thinking" in dash.prompt_html.value)
        for _ in range(300):
            if not dash.thinking:
                break
            await asyncio.sleep(0.01)
        return [thinking], dash.choices, dash.thinking, len(dash.game.history)

    # a thread of its own gives the coroutine a fresh event loop, whatever loop an earlier test
    # (the browser harness) left running in this thread
    box: dict = {}
    worker = threading.Thread(target=lambda: box.update(result=asyncio.run(scenario())))
    worker.start()
    worker.join(timeout=60)
    (thinking,), offered, still, moves = box["result"]
    assert thinking == (True, [], True)
    assert not still and offered
    assert moves >= 1


# -- the prestige chart ------------------------------------------------------------------------
@pytest.mark.rule("14.1")
def test_prestige_series_from_the_log():
    log = [{"kind": "prestige", "year": 431, "season": 1, "track": 2},
           {"kind": "battle_end", "year": 431, "season": 1},
           {"kind": "prestige", "year": 431, "season": 1, "track": 3},
           {"kind": "prestige", "year": 430, "season": 5, "track": -1}]
    xs, ys = prestige_series(log, (431, 0, 0), (429, 2, -1))
    assert ys == [0, 3, -1, -1]
    assert xs == [431, season_time(431, 1), season_time(430, 5), season_time(429, 2)]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(-15, 15)), max_size=30),
       st.integers(-3, 3))
def test_prestige_series_invariants(steps, start):
    """Times only move forward (years BC go down), and the line ends at the current level."""
    log, year, season = [], 431, 0
    for advance, track in steps:
        season += advance
        year, season = year - season // 6, season % 6
        log.append({"kind": "prestige", "year": year, "season": season, "track": track})
    now = (year, season, log[-1]["track"] if log else start)
    xs, ys = prestige_series(log, (431, 0, start), now)
    assert all(a > b for a, b in zip(xs, xs[1:], strict=False))
    assert ys[-1] == now[2]
    if not any((e["year"], e["season"]) == (431, 0) for e in log):
        assert ys[0] == start
    assert len(xs) == len(ys) <= len(log) + 2


def test_prestige_chart_updates_in_place():
    game = hellenes_nb.new_game("413", seed=1)
    chart = PrestigeChart(game)
    assert chart.values == [3]  # the 413 scenario starts at +3 (§15.3)
    line = chart.line
    me = RandomBot(4)
    while game.state.prestige == 3 and not game.over:
        side = "athens" if game.legal_actions("athens") else "sparta"
        game.apply(me.choose(game, side))
    chart.update(game)
    assert chart.line is line
    assert chart.values[-1] == game.state.prestige
    assert repr(chart).endswith(f"now {game.state.prestige:+d}>")
    with pytest.raises(TypeError, match="Game"):
        PrestigeChart("431")


def test_the_panels_count_in_words():
    """Issue 15, item 3: the header, hand, cards in play, log and decision of a seeded game
    never count with "(s)" (the cards in play said "2 action(s) left this turn")."""
    dash = Dashboard("431", seed=2, bot="random")
    seen = set()
    for _ in range(40):
        if dash.game.over:
            break
        for panel in (dash.header, dash.hand_html, dash.in_play_html, dash.log_html,
                      dash.prompt_html):
            seen.add(panel.value)
        _play(dash, RandomBot(3), 1)
    assert any("actions left this turn" in v for v in seen)
    assert [v for v in seen if "(s)" in v] == []
