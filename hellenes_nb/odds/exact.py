"""Exact battle odds: pick the solver that is fastest for the battle's size.

Both solvers walk the same Markov chain (see :mod:`hellenes_nb.odds.dp`): the pure-Python one
wins on small battles, where NumPy's per-call overhead dominates; the NumPy one
(:mod:`hellenes_nb.odds.fast`) on large ones. Exact fractions always use the pure-Python one.
"""

from __future__ import annotations

from hellenes_nb.odds.battle import BattleSpec
from hellenes_nb.odds.dp import python_odds
from hellenes_nb.odds.fast import fast_odds
from hellenes_nb.odds.result import Odds
from hellenes_nb.odds.sides import Side

#: Below this many joint configurations the pure-Python solver is the faster one (measured).
PYTHON_BELOW = 600


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


def exact_odds(spec: BattleSpec, exact: bool = False) -> Odds:
    """Exact outcome distribution of ``spec``, in floats, or in :class:`fractions.Fraction`
    with ``exact=True`` (slower; meant for tests and small battles)."""
    if exact or state_count(spec) < PYTHON_BELOW:
        return python_odds(spec, exact)
    return fast_odds(spec)
