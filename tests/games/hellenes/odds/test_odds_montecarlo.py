"""Both Monte Carlo samplers agree with the exact DP within sampling error (|z| < 4)."""

import math

import pytest

from hellenes_nb.games.hellenes.odds import (
    RetreatPolicy,
    exact_odds,
    make_battle,
    sample_odds,
    sample_odds_python,
)

CASES = {
    "land with cavalry": dict(attacker="B2:3,A1:2", defender="C2:3,cav:A1:2"),
    "cavalry raid": dict(
        attacker="cav:A2:3,B1:1",
        defender="C2:4,A1:1",
        attacker_retreat=RetreatPolicy(after_rounds=0),
    ),
    "siege assault": dict(attacker="B2:3,C2:4", defender="A2:2,garrison", assault=True),
    "sea across narrows": dict(attacker="E1:3,F2:2", defender="E2:2,F1:3", sea=True, narrows=True),
    "landing, defender retreats": dict(
        attacker="B2:3,cav:A1:2",
        defender="C2:3,B1:2",
        landing=True,
        defender_retreat=RetreatPolicy(at_losses=2),
    ),
    "sea with cargo": dict(
        attacker="fleet:E1:3+B2:2,E1:2",
        defender="F2:3",
        sea=True,
        attacker_retreat=RetreatPolicy(after_rounds=2),
    ),
    "pursuit": dict(attacker="A2:2,B1:2,C2:2", defender="D1:2,C1:1"),
}


def z_scores(exact, sampled):
    """z of every (winner, how) probability and of both mean losses."""
    n = sampled.samples
    zs = []
    for key, p in exact.by_how().items():
        q = sampled.by_how()[key]
        se = math.sqrt(p * (1 - p) / n)
        if se == 0:
            assert q == p, key
        else:
            zs.append((q - p) / se)
    for side, name in enumerate(("attacker", "defender")):
        dist = exact.steps_lost_distribution(side)
        mean = sum(k * p for k, p in enumerate(dist))
        var = sum(k * k * p for k, p in enumerate(dist)) - mean * mean
        if var > 0:
            zs.append((sampled.expected_steps_lost()[name] - mean) / math.sqrt(var / n))
    return zs


@pytest.mark.parametrize("name", CASES)
def test_numpy_sampler_agrees_with_exact(name):
    spec = make_battle(**CASES[name])
    zs = z_scores(exact_odds(spec), sample_odds(spec, 20_000, seed=7))
    assert max(abs(z) for z in zs) < 4


@pytest.mark.parametrize("name", ["land with cavalry", "siege assault", "sea with cargo"])
def test_python_sampler_agrees_with_exact(name):
    spec = make_battle(**CASES[name])
    zs = z_scores(exact_odds(spec), sample_odds_python(spec, 5_000, seed=7))
    assert max(abs(z) for z in zs) < 4


def test_samplers_are_reproducible_with_a_seed():
    spec = make_battle(**CASES["land with cavalry"])
    assert sample_odds(spec, 500, seed=3).outcomes == sample_odds(spec, 500, seed=3).outcomes
    assert (
        sample_odds_python(spec, 200, seed=3).outcomes
        == sample_odds_python(spec, 200, seed=3).outcomes
    )


def test_sampled_odds_carry_their_sample_size():
    o = sample_odds(make_battle("A1:1", "A1:1"), 1_000, seed=1)
    assert o.samples == 1_000 and abs(o.total - 1) < 1e-12
    assert o.standard_error(0.5) == pytest.approx(math.sqrt(0.25 / 1_000))


def test_bad_sample_size():
    with pytest.raises(ValueError, match="n must be at least 1"):
        sample_odds(make_battle("A1:1", "A1:1"), 0)
