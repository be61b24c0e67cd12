"""Pick the method for a battle: exact DP when its state space is small enough, else NumPy
Monte Carlo with its sampling error stated (the fallback documented in ``docs/odds.md``)."""

from __future__ import annotations

from dataclasses import replace

from hellenes_nb.core.echo import shown
from hellenes_nb.games.hellenes.odds.battle import BattleSpec
from hellenes_nb.games.hellenes.odds.exact import exact_odds
from hellenes_nb.games.hellenes.odds.montecarlo import check_samples, sample_odds
from hellenes_nb.games.hellenes.odds.result import Odds
from hellenes_nb.games.hellenes.odds.size import TooBigError, joint_size
from hellenes_nb.games.hellenes.odds.statetables import compiled_fits, compiled_sweep

#: Without numba, above this many joint (attacker × defender) configurations the exact DP's
#: NumPy sweep takes more than about a second on the 2-core VM, so ``method="auto"`` samples.
MAX_EXACT_STATES = 200_000

#: With numba (the compiled sweep) the same second buys far more: 6 against 6 blocks at full
#: strength (3.8 million configurations) take about 0.2 s.
MAX_EXACT_STATES_COMPILED = 8_000_000


def exact_limit() -> int:
    """The most joint configurations ``method="auto"`` solves exactly: see
    :data:`MAX_EXACT_STATES` and :data:`MAX_EXACT_STATES_COMPILED` (above the first, only
    battles whose compiled sweep fits in memory, see
    :func:`~.fast.compiled_fits`)."""
    return MAX_EXACT_STATES if compiled_sweep() is None else MAX_EXACT_STATES_COMPILED


METHODS = ("auto", "exact", "monte-carlo")

#: Battles sampled when no number is given: every probability within ±0.5 % (95 %)...
DEFAULT_SAMPLES = 40_000
#: ... unless that is more than this many battles × blocks (a battle of more than 50 blocks
#: in all), which keeps the answer within a few seconds: 60 against 60 blocks get 16,666.
DEFAULT_WORK = 2_000_000


def _exact_is_quick(spec: BattleSpec) -> bool:
    """Whether ``auto`` solves ``spec`` exactly: its joint configurations, counted at a
    bounded cost (:func:`~.size.joint_size`), are within the limits."""
    count = joint_size(spec, exact_limit())
    if count is None:
        return False
    try:
        return count <= MAX_EXACT_STATES or compiled_fits(spec)
    except TooBigError:  # a side too big to number for the compiled sweep
        return False


def battle_odds(
    spec: BattleSpec, method: str = "auto", samples: int | None = None, seed: int | None = 0
) -> Odds:
    """Odds of ``spec`` by ``method``: ``exact`` (TooBigError for a battle it cannot solve
    within seconds), ``monte-carlo`` (NumPy, ``samples`` battles; by default
    :data:`DEFAULT_SAMPLES`, fewer for big battles, see :data:`DEFAULT_WORK`) or ``auto``
    (exact when :func:`_exact_is_quick`, else sampled, with a ``note`` saying why)."""
    if method not in METHODS:
        raise ValueError(f"unknown method {shown(method)}: choose one of {', '.join(METHODS)}")
    blocks = len(spec.attacker) + len(spec.defender)
    if samples is None:
        samples = min(DEFAULT_SAMPLES, DEFAULT_WORK // blocks)
    check_samples(samples, "samples")
    if method == "exact":
        return exact_odds(spec)
    note = ""
    if method == "auto":
        if _exact_is_quick(spec):
            return exact_odds(spec)
        note = (f"sampled: the exact method would walk more than {exact_limit():,} joint "
                "configurations of the two sides")
    check_samples(samples, "samples", blocks)
    return replace(sample_odds(spec, samples, seed), note=note)
