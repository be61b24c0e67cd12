"""Invariants of the combat phase on random small positions (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.hellenes_battle_positions import P, decide, engage, legal, new_state, put

from hellenes_nb.games.hellenes.rules.control import disputed
from hellenes_nb.games.hellenes.state import POOL
from hellenes_nb.games.hellenes.steps import STEPS

ATH_LAND = ["A1", "A2", "A7", "A8", "A29"]
ATH_FLEET = ["A12", "A13", "A14"]
SPA_LAND = ["S1", "S26", "S28", "S29", "S8"]
SPA_FLEET = ["S9", "S20", "S21"]


@st.composite
def positions(draw):
    """A battle in Boeotia (by land) or in the Saronic Gulf (by sea), random forces and
    dice, and a random sequence of choices."""
    sea = draw(st.booleans())
    att_pool, def_pool = (ATH_FLEET, SPA_FLEET) if sea else (ATH_LAND, SPA_LAND)
    att = draw(st.lists(st.sampled_from(att_pool), min_size=1, max_size=3, unique=True))
    dfd = draw(st.lists(st.sampled_from(def_pool), min_size=1, max_size=3, unique=True))
    cvs = draw(st.lists(st.integers(1, 4), min_size=6, max_size=6))
    seed = draw(st.integers(0, 2**32))
    picks = draw(st.lists(st.integers(0, 50), min_size=80, max_size=80))
    return sea, att, dfd, cvs, seed, picks


@pytest.mark.rule("6.4")
@settings(max_examples=60, deadline=None)
@given(positions())
def test_6_4_after_any_battle_units_are_whole_and_never_retreat_into_enemies(pos):
    sea, att, dfd, cvs, seed, picks = pos
    s = new_state(active=0, seed=seed)
    ix = s.ix
    place, came = ("saronic_gulf", "andros_sea") if sea else ("boeotia", "attica")
    for i, k in enumerate(att):
        put(s, k, place, min(cvs[i], ix.max_cv[ix.unit(k)]))
    for i, k in enumerate(dfd):
        put(s, k, place, min(cvs[3 + i], ix.max_cv[ix.unit(k)]))
    put(s, "A3", "megaris", 2)  # an Athenian unit next door: Sparta may not retreat there
    engage(s, att, place, came, "sea" if sea else "land")
    s.stack.append({"kind": "combat_phase", "side": 0})
    STEPS.settle(s)
    for n in picks:
        choices = legal(s)
        if not choices:
            break
        decide(s, choices[n % len(choices)])
    while legal(s):
        decide(s, legal(s)[0])
    assert not s.stack
    for u in range(120):
        if s.loc[u] >= 0:
            assert 1 <= s.cv[u] <= ix.max_cv[u]
        elif s.loc[u] == POOL:
            assert s.cv[u] == 0
    ath = {s.loc[u] for u in range(60) if s.loc[u] >= 0}
    spa = {s.loc[u] for u in range(60, 120) if s.loc[u] >= 0}
    for u in range(120):
        q = s.loc[u]
        if s.retreated[u] and q >= 0 and q != P(place):
            enemy = spa if u < 60 else ath
            assert q not in enemy, f"{ix.unit_key[u]} retreated into enemy-held {q}"
    assert disputed(s) == []  # every battle was fought to its end
