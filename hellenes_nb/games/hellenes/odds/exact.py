"""Exact battle odds: pick the solver that is fastest for the battle's size.

Both solvers walk the same Markov chain (see :mod:`.dp`): the pure-Python one
wins on small battles, where NumPy's per-call overhead dominates; the NumPy one
(:mod:`.fast`) on large ones. Exact fractions always use the pure-Python one.
"""

from __future__ import annotations

from functools import lru_cache

from hellenes_nb.games.hellenes.odds.battle import BattleSpec, Moment, check_moment
from hellenes_nb.games.hellenes.odds.dp import python_odds
from hellenes_nb.games.hellenes.odds.fast import fast_odds
from hellenes_nb.games.hellenes.odds.result import Odds
from hellenes_nb.games.hellenes.odds.sides import Side
from hellenes_nb.games.hellenes.odds.size import COUNT_WORK, TooBigError, count_side, joint_size
from hellenes_nb.games.hellenes.odds.statetables import (
    clear_tables,
    compiled_fits,
    compiled_sweep,
    joint_states,
)

#: Below this many joint configurations (:func:`state_count`) the pure-Python solver is faster
#: than the NumPy sweep, and below this many of the compiled sweep's joint states
#: (:func:`~.fast.joint_states`) faster than the compiled one (measured on the
#: 2-core VM).
PYTHON_BELOW = 600
PYTHON_BELOW_COMPILED = 30

#: The most joint states (after merging, :func:`~.fast.joint_states`) the
#: exact method walks with the NumPy sweep, when the compiled one is missing or does not fit:
#: about 4 s on the 2-core VM (7 against 6 blocks at full strength, 173,229 states, take 7 s).
MAX_SWEEP_STATES = 120_000
#: The most joint configurations solved in exact fractions (``exact=True``).
MAX_FRACTION_STATES = 50_000


def side_configurations(side: Side, root: tuple[int, ...] | None = None) -> int:
    """How many states one side can pass through, from ``root`` (default: its opening state),
    while it still has an unrouted block. TooBigError when they are too many to count
    (:data:`~.size.COUNT_WORK`; :func:`~.size.joint_size`
    answers "more than a limit" instead)."""
    found = count_side(side, side.start if root is None else root, COUNT_WORK)
    if found is None:
        raise TooBigError(f"a side of {side.n} blocks passes through too many states to count "
                          f"(more than {COUNT_WORK // max(side.n, 1):,})")
    return found


def state_count(spec: BattleSpec, moment: Moment | None = None) -> int:
    """Joint configurations the exact DP may visit (the product of both sides' counts);
    TooBigError when a side has too many to count."""
    roots = (None, None) if moment is None else moment[:2]
    return side_configurations(Side(spec.attacker), roots[0]) * side_configurations(
        Side(spec.defender), roots[1]
    )


def _too_big(what: str) -> TooBigError:
    return TooBigError(
        f"this battle is too big for the exact method: {what}. Each block at full strength "
        "multiplies the states by about 2.4. Use method 'auto' or 'monte-carlo', which sample "
        "it and state the sampling error (docs/odds.md, \"Limits\")")


def check_exact_size(spec: BattleSpec, moment: Moment | None = None) -> None:
    """TooBigError unless the exact method can solve ``spec`` (from ``moment``) within a few
    seconds and a few hundred MB: the compiled sweep fits (:func:`compiled_fits`), or the
    NumPy sweep has at most :data:`MAX_SWEEP_STATES` joint states. The side tables this
    builds are the ones the solver uses next (memoised); building them stops early
    (:data:`~.size.COUNT_WORK`) for a side too big to number."""
    try:
        states = joint_states(spec, moment)
        fits = states <= MAX_SWEEP_STATES or compiled_fits(spec, moment)
    except TooBigError as exc:
        raise _too_big(str(exc)) from None
    if not fits:
        raise _too_big(f"{states:,} joint states, above the {MAX_SWEEP_STATES:,} the NumPy "
                       "sweep walks within seconds")


def exact_odds(spec: BattleSpec, exact: bool = False, moment: Moment | None = None) -> Odds:
    """Exact outcome distribution of ``spec``, in floats, or in :class:`fractions.Fraction`
    with ``exact=True`` (slower; meant for tests and small battles). Float results are
    memoised by (spec, moment) and shared between callers: treat them as read-only.

    With ``moment``, the odds from that point of a battle in progress (for example after each
    unit attack of a battle shown step by step); losses still count from the opening cv."""
    if moment is not None:
        check_moment(spec, moment)
    if exact:
        if joint_size(spec, MAX_FRACTION_STATES, moment) is None:
            raise _too_big(f"fractions stop at {MAX_FRACTION_STATES:,} joint configurations")
        return python_odds(spec, exact, moment)
    return _float_odds(spec, moment)


@lru_cache(maxsize=256)
def _float_odds(spec: BattleSpec, moment: Moment | None) -> Odds:
    """Float odds, memoised by (spec, moment): a notebook asks for the same battle again and
    again (charts, widgets redrawn). The result is shared: treat it as read-only."""
    if compiled_sweep() is None:
        small = joint_size(spec, PYTHON_BELOW - 1, moment) is not None
    else:  # counted on the compiled sweep's own (memoised) tables: no extra walk
        small = joint_states(spec, moment) < PYTHON_BELOW_COMPILED
    if not small:
        check_exact_size(spec, moment)
    if small:
        return python_odds(spec, False, moment)
    return fast_odds(spec, moment)


def clear_cache() -> None:
    """Forget memoised float odds and tables (for benchmarks that time a cold computation)."""
    _float_odds.cache_clear()
    clear_tables()
