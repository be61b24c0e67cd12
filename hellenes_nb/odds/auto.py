"""Pick the method for a battle: exact DP when its state space is small enough, else NumPy
Monte Carlo (the fallback documented in ``docs/odds.md``)."""

from __future__ import annotations

from hellenes_nb.odds.battle import BattleSpec
from hellenes_nb.odds.exact import exact_odds, state_count
from hellenes_nb.odds.montecarlo import sample_odds
from hellenes_nb.odds.result import Odds

#: Above this many joint (attacker × defender) configurations the exact DP takes more than about
#: a second (0.8–1.7 s at 180,000 on the 2-core VM), so ``method="auto"`` samples instead.
MAX_EXACT_STATES = 200_000

METHODS = ("auto", "exact", "monte-carlo")


def battle_odds(
    spec: BattleSpec, method: str = "auto", samples: int = 40_000, seed: int | None = 0
) -> Odds:
    """Odds of ``spec`` by ``method``: ``exact``, ``monte-carlo`` (NumPy, ``samples`` battles)
    or ``auto`` (exact unless :func:`state_count` exceeds :data:`MAX_EXACT_STATES`)."""
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}: choose one of {', '.join(METHODS)}")
    if method == "exact" or (method == "auto" and state_count(spec) <= MAX_EXACT_STATES):
        return exact_odds(spec)
    return sample_odds(spec, samples, seed)
