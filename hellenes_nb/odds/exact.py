"""Exact battle odds: pick the solver that is fastest for the battle's size.

Both solvers walk the same Markov chain (see :mod:`hellenes_nb.odds.dp`): the pure-Python one
wins on small battles, where NumPy's per-call overhead dominates; the NumPy one
(:mod:`hellenes_nb.odds.fast`) on large ones. Exact fractions always use the pure-Python one.
"""

from __future__ import annotations

from functools import lru_cache

from hellenes_nb.odds.battle import BattleSpec, Moment, check_moment
from hellenes_nb.odds.dp import python_odds
from hellenes_nb.odds.fast import clear_tables, compiled_sweep, fast_odds, joint_states
from hellenes_nb.odds.result import Odds
from hellenes_nb.odds.sides import Side

#: Below this many joint configurations (:func:`state_count`) the pure-Python solver is faster
#: than the NumPy sweep, and below this many of the compiled sweep's joint states
#: (:func:`~hellenes_nb.odds.fast.joint_states`) faster than the compiled one (measured on the
#: 2-core VM).
PYTHON_BELOW = 600
PYTHON_BELOW_COMPILED = 30


def side_configurations(side: Side, root: tuple[int, ...] | None = None) -> int:
    """How many states one side can pass through, from ``root`` (default: its opening state),
    while it still has an unrouted block."""
    root = side.start if root is None else root
    seen = {root}
    stack = [root]
    while stack:
        codes = stack.pop()
        for after in (side.hit(codes, 1), side.rout(codes, 1)):
            if Side.standing(after) and after not in seen:
                seen.add(after)
                stack.append(after)
    return len(seen)


def state_count(spec: BattleSpec, moment: Moment | None = None) -> int:
    """Joint configurations the exact DP may visit (the product of both sides' counts)."""
    roots = (None, None) if moment is None else moment[:2]
    return side_configurations(Side(spec.attacker), roots[0]) * side_configurations(
        Side(spec.defender), roots[1]
    )


def exact_odds(spec: BattleSpec, exact: bool = False, moment: Moment | None = None) -> Odds:
    """Exact outcome distribution of ``spec``, in floats, or in :class:`fractions.Fraction`
    with ``exact=True`` (slower; meant for tests and small battles). Float results are
    memoised by (spec, moment) and shared between callers: treat them as read-only.

    With ``moment``, the odds from that point of a battle in progress (for example after each
    unit attack of a battle shown step by step); losses still count from the opening cv."""
    if moment is not None:
        check_moment(spec, moment)
    if exact:
        return python_odds(spec, exact, moment)
    return _float_odds(spec, moment)


@lru_cache(maxsize=256)
def _float_odds(spec: BattleSpec, moment: Moment | None) -> Odds:
    """Float odds, memoised by (spec, moment): a notebook asks for the same battle again and
    again (charts, widgets redrawn). The result is shared: treat it as read-only."""
    if compiled_sweep() is None:
        small = state_count(spec, moment) < PYTHON_BELOW
    else:  # counted on the compiled sweep's own (memoised) tables: no extra walk
        small = joint_states(spec, moment) < PYTHON_BELOW_COMPILED
    if small:
        return python_odds(spec, False, moment)
    return fast_odds(spec, moment)


def clear_cache() -> None:
    """Forget memoised float odds and tables (for benchmarks that time a cold computation)."""
    _float_odds.cache_clear()
    clear_tables()
