"""Targeted tests of the per-side log: the two leaks issue 14 named (a Hermes re-roll of a
forced march, the Plague's list of units), the battle rule (a block revealed in a battle may
be named in that battle's events, §6.1), and how an event states who may read what.

Hellenes only: each test plays a named Hellenes card or rule on its map. That every game's
``log_for`` is the view's log, read as the role may, is checked for every registered game in
tests/conformance/test_contract.py."""

from __future__ import annotations

import pytest
from support.hellenes_event_positions import RULES, besiege, board, card_with, choose, play

from hellenes_nb.core.game import Game
from hellenes_nb.games.hellenes.eventlog import REDACTED, read_event
from hellenes_nb.games.hellenes.index import ATHENS, SPARTA
from hellenes_nb.games.hellenes.rules import olympians
from hellenes_nb.games.hellenes.rules.losses import eliminate
from hellenes_nb.games.hellenes.widgets.map import MapWidget
from hellenes_nb.lessons import Lesson


def _kinds(events, kind, rule=None):
    return [e for e in events if e["kind"] == kind and (rule is None or e["rule"] == rule)]


def _names(ix, key):
    u = ix.unit(key)
    return (ix.describe(u), ix.unit_name[u], key)


@pytest.mark.rule("11.0")
def test_11_a_hermes_reroll_of_a_forced_march_does_not_name_the_block_to_the_enemy():
    """Issue 14: the first roll of a forced march was private (§5.3) but the re-roll after an
    appeal to Hermes named the unit to both sides."""
    s = board({"S20": ("saronic_gulf", 3)})
    s.sacrifices[SPARTA].append("hermes")
    s.active = SPARTA
    ix = s.ix
    path = (ix.place("laconia"), ix.place("saronic_gulf"), ix.place("megaris"))
    s.pending_rolls = [{"kind": "forced", "side": SPARTA, "unit": ix.unit("S20"), "carry": -1,
                        "from": path[-2], "target": path[-1], "group": 1, "path": path}]
    s.stack = [{"kind": "test_end"}, {"kind": "rolls", "side": SPARTA, "stage": "choose",
                                      "await": ()}]
    assert olympians.offer_hermes(s)
    game = Game(RULES, s, seed=1)
    game.apply({"type": "appeal", "side": "sparta", "god": "hermes", "option": 0})
    [mine] = _kinds(game.view("sparta")["log"], "forced_roll", "11.0")
    [theirs] = _kinds(game.view("athens")["log"], "forced_roll", "11.0")
    [full] = _kinds(game.view("all")["log"], "forced_roll", "11.0")
    assert ix.describe(ix.unit("S20")) in mine["text"] == full["text"]
    for word in _names(ix, "S20"):
        assert word not in theirs["text"]
    assert theirs["text"].startswith("Forced march of a Spartan block rolled again")
    assert theirs["dice"] == mine["dice"]  # the die itself was rolled in the open


@pytest.mark.rule("3.1")
def test_3_1_plague_lists_the_units_it_hits_only_to_their_owner():
    """Issue 14: the Plague event carried a public ``units`` list of blocks the player of the
    card cannot see."""
    s = board({"A1": ("megaris", 3), "A9": ("saronic_gulf", 2),
               "S3": ("megaris", 3, "inside"), "S4": ("megaris", 2, "inside")})
    besiege(s, "megaris", "athens")
    g = play(s, "athens", card_with("plague_strikes"))
    choose(g, "athens", "megaris")
    ix = g.state.ix
    [athens] = _kinds(g.view("athens")["log"], "plague")
    [sparta] = _kinds(g.view("sparta")["log"], "plague")
    assert sorted(sparta["units"]) == ["S3", "S4"]
    assert athens.get("units", []) == []
    shown = str(athens)
    for key in ("S3", "S4"):
        assert not any(word in shown for word in _names(ix, key))
    assert "2 units" in athens["text"]  # how many blocks lost a step is seen at the table


@pytest.mark.rule("6.1")
def test_6_1_a_block_revealed_in_battle_is_named_and_a_hidden_one_is_not():
    s = board({"A1": ("attica", 3), "S1": ("attica", 2), "S2": ("laconia", 2)})
    ix = s.ix
    s.revealed[ix.unit("S1")] = 1  # fighting in Attica
    eliminate(s, ix.unit("S1"), "6.32", "lost its last step in battle")
    eliminate(s, ix.unit("S2"), "9.24", "disbands for the Winter: barbarians "
              "disband every Winter", "disbands for the Winter")
    first, second = (read_event(e, "athens") for e in s.log[-2:])
    assert first["text"].startswith(ix.describe(ix.unit("S1")))
    assert first["text"].endswith("lost its last step in battle")
    assert second["text"] == "A Spartan block is eliminated: disbands for the Winter"
    assert read_event(s.log[-1], "sparta")["text"].startswith(ix.describe(ix.unit("S2")))
    assert "barbarians" in read_event(s.log[-1], "all")["text"]


def test_an_event_states_who_reads_what():
    s = board({"A1": ("attica", 3), "S1": ("laconia", 2)})
    ix = s.ix
    a1, s1 = ix.unit("A1"), ix.unit("S1")
    plain = s.event("note", "1.0", "Nothing secret", ATHENS, place=3)
    assert REDACTED not in plain  # public words and fields: both sides read the full record
    named = s.event("note", "1.0", lambda rd: f"{rd.unit(s1, start=True)} meets "
                    f"{rd.unit(a1)}", SPARTA, units=["S1", "A1"], place=3)
    assert read_event(named, "all")["text"] == f"{ix.describe(s1)} meets {ix.describe(a1)}"
    athens = read_event(named, "athens")
    assert athens == {"kind": "note", "rule": "1.0", "side": "sparta", "year": s.year,
                      "season": s.season, "text": f"A Spartan block meets {ix.describe(a1)}",
                      "units": ["A1"], "place": 3}
    assert read_event(named, "sparta")["units"] == ["S1"]
    secret = s.event("deal", "10.1", "Athens is dealt [1, 2]", ATHENS, private=ATHENS,
                     public="Athens is dealt 2 cards", hand=[1, 2])
    assert read_event(secret, "sparta") == {"kind": "deal", "rule": "10.1", "side": "athens",
                                            "year": s.year, "season": s.season,
                                            "text": "Athens is dealt 2 cards"}
    assert read_event(secret, "athens")["hand"] == [1, 2]
    with pytest.raises(ValueError, match="public text"):
        s.event("deal", "10.1", "Athens is dealt [1, 2]", ATHENS, private=ATHENS)


def test_log_for_is_the_views_log_and_refuses_other_readers():
    g = Game.new("431", 5)
    for side in ("athens", "sparta", "all"):
        assert g.log_for(side) == g.view(side)["log"]
        assert g.log_for(side, 2) == g.view(side)["log"][2:]
    with pytest.raises(ValueError, match="'athens', 'sparta' or 'all'"):
        g.log_for("persia")


def test_events_of_saves_made_before_the_per_side_log_keep_their_secrets():
    old = {"kind": "deal", "rule": "10.1", "side": "athens", "year": 431, "season": 0,
           "text": "Athens is dealt 6 cards: [1, 2, 3, 4, 5, 6]", "private": ATHENS,
           "public": "Athens is dealt 6 cards"}
    assert read_event(old, "sparta")["text"] == "Athens is dealt 6 cards"
    assert read_event(old, "athens")["text"] == old["text"]
    assert "private" not in read_event(old, "all")


def test_a_lessons_events_are_read_as_its_viewer_reads_them():
    """'What the engine did' in a lesson reads the log through ``Game.log_for`` (the lesson's
    viewer, the teacher's, like its map), never the stored events with their per-side forms."""
    lesson = Lesson("pylos-425")
    seen = 0
    for number in range(1, len(lesson.steps) + 1):
        lesson.goto(number)
        events = lesson.run.events
        assert all(REDACTED not in ev for ev in events)
        assert lesson.view()["events"] == [ev["text"] for ev in events]
        seen += len(events)
    assert seen > 20


def test_the_maps_message_reads_the_log_as_its_viewer_may(monkeypatch):
    """The message after a move on the map is synced to the browser: it says what the move
    caused in the viewer's words, not in the engine's full record."""
    game = Game.new("431", 1)
    while game.prompt.side != "sparta" or not any(a["type"] == "move_group"
                                                 for a in game.legal_actions("sparta")):
        game.apply(game.legal_actions(game.prompt.side if game.prompt.side != "both"
                                      else "athens")[0])
    apply = Game.apply

    def apply_and_tell_a_secret(self, action):
        # on the class: a move on the map goes through the atomic Game.go, which applies the
        # route on a trial copy of the game
        events = apply(self, action)
        events.append(self.state.event("note", "1.0", "Athens hides A1 in Attica", ATHENS,
                                       private=ATHENS, public="Athens hides a block"))
        return events

    monkeypatch.setattr(Game, "apply", apply_and_tell_a_secret)
    w = MapWidget(game, viewer="sparta")
    area = next(a for a in game.legal_actions("sparta") if a["type"] == "move_group")["area"]
    key = next(b["key"] for b in w.board["blocks"][area] if "key" in b)
    w.select_unit(key)
    w.play(w.destinations[0])
    assert "Athens hides a block" in w.message and "A1" not in w.message
