"""The compiled sweep's reused buffers: every sweep must hand them back all zeros, so that the
next battle starts from a clean slate; a failed or concurrent sweep never shares one."""

from __future__ import annotations

import numpy as np
import pytest

from hellenes_nb.games.hellenes.odds import RetreatPolicy, make_battle
from hellenes_nb.games.hellenes.odds.dp import python_odds
from hellenes_nb.games.hellenes.odds.fast import fast_odds
from hellenes_nb.games.hellenes.odds.scratch import FLOW, FOUND, STARTS, Scratch
from hellenes_nb.games.hellenes.odds.statetables import compiled_sweep

needs_numba = pytest.mark.skipif(compiled_sweep() is None, reason="numba not installed")

BATTLES = [
    make_battle("B2:3,A1:2,cav:A2:2", "C2:3,A1:2,B1:2"),
    make_battle("B2:3,A1:2", "C2:3,cav:A1:2", landing=True),
    make_battle("B2:3,A1:2", "C2:3,A1:2", attacker_retreat=RetreatPolicy(at_losses=2)),
    make_battle("B3:3,C2:4,A1:2", "C2:3,garrison", assault=True),
    make_battle("fleet:E1:3+B2:2,F1:2", "E1:2,E1:2", sea=True, narrows=True),
]


@needs_numba
@pytest.mark.rule("6.2")
def test_buffers_come_back_clean_and_reuse_changes_nothing():
    for spec in BATTLES:
        odds = fast_odds(spec, compiled=True)
        for scratch in (FLOW, STARTS, *FOUND):  # the ended battles too, cargo or not
            assert len(scratch.buffer) and not scratch.buffer.any()
            assert not scratch.lock.locked()
        slow = python_odds(spec)
        for key in set(slow.outcomes) | set(odds.outcomes):
            assert abs(slow.outcomes.get(key, 0) - odds.outcomes.get(key, 0)) < 1e-12


def test_a_failed_sweep_drops_its_buffer():
    scratch = Scratch()
    view = scratch.lend((3, 4))
    view[1, 2] = 0.5  # left dirty, as a sweep that stopped early would
    scratch.give_back(view, clean=False)
    assert not scratch.lock.locked()
    assert not scratch.lend((3, 4)).any()


def test_a_second_borrower_gets_its_own_buffer():
    scratch = Scratch()
    first = scratch.lend((2, 5))
    second = scratch.lend((2, 5))
    assert not np.shares_memory(first, second)
    second[0, 0] = 1.0
    scratch.give_back(second, clean=False)  # not the pooled one: ignored
    assert scratch.lock.locked() and not first.any()
    scratch.give_back(first, clean=True)
    assert not scratch.lock.locked()
    assert np.shares_memory(scratch.lend((2, 5)), first)
