"""§4.3 Sieges and §6 attrition: the rulebook's worked examples, dice given."""

from __future__ import annotations

import pytest

from hellenes_nb.games.amphipolis.rules.attrition import units_hit
from hellenes_nb.games.amphipolis.rules.sieges import succeeds


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
