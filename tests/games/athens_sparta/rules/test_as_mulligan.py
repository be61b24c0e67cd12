"""Athens & Sparta: the mulligan as the players' decision (§4.6 sidebar "Mulligan")."""

from __future__ import annotations

import pytest

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.athens_sparta.position import Position
from hellenes_nb.games.athens_sparta.rules.cards import hand_mps
from hellenes_nb.games.athens_sparta.rules.mulligan import mulligan_frame
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA

POOR = ["earthquake", "move-01", "move-02", "move-03", "move-04", "move-05"]  # 9 MP


def _dealt(poor: str = "athens") -> Game:
    """A game just after a deal that gave ``poor`` a hand worth 9 MPs."""
    st = Position("athens-sparta", 11)
    deck = [c.id for c in st.world.cards if c.id not in POOR]
    other = "sparta" if poor == "athens" else "athens"
    st.hands = {poor: POOR[:], other: deck[-6:]}
    st.rest = deck[:-6]
    st.stack = [{"kind": "olympiad_end"}, {"kind": "cards", "chosen": {}}, mulligan_frame(st)]
    return Game(ATHENS_SPARTA, st, 11)


@pytest.mark.rule("4.6")
def test_4_6_mulligan_a_poor_hand_is_shown_and_dealt_again_and_the_opponent_answers():
    g = _dealt("athens")
    assert g.prompt.kind == "mulligan"
    assert set(g.view("sparta")["prompt"]["sides"]) == {"athens", "sparta"}  # both are asked
    assert [a["type"] for a in g.legal_actions("sparta")] == ["keep_hand"]
    with pytest.raises(IllegalAction, match=r"under 10 MPs; the sparta hand is worth .*§4\.6"):
        g.apply({"type": "mulligan", "side": "sparta"})
    g.apply({"type": "keep_hand", "side": "sparta"})
    g.apply({"type": "mulligan", "side": "athens"})
    shown = [e for e in g.log_for("sparta") if e["kind"] == "mulligan"]
    assert shown and "earthquake" in shown[0]["text"]  # the hand shown is read by both
    assert sorted(g.state.hands["athens"]) != sorted(POOR)
    assert not g.can_undo  # the cards were shuffled
    keep = sorted(g.state.hands["sparta"])
    assert g.prompt.kind == "mulligan" and g.prompt.side == "sparta"  # its answer
    g.apply({"type": "keep_hand", "side": "sparta"})
    assert sorted(g.state.hands["sparta"]) == keep
    assert g.prompt.kind == "cards"
    cards = g.state.hands["athens"] + g.state.hands["sparta"] + g.state.rest
    assert sorted(cards) == sorted(c.id for c in g.state.world.cards)


@pytest.mark.rule("4.6")
def test_4_6_mulligan_the_opponent_may_have_its_hand_dealt_again_too_once():
    g = _dealt("sparta")
    g.apply({"type": "mulligan", "side": "sparta"})
    before = sorted(g.state.hands["athens"])
    g.apply({"type": "mulligan", "side": "athens"})  # Athens' answer: its hand again too
    assert sorted(g.state.hands["athens"]) != before
    assert g.prompt.kind == "cards"  # one re-deal a player an Olympiad: no more asking
    assert hand_mps(g.state.world, g.state.hands["sparta"]) > 0


@pytest.mark.rule("4.6")
def test_4_6_mulligan_is_asked_after_a_deal_only_when_a_hand_is_under_10(monkeypatch):
    from hellenes_nb.games.athens_sparta.rules import sequence
    from hellenes_nb.games.athens_sparta.rules.cards import Deal

    st = Position("athens-sparta", 11)
    rest = [c.id for c in st.world.cards if c.id not in POOR]
    monkeypatch.setattr(sequence, "deal", lambda world, dice: Deal(
        {"athens": rest[:6], "sparta": POOR[:]}, rest[6:], set()))
    st.stack = [{"kind": "olympiad"}]
    sequence.Olympiad().run(st, st.stack[-1])
    assert st.stack[-1]["kind"] == "mulligan"
    monkeypatch.setattr(sequence, "deal", lambda world, dice: Deal(
        {"athens": rest[:6], "sparta": rest[6:12]}, rest[12:], set()))
    st.stack = [{"kind": "olympiad"}]
    sequence.Olympiad().run(st, st.stack[-1])
    assert st.stack[-1]["kind"] == "cards"
