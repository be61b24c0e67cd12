"""Exact distributions of one unit attack's dice (§6.31–6.33).

A block of power p rolling cv dice scores a hit on each die of p or less and a rout on each die
of 7 − p or more (§6.32, §6.33), so a die hits and routs with the same chance p/6. All tables are
built with :class:`fractions.Fraction` and converted to floats only when asked.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb, factorial

Number = Fraction | float


@cache
def _attack_exact(cv: int, power: int, with_routs: bool) -> tuple[tuple[int, int, Fraction], ...]:
    side = Fraction(power, 6)
    miss = 1 - 2 * side
    rows = []
    for hits in range(cv + 1):
        for routs in range(cv - hits + 1):
            misses = cv - hits - routs
            ways = factorial(cv) // (factorial(hits) * factorial(routs) * factorial(misses))
            chance = ways * side**hits * side**routs * miss**misses
            if chance:
                rows.append((hits, routs, chance))
    if not with_routs:
        merged: dict[int, Fraction] = {}
        for hits, _, chance in rows:
            merged[hits] = merged.get(hits, Fraction(0)) + chance
        rows = [(hits, 0, chance) for hits, chance in sorted(merged.items())]
    return tuple(rows)


@cache
def _attack_float(cv: int, power: int, with_routs: bool) -> tuple[tuple[int, int, float], ...]:
    return tuple((h, r, float(p)) for h, r, p in _attack_exact(cv, power, with_routs))


def attack(
    cv: int, power: int, with_routs: bool = True, exact: bool = False
) -> tuple[tuple[int, int, Number], ...]:
    """All (hits, routs, probability) of one unit attack with ``cv`` dice at ``power``.

    ``with_routs=False`` folds routs into misses: for city defenders, who ignore routs (§8.1),
    and for pursuit and harrying, where routs are ignored (§6.34, §6.41).
    """
    return (_attack_exact if exact else _attack_float)(cv, power, with_routs)


@cache
def _hits_exact(shooters: tuple[tuple[int, int], ...]) -> tuple[Fraction, ...]:
    total = [Fraction(1)]
    for cv, power in shooters:
        single = Fraction(power, 6)
        pmf = [comb(cv, k) * single**k * (1 - single) ** (cv - k) for k in range(cv + 1)]
        combined = [Fraction(0)] * (len(total) + cv)
        for i, a in enumerate(total):
            for j, b in enumerate(pmf):
                combined[i + j] += a * b
        total = combined
    return tuple(total)


@cache
def _hits_float(shooters: tuple[tuple[int, int], ...]) -> tuple[float, ...]:
    return tuple(float(p) for p in _hits_exact(shooters))


def total_hits(shooters: tuple[tuple[int, int], ...], exact: bool = False) -> tuple[Number, ...]:
    """Distribution of the total hits (index = hits) of several hits-only attacks, each given as
    (cv, power): pursuit (§6.34) and harrying (§6.41) ignore routs."""
    key = tuple(sorted(shooters))
    return (_hits_exact if exact else _hits_float)(key)
