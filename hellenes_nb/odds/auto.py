"""Pick the method for a battle: exact DP when its state space is small enough, else NumPy
Monte Carlo (the fallback documented in ``docs/odds.md``)."""

from __future__ import annotations

from hellenes_nb.odds.battle import BattleSpec
from hellenes_nb.odds.exact import exact_odds, state_count
from hellenes_nb.odds.fast import compiled_fits, compiled_sweep
from hellenes_nb.odds.montecarlo import sample_odds
from hellenes_nb.odds.result import Odds

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
    :func:`~hellenes_nb.odds.fast.compiled_fits`)."""
    return MAX_EXACT_STATES if compiled_sweep() is None else MAX_EXACT_STATES_COMPILED


METHODS = ("auto", "exact", "monte-carlo")


def battle_odds(
    spec: BattleSpec, method: str = "auto", samples: int = 40_000, seed: int | None = 0
) -> Odds:
    """Odds of ``spec`` by ``method``: ``exact``, ``monte-carlo`` (NumPy, ``samples`` battles)
    or ``auto`` (exact unless :func:`state_count` exceeds :func:`exact_limit`)."""
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}: choose one of {', '.join(METHODS)}")
    if method == "exact":
        return exact_odds(spec)
    if method == "auto":
        count = state_count(spec)
        if count <= MAX_EXACT_STATES or (count <= exact_limit() and compiled_fits(spec)):
            return exact_odds(spec)
    return sample_odds(spec, samples, seed)
