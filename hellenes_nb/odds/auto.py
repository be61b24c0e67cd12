"""Pick the method for a battle: exact DP when its state space is small enough, else NumPy
Monte Carlo (the fallback documented in ``docs/odds.md``)."""

from __future__ import annotations

from hellenes_nb.odds.battle import BattleSpec
from hellenes_nb.odds.exact import exact_odds
from hellenes_nb.odds.montecarlo import sample_odds
from hellenes_nb.odds.result import Odds
from hellenes_nb.odds.sides import Side

#: Above this many joint (attacker × defender) configurations the exact DP takes over a second in
#: pure Python (about 0.7 s at 18,500), so ``method="auto"`` samples instead.
MAX_EXACT_STATES = 20_000

METHODS = ("auto", "exact", "monte-carlo")


def side_configurations(side: Side) -> int:
    """How many states one side can pass through while it still has an unrouted block."""
    seen = {side.start}
    stack = [side.start]
    while stack:
        codes = stack.pop()
        for after in (side.hit(codes, 1), side.rout(codes, 1)):
            if Side.standing(after) and after not in seen:
                seen.add(after)
                stack.append(after)
    return len(seen)


def state_count(spec: BattleSpec) -> int:
    """Joint configurations the exact DP may visit (the product of both sides' counts)."""
    return side_configurations(Side(spec.attacker)) * side_configurations(Side(spec.defender))


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
