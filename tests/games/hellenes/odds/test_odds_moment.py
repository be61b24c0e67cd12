"""Odds from a point inside a battle (``Moment``), for step-by-step battles."""

from fractions import Fraction as F
from functools import partial

import pytest

from hellenes_nb.games.hellenes.odds import Moment, exact_odds, make_battle
from hellenes_nb.games.hellenes.odds.dice import attack
from hellenes_nb.games.hellenes.odds.fast import fast_odds
from hellenes_nb.games.hellenes.odds.sides import Side


def test_the_opening_moment_is_the_battle():
    spec = make_battle("B2:3,A1:2", "C2:3,cav:A1:2")
    opening = Moment(Side(spec.attacker).start, Side(spec.defender).start)
    a, b = exact_odds(spec), exact_odds(spec, moment=opening)
    assert a.outcomes == pytest.approx(b.outcomes, abs=1e-15)


@pytest.mark.rule("6.2")
def test_duel_after_the_defender_missed():
    # the defender's A1 missed: the attacker fires now (1/3 to win), else the 3/5 duel restarts
    spec = make_battle("A1:1", "A1:1")
    o = exact_odds(spec, exact=True, moment=Moment((4,), (4,), slot=1, started=2))
    assert o.attacker_wins == F(1, 3) + F(2, 3) * F(2, 5)
    assert o.expected_rounds == 1 + F(2, 3) * F(9, 5)


@pytest.mark.parametrize("solver", ["python", "numpy", "compiled"])
def test_total_probability_over_the_first_attack(solver):
    # P(attacker wins) = sum over the first unit attack's results of P(win from there)
    spec = make_battle("B2:3,A1:2", "C2:3,cav:A1:2")
    att, dfd = Side(spec.attacker), Side(spec.defender)
    side, index = spec.fire_order()[0]
    assert side == 1 and spec.defender[index].cavalry
    if solver == "compiled":
        pytest.importorskip("numba")
    solve = {
        "python": exact_odds,
        "numpy": partial(fast_odds, compiled=False),
        "compiled": partial(fast_odds, compiled=True),
    }[solver]
    total = 0.0
    for hits, routs, p in attack(2, 1):
        after = att.rout(att.hit(att.start, hits), routs)
        if Side.standing(after):
            moment = Moment(after, dfd.start, slot=1, started=2)
            total += p * solve(spec, moment=moment).attacker_wins
    assert abs(total - exact_odds(spec).attacker_wins) < 1e-12


@pytest.mark.rule("8.11")
@pytest.mark.parametrize("compiled", [False, True])
def test_half_step_moment_both_solvers_agree(compiled):
    if compiled:
        pytest.importorskip("numba")
    spec = make_battle("A3:1,B3:1", "garrison", assault=True)
    moment = Moment((4, 4), (5,), slot=2, rounds_done=3)
    exact = exact_odds(spec, exact=True, moment=moment)
    fast = fast_odds(spec, moment=moment, compiled=compiled)
    assert abs(float(exact.attacker_wins) - fast.attacker_wins) < 1e-12
    assert exact.attacker_wins > F(1, 2)  # the B3 die completes the step half the time


@pytest.mark.parametrize(
    ("moment", "message"),
    [
        (Moment((4,), (4, 4)), "1 state codes for 2 blocks"),
        (Moment((4, 4), (5,)), "half steps exist only"),
        (Moment((4, 4), (4,), slot=3), "slot must be 0 to 2"),
        (Moment((6, 6), (4,), slot=1), "already over"),
        (Moment((20, 4), (4,)), "bad state code 20"),
    ],
)
def test_impossible_moments_are_refused(moment, message):
    spec = make_battle("A3:1,B3:1", "garrison", assault=True)
    with pytest.raises(ValueError, match=message):
        exact_odds(spec, moment=moment)


@pytest.mark.rule("6.4")
@pytest.mark.parametrize("compiled", [False, True])
def test_moments_with_retreat_policies_agree_across_solvers(compiled):
    # mid-round moments carry the "started" flags that decide when a side may still retreat
    if compiled:
        pytest.importorskip("numba")
    from hellenes_nb.games.hellenes.odds import RetreatPolicy
    from hellenes_nb.games.hellenes.odds.dp import python_odds

    spec = make_battle(
        "B2:3,cav:A1:2,C1:2",
        "C2:3,B1:2,cav:A2:2",
        attacker_retreat=RetreatPolicy(at_losses=2),
        defender_retreat=RetreatPolicy(after_rounds=2),
    )
    moments = [
        Moment((12, 8, 8), (12, 8, 8), slot=1, started=2),
        Moment((8, 4, 10), (12, 8, 4), slot=3, rounds_done=1, started=3),
        Moment((12, 0, 8), (8, 10, 8), slot=0, rounds_done=2),
    ]
    for moment in moments:
        slow = python_odds(spec, moment=moment)
        fast = fast_odds(spec, moment=moment, compiled=compiled)
        for key in set(slow.outcomes) | set(fast.outcomes):
            assert abs(slow.outcomes.get(key, 0) - fast.outcomes.get(key, 0)) < 1e-12
        assert abs(slow.expected_rounds - fast.expected_rounds) < 1e-12
