"""Big forces (docs/odds.md, "Limits"): the size of the exact method's work is found at a
bounded cost, too-big battles are sampled with their error stated (or refused for the exact
method), inputs are capped with a message naming the limit, and the Monte Carlo sampler hits
and routs the right block for any number of blocks (§6.32-6.33)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellenes_nb.games.hellenes.odds import (
    Block,
    ForcesError,
    RetreatPolicy,
    battle_odds,
    exact_odds,
    make_battle,
    sample_odds,
    sample_odds_python,
    state_count,
)
from hellenes_nb.games.hellenes.odds.battle import MAX_RETREAT_ROUNDS, BattleSpec
from hellenes_nb.games.hellenes.odds.exact import MAX_FRACTION_STATES
from hellenes_nb.games.hellenes.odds.forces import MAX_BLOCKS
from hellenes_nb.games.hellenes.odds.montecarlo import MAX_SAMPLE_WORK, MAX_SAMPLES, BattleArrays
from hellenes_nb.games.hellenes.odds.sides import ROUTED, STEP, Side
from hellenes_nb.games.hellenes.odds.size import TooBigError, joint_size


def force(*tokens: str, times: int = 1) -> str:
    return ",".join(list(tokens) * times)


# -- the Monte Carlo tie-break (§6.32-6.33) ---------------------------------------------------
def _codes_from(arr: BattleArrays, row: int, side: int) -> tuple[int, ...]:
    cols = arr.cols[side]
    return tuple(int(c) * STEP + ROUTED * bool(r) if c else 0
                 for c, r in zip(arr.cv[row, cols], arr.routed[row, cols], strict=True))


def _arrays_at(spec: BattleSpec, side: int, codes: tuple[int, ...]) -> BattleArrays:
    """One battle of ``spec`` whose ``side`` stands at ``codes`` (scores recomputed)."""
    arr = BattleArrays(spec, 1, np.random.default_rng(0))
    cols = arr.cols[side]
    arr.cv[0, cols] = [c >> 2 for c in codes]
    arr.routed[0, cols] = [bool(c & ROUTED) for c in codes]
    arr.able_n[0, side] = sum(1 for c in codes if c >= STEP and not c & ROUTED)
    arr.rekey(np.zeros(len(cols), dtype=np.int64), cols)
    return arr


SIDES = st.lists(st.tuples(st.integers(1, 4), st.integers(0, 4), st.booleans()),
                 min_size=25, max_size=MAX_BLOCKS)


@settings(max_examples=60, deadline=None)
@given(blocks=SIDES, hits=st.integers(1, 4), routs=st.integers(0, 4))
def test_6_32_6_33_sampled_hits_and_routs_go_where_the_rules_say_with_many_blocks(
        blocks, hits, routs):
    """The sampler's score (cv, then the order written) went wrong past 16 blocks a side:
    a weaker block written far down took the hit, and past 31 blocks a hit found no target."""
    start = tuple(Block("C", 2, cv) for cv, _, _ in blocks)
    codes = tuple(min(now, cv) * STEP + (ROUTED if routed and now else 0)
                  for cv, now, routed in blocks)
    spec = BattleSpec((Block("A", 1, 1),), start)
    arr = _arrays_at(spec, 1, codes)
    arr.hit(np.array([0]), 1, np.array([hits]), routed_too=False)
    arr.rout(np.array([0]), 1, np.array([routs]))
    side = Side(start)
    assert _codes_from(arr, 0, 1) == side.rout(side.hit(codes, hits), routs)
    assert bool(arr.standing(np.array([0]), 1)[0]) == Side.standing(_codes_from(arr, 0, 1))


def _agree_with_the_python_loop(spec: BattleSpec, fast_n: int, slow_n: int) -> None:
    """The NumPy sampler's mean steps lost per side is within five standard errors of the
    plain-Python sampler's, which follows the rules block by block (``Side``)."""
    fast, slow = sample_odds(spec, fast_n, seed=5), sample_odds_python(spec, slow_n, seed=5)
    for s, name in enumerate(("attacker", "defender")):
        dist = fast.steps_lost_distribution(s)
        mean = sum(k * p for k, p in enumerate(dist))
        var = sum(k * k * p for k, p in enumerate(dist)) - mean * mean
        se = math.sqrt(var / fast_n + var / slow_n)
        assert abs(mean - slow.expected_steps_lost()[name]) < 5 * se, name


@pytest.mark.rule("6.32")
def test_6_32_forty_blocks_a_side_sample_like_the_plain_python_loop():
    """Twenty 1 cv blocks written before twenty 2 cv blocks: hits must go to the 2 cv blocks
    first. The NumPy sampler lost about 3.6 steps fewer per battle (26.2 against 29.8) when
    its score sent them to the 1 cv blocks written first."""
    side = tuple([Block("D", 1, 1)] * 20 + [Block("D", 1, 2)] * 20)
    _agree_with_the_python_loop(BattleSpec(side, side), 4000, 2000)


@pytest.mark.rule("6.32")
def test_6_32_sixty_blocks_a_side_sample_like_the_plain_python_loop():
    """Sixty 1 cv blocks: past the 31st no block took a hit (its score was below zero), so
    battles lasted 8.4 rounds instead of 4.7 and the aggressor lost 16 steps instead of 30."""
    side = tuple([Block("D", 1, 1)] * MAX_BLOCKS)
    _agree_with_the_python_loop(BattleSpec(side, side), 2000, 600)


# -- Monte Carlo agrees with exact within the stated error ------------------------------------
TOKENS = st.sampled_from(["A1", "B2", "C2", "C3", "D1", "cav:A1", "cav:B2"])
SMALL = st.lists(st.tuples(TOKENS, st.integers(1, 4)), min_size=1, max_size=3)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(attacker=SMALL, defender=SMALL, seed=st.integers(0, 1000))
def test_sampled_odds_agree_with_exact_odds_within_their_stated_error(attacker, defender, seed):
    """Every probability of the outcome table, sampled, is within twice its stated 95 %
    margin of the exact value (twice: about four standard errors, so chance alone fails one
    comparison in some 15,000)."""
    spec = make_battle(",".join(f"{t}:{cv}" for t, cv in attacker),
                       ",".join(f"{t}:{cv}" for t, cv in defender))
    exact, sampled = exact_odds(spec), sample_odds(spec, 8000, seed)
    wanted, got = exact.by_how(), sampled.by_how()
    for key, p in got.items():
        assert abs(p - wanted[key]) <= 2 * sampled.margin(p), key
    assert abs(sampled.attacker_wins - exact.attacker_wins) <= 2 * sampled.margin(
        sampled.attacker_wins)


def test_the_stated_margin_is_sound_near_certainty():
    odds = sample_odds(make_battle(force("B2:4", times=6), "D1:1"), 10_000, seed=0)
    assert odds.attacker_wins == pytest.approx(1.0)
    low, high = odds.interval(1.0)
    assert high == pytest.approx(1.0) and 0.999 < low < 1.0 and odds.margin(1.0) > 0


# -- size, the automatic choice and refusals --------------------------------------------------
def test_the_bounded_count_agrees_with_the_full_count_below_the_limit():
    spec = make_battle("B2:4,A1:2,C2:4,B1:3", "C2:4,A1:2,B2:3,B1:4")
    count = state_count(spec)
    assert joint_size(spec, count) == count
    assert joint_size(spec, count - 1) is None


@pytest.mark.parametrize("blocks", [12, 30, MAX_BLOCKS])
def test_a_big_battle_is_found_too_big_without_counting_it_all(blocks):
    spec = make_battle(force("B2:4", times=blocks), force("C2:4", times=blocks))
    assert joint_size(spec, 8_000_000) is None
    with pytest.raises(TooBigError, match="too many states to count"):
        state_count(spec)


def test_auto_samples_a_big_battle_and_says_why():
    odds = battle_odds(make_battle(force("B2:4", times=30), force("C2:4", times=30)),
                       samples=2_000)
    assert odds.samples == 2_000 and "exact method would walk more than" in odds.note
    data = odds.to_dict()
    assert data["error"]["confidence"] == 0.95
    assert data["error"]["margin"] == pytest.approx(odds.margin())
    assert exact_odds(make_battle("A1:1", "A1:1")).to_dict()["error"] is None


def test_the_exact_method_refuses_twelve_against_twelve_with_a_reason():
    spec = make_battle(force("B2:4", times=12), force("C2:4", times=12))
    with pytest.raises(TooBigError, match="too big for the exact method.*'monte-carlo'"):
        battle_odds(spec, "exact")


def test_fractions_refuse_big_battles():
    spec = make_battle(force("B2:4", times=4), force("C2:4", times=4))
    assert state_count(spec) > MAX_FRACTION_STATES
    with pytest.raises(TooBigError, match="fractions stop at"):
        exact_odds(spec, exact=True)


# -- capped inputs ----------------------------------------------------------------------------
def test_at_most_sixty_blocks_a_side():
    make_battle(force("B2:1", times=MAX_BLOCKS), "C2:1")
    with pytest.raises(ForcesError, match="70 blocks: a side brings at most 60"):
        make_battle(force("B2:1", times=70), "C2:1")
    with pytest.raises(ForcesError, match="500 blocks"):
        make_battle("C2:1", (Block("B", 2, 1),) * 500)


@pytest.mark.parametrize("block", [Block("B", 2, 10**9), Block("B", 7, 2), Block("Q", 2, 2),
                                   Block("B", 2, 2, carried=2), Block("B", 2, True)])
def test_blocks_made_in_python_are_checked_too(block):
    with pytest.raises(ForcesError, match="not a block the rules allow"):
        make_battle((block,), "C2:1")


def test_sample_counts_are_capped_naming_the_limit():
    spec = make_battle("A1:1", "A1:1")
    for n in (0, MAX_SAMPLES + 1, 10**12, 2.5, True):
        with pytest.raises(ValueError, match=f"at most {MAX_SAMPLES:,}"):
            sample_odds(spec, n)
    big = make_battle(force("B2:4", times=60), force("C2:4", times=60))
    with pytest.raises(ValueError, match="too much work"):
        battle_odds(big, "monte-carlo", MAX_SAMPLE_WORK // 120 + 1)


def test_retreat_rounds_are_capped():
    RetreatPolicy(after_rounds=MAX_RETREAT_ROUNDS)
    for bad in (MAX_RETREAT_ROUNDS + 1, 10**9, -1, "3", 1.5):
        with pytest.raises(ValueError, match="after_rounds must be a whole number"):
            RetreatPolicy(after_rounds=bad)
    with pytest.raises(ValueError, match="at_losses must be a whole number"):
        RetreatPolicy(at_losses="2")


def test_a_long_token_is_not_echoed_whole():
    with pytest.raises(ForcesError) as err:
        make_battle("B2:" + "9" * 100_000, "C2:1")
    assert len(str(err.value)) < 400
    with pytest.raises(ForcesError, match="bad cv"):
        make_battle("B2:²", "C2:1")
