"""§7 Strategems: the windows give nothing away, S15 may be answered by S14, S3 leaves play."""

from __future__ import annotations

import pytest
from support.amphipolis_positions import start, until

from hellenes_nb.games.amphipolis.world import load_world

W = load_world()


def _window(game, phase, side=None):
    for _ in range(400):
        top = game.state.stack[-1]
        if top["kind"] == "window" and top["phase"] == phase and side in (None, top["side"]):
            return top
        legal = game.legal_actions()
        plain = [a for a in legal if a["type"] in ("pass", "done", "hold", "keep_advantage",
                                                     "accept_roll", "keep")]
        game.apply(plain[0] if plain else legal[0])
    raise AssertionError(f"no {phase} window")


@pytest.mark.rule("7")
def test_a_window_is_offered_whatever_the_counters_held():
    for hand in (["C7"], ["C6"]):  # recovery (useless at the start) or sappers/surprise
        game = start()
        st = game.state
        st.cup = [c for c in st.cup + st.hands[0] if c not in hand]
        st.hands[0] = list(hand)
        _window(game, "B3", side=0)
        assert game.prompt.text == ("Athens may play a strategem (start of an action phase) "
                                    "or pass")
        assert [a["type"] for a in game.legal_actions("athens")] == ["pass"]


@pytest.mark.rule("7")
def test_s15_brings_the_optional_reinforcements_unless_s14_answers():
    for answer in ("pass", "play"):
        game = start(seed=5)
        st = game.state
        st.cup = sorted(set(st.cup + st.hands[0] + st.hands[1]) - {"C2", "C8"})
        st.hands = [["C8"], ["C2"]]  # Athens: S14 / S16; Sparta: S3 / S15
        game.apply({"type": "keep_advantage", "side": "sparta"})
        game.apply({"type": "play", "side": "sparta", "counter": "C2", "number": 15, "use": ""})
        assert game.state.stack[-1] == {"kind": "window", "side": 0, "phase": "S15",
                                        "zone": ""}
        if answer == "play":
            game.apply({"type": "play", "side": "athens", "counter": "C8", "number": 14,
                        "use": ""})
        else:
            game.apply({"type": "pass", "side": "athens"})
        until(game, "move")
        arrived = game.state.ustat[W.unit_index["spa-p6-2"]] == 1
        assert arrived == (answer == "pass")


@pytest.mark.rule("2")
def test_the_flotilla_leaves_play_once_used_and_scores_a_point():
    game = start(seed=5)
    st = game.state
    st.cup = sorted(set(st.cup + st.hands[0] + st.hands[1]) - {"C2"})
    st.hands = [[], ["C2"]]
    game.apply({"type": "keep_advantage", "side": "sparta"})
    game.apply({"type": "play", "side": "sparta", "counter": "C2", "number": 3, "use": ""})
    assert game.state.removed == ["C2"] and game.state.flotilla
    assert game.view("athens")["vp"]["sparta"] == 12
