"""§4.1–4.2 Combat on the operational map: odds, the table's modifiers, results and the
retreat; with the Advantage's re-roll (chapter 9, cited as 8)."""

from __future__ import annotations

import pytest
from support.amphipolis_positions import start

from hellenes_nb.core.steps import push
from hellenes_nb.games.amphipolis.rules.combat import (
    column,
    modifiers,
    retreats,
    table,
    units_to_reduce,
)
from hellenes_nb.games.amphipolis.ruleset import AMPHIPOLIS
from hellenes_nb.games.amphipolis.world import load_world

W = load_world()


def idx(uid: str) -> int:
    return W.unit_index[uid]


@pytest.mark.rule("4.2")
def test_odds_are_rounded_in_the_defenders_favour():
    assert W.crt.columns[column(7, 4)] == "3 to 2"   # 1.75 to 1 reads as 3 to 2
    assert W.crt.columns[column(2, 3)] == "2 to 3"
    assert W.crt.columns[column(5, 8)] == "1 to 2"   # 0.625 is below 2-3
    assert W.crt.columns[column(1, 4)] == "1 to 3"   # 1 to 3 or less
    assert W.crt.columns[column(31, 3)] == "3 to 1"  # 3 to 1 or more


@pytest.mark.rule("4.2")
def test_the_table_reads_rows_beyond_its_ends_as_its_ends():
    assert table(6, 12) == ("R", "E", 0)
    assert table(0, -4) == ("E", "R", 1)
    assert table(3, 3) == ("1/4", "1/4", 1)


@pytest.mark.rule("4.2.1")
def test_fractions_reduce_units_rounded_for_the_owner_but_at_least_one():
    assert units_to_reduce("1/2", 3) == 1  # the rulebook's first example
    assert units_to_reduce("1/4", 2) == 1  # its second: the minimum of one
    assert units_to_reduce("3/4", 5) == 3


def empty():
    """A copy of the start of 10.2 with every unit taken off the maps."""
    st = start().state.clone()
    for i in range(len(st.uloc)):
        st.uloc[i], st.ustat[i] = None, 0
    return st


def _armies(st, zone, athens, sparta):
    for uid in athens + sparta:
        i = idx(uid)
        st.ustat[i], st.uloc[i] = 1, zone


@pytest.mark.rule("4.2")
def test_hoplites_against_light_troops_shift_two_columns_and_cavalry_defends():
    st = empty()
    _armies(st, "O1", ["ath-h6b-1", "ath-h6-1", "ath-p5b-1"], ["spa-c5-1", "chal-p6-1"])
    shift, drm, why = modifiers(st, "O1", 0, [])
    # b) +1 (a bonus hoplite only in the attack), c) -1 (cavalry defends), d) +1 (three types:
    # no, H and P only); column a) two to the right
    assert (shift, drm) == (2, 0), why
    shift, drm, _ = modifiers(st, "O1", 0, [[1, 5, -1]])  # S5 played by the defender
    assert drm == -1


@pytest.mark.rule("4.2")
def test_a_defence_of_bonus_hoplites_alone_takes_two_from_the_die():
    st = empty()
    _armies(st, "O1", ["thr-p5-1"], ["helot-h5b-1", "helot-h8b"])
    shift, drm, _ = modifiers(st, "O1", 0, [])
    assert (shift, drm) == (-1, -2)


@pytest.mark.rule("4.2.2")
def test_a_defeated_side_retreats_to_its_own_towns_or_a_rear_base_it_may_use():
    st = empty()
    _armies(st, "O1", ["ath-h6-1", "ath-h6-2"], ["pel-h7-1"])
    # Athens holds Sanè (O3) and Dion (O5); Thasos needs a trireme PF per land unit
    assert retreats(st, "O1", 0) == ["O3", "O5", "thrace"]
    _armies(st, "O1", ["ath-t10-1"], [])
    assert retreats(st, "O1", 0) == ["O3", "O5", "thasos", "thrace"]
    assert retreats(st, "O1", 1) == ["O2", "O4", "O6", "O7", "O8", "macedonia", "thrace"]


@pytest.mark.rule("9")
def test_the_advantage_cancels_a_combat_die_and_passes_to_the_other_side():
    st = empty()
    st.hands = [[], []]
    st.cup = [c.id for c in W.counters]
    _armies(st, "O1", ["ath-h6-1"], ["pel-h7-1"])
    st.stack = [{"kind": "over", "winner": -1, "how": "draw", "text": "", "vp": [0, 0]}]
    push(st, {"kind": "battle", "zone": "O1", "attacker": 0, "stage": "open", "mods": []})
    st.dice.force([1, 6])
    AMPHIPOLIS.steps.settle(st)
    assert st.stack[-1]["kind"] == "reroll" and st.stack[-1]["die"] == 1
    holder = ("athens", "sparta")[st.advantage]
    assert holder == "sparta"
    step = AMPHIPOLIS.steps
    step.carry_out(st, step.step_for(st.stack[-1]), st.stack[-1],
                   {"type": "reroll", "side": "sparta"})
    assert st.advantage == 0
    assert st.stack[-1]["kind"] == "reroll" and st.stack[-1]["die"] == 6
