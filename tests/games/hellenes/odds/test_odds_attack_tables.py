"""The compiled sweep's attack tables (built by ``kernel.attack_tables``) hold exactly the
entries of the NumPy ``attack_table`` (§6.31–6.33): same states left, same order, same sums."""

from __future__ import annotations

import numpy as np
import pytest

from hellenes_nb.games.hellenes.odds import make_battle
from hellenes_nb.games.hellenes.odds.statetables import (
    compiled_sweep,
    fire_stack,
    mergeable,
    side_table,
    slot_attacks,
)

needs_numba = pytest.mark.skipif(compiled_sweep() is None, reason="numba not installed")

BATTLES = [
    make_battle("B2:3,A1:2,C2:3,B1:2,cav:A2:2,D1:2", "C2:3,A1:2,B2:2,B1:3,C2:2,cav:A1:2"),
    make_battle("B3:4,C2:4,A1:2", "C2:3,garrison", assault=True),  # double defense, no routs
    make_battle("fleet:E1:3+B2:2,F1:2", "E1:2,E1:2", sea=True, narrows=True),  # cargo
    make_battle("A3:1", "D1:4,C3:2,B2:1", landing=True),
]


@needs_numba
@pytest.mark.rule("6.33")
@pytest.mark.parametrize("spec", BATTLES, ids=range(len(BATTLES)))
def test_6_33_compiled_attack_tables_match_the_numpy_ones(spec):
    forces = tuple(spec.forces)
    roots = tuple(tuple(4 * b.cv for b in force) for force in forces)
    merge = mergeable(spec)
    which, aft, chn = fire_stack(forces, roots, merge)
    numpy_tables = slot_attacks(forces, roots, merge)
    assert aft.flags.c_contiguous and chn.flags.c_contiguous
    for (side, i), (afters, chances) in numpy_tables.items():
        foe = side_table(forces[1 - side], roots[1 - side], merge)
        coded = np.where(foe.standing[afters], afters, -1 - foe.desc[afters])
        cvs, states, width = afters.shape
        table = which[(side, i)]
        live = chances > 0
        assert np.array_equal(aft[table, :cvs, :states, :width][live], coded[live])
        assert np.array_equal(chn[table, :cvs, :states, :width], chances)  # bit for bit
        assert not chn[table, :cvs, :states, width:].any()  # nothing beyond the NumPy width
