"""§4.3 Sieges and §6 attrition: the rulebook's worked examples, dice given."""

from __future__ import annotations

import pytest
from support.amphipolis_positions import start

from hellenes_nb.core.game import Game
from hellenes_nb.core.steps import strip_label
from hellenes_nb.games.amphipolis.rules.attrition import units_hit
from hellenes_nb.games.amphipolis.rules.sieges import succeeds
from hellenes_nb.games.amphipolis.ruleset import AMPHIPOLIS
from hellenes_nb.games.amphipolis.world import load_world

W = load_world()


@pytest.mark.rule("4.3.1")
def test_clearidas_needs_five_or_six_for_diplomacy_at_torone():
    assert succeeds("diplomacy", 5, 6, 4, 5, 1)[0]
    assert not succeeds("diplomacy", 4, 6, 4, 5, 1)[0]
    assert succeeds("diplomacy", 3, 6, 4, 5, 1, strategem=19)[0]  # S19: +2


@pytest.mark.rule("4.3.2")
def test_brasidas_at_two_to_one_needs_three_or_less_for_an_assault():
    # odds 2 to 1 (8 PF against Toronè's 4), Brasidas takes 1 from the die
    assert succeeds("assault", 3, 6, 4, 8, 3)[0]
    assert not succeeds("assault", 4, 6, 4, 8, 3)[0]
    assert not succeeds("assault", 3, 6, 4, 8, 0)[0]  # no bonus, no help
    assert succeeds("assault", 4, 6, 4, 8, 3, strategem=20)[0]  # S20: one more


@pytest.mark.rule("4.3.3")
def test_a_blockade_of_sane_needs_a_six():
    assert not succeeds("blockade", 5, 5, 3, 7, 0)[0]
    assert succeeds("blockade", 6, 5, 3, 7, 0)[0]
    assert succeeds("blockade", 5, 3, 2, 7, 0)[0]  # VA 3 or 4: five will do
    assert succeeds("blockade", 5, 5, 3, 7, 0, strategem=20)[0]


@pytest.mark.rule("6")
def test_attrition_reduces_one_unit_on_five_half_on_six_all_above():
    assert units_hit(4, 6) == 0
    assert units_hit(5, 6) == 1
    assert units_hit(6, 5) == 2
    assert units_hit(7, 3) == 3


def _position(frame: dict, athens: list[str], zone: str, leaders: tuple[str, ...] = ()):
    """A game whose next step is ``frame``, with only ``athens``' units (and leaders) on the
    maps, in ``zone``; nobody holds a strategem, Sparta holds the Advantage."""
    st = start().state.clone()
    for i in range(len(st.uloc)):
        st.uloc[i], st.ustat[i] = None, 0
    for k in range(len(st.lloc)):
        st.lloc[k], st.lstat[k] = None, 0
    for uid in athens:
        i = W.unit_index[uid]
        st.uloc[i], st.ustat[i] = zone, 1
    for lid in leaders:
        k = W.leader_index[lid]
        st.lloc[k], st.lstat[k] = zone, 1
    st.cup, st.hands = sorted(st.cup + st.hands[0] + st.hands[1]), [[], []]
    st.stack = [{"kind": "over", "winner": -1, "how": "draw", "text": "", "vp": [0, 0]},
                frame]
    return st


@pytest.mark.rule("4.3.2")
def test_an_assault_that_succeeds_turns_the_garrison():
    st = _position({"kind": "siege", "side": 0, "done": []},
                   ["ath-h6-1", "ath-h6-2", "ath-h6-3"], "O4", ("nicias",))
    st.dice.force([4])
    game = Game(AMPHIPOLIS, st, 1)
    assert {"type": "siege", "side": "athens", "zone": "O4", "how": "assault"} in [
        strip_label(a) for a in game.legal_actions("athens")]
    # 18 PF against Toronè's 4: odds 4 to 1; Nicias' bonus takes 1 from the die: 4 - 1 <= 4
    game.apply({"type": "siege", "side": "athens", "zone": "O4", "how": "assault"})
    game.apply({"type": "accept_roll", "side": "sparta"})
    assert game.state.garrison["O4"] == 0
    assert "goes over" in game.log_for("sparta")[-1]["text"]


@pytest.mark.rule("6")
def test_attrition_in_an_armistice_turn_reduces_one_unit_on_a_six():
    st = _position({"kind": "attrition", "side": 0, "zones": ["O1"], "stage": "next"},
                   ["ath-h6-1", "ath-h6-2", "ath-p5b-1", "thr-p5-1"], "O1")
    st.dice.force([6])
    game = Game(AMPHIPOLIS, st, 1)
    game.apply({"type": "accept_roll", "side": "sparta"})
    # 6 - 1 (armistice) = 5: one unit (not half of the four), the owner's choice
    assert game.prompt.side == "athens"
    game.apply({"type": "reduce", "side": "athens", "unit": "thr-p5-1"})
    assert [game.state.ured[W.unit_index[u]] for u in ("ath-h6-1", "ath-h6-2", "ath-p5b-1",
                                                       "thr-p5-1")] == [False] * 3 + [True]
    assert game.over
