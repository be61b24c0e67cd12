"""Cross-check: the exact odds against the step-by-step battle machine (hellenes_nb.rules).

Both follow the same order of fire (§6.2). The machine breaks ties by block key and the odds by
the order written, so each block is keyed by its place in its force (``a0``, ``a1``, … and
``d0``, …); the battle machine is then run on many seeds and its results compared with the exact
distribution (|z| < 4). These cases include retreat policies, which the widget does not offer.
"""

import math

import pytest

from hellenes_nb.games.hellenes.odds import RetreatPolicy, exact_odds, make_battle
from hellenes_nb.games.hellenes.rules.battle.blocks import Fighter
from hellenes_nb.games.hellenes.rules.battle.combat import Battle
from hellenes_nb.games.hellenes.rules.battle.policies import BattlePolicy

SIDE = ("sparta", "athens")
ROLE = ("aggressor", "defender")
RUNS = 1_500


def fighters(spec, silent):
    made = []
    for side, blocks in enumerate(spec.forces):
        for i, b in enumerate(blocks):
            made.append(
                Fighter(
                    f"{'ad'[side]}{i}",
                    SIDE[side],
                    ROLE[side],
                    b.rating,
                    b.cv,
                    max_cv=1 if b.garrison else 4,
                    cavalry=b.cavalry,
                    fleet=b.fleet,
                    garrison=b.garrison,
                    city=b.city,
                    holds_round1=silent and side == 0,
                )
            )
    return made


def after_rounds(spec):
    def wants(battle, side):
        policy = spec.policies[SIDE.index(side)]
        lost = sum(f.start_cv - f.cv for f in battle.fighters if f.side == side)
        return policy.wants_retreat(battle.round - 1, lost)

    return BattlePolicy(wants)


CASES = {
    "land": dict(attacker="B2:3,A1:2", defender="C2:3,cav:A1:2"),
    "pursuit": dict(attacker="A2:2,B1:2,C2:2", defender="D1:2,C1:1"),
    "assault": dict(attacker="B2:3,C2:4", defender="A2:2,garrison", assault=True),
    "raid": dict(
        attacker="cav:A2:3,B1:1",
        defender="C2:4,A1:1",
        attacker_retreat=RetreatPolicy(after_rounds=0),
    ),
    "landing": dict(attacker="B2:3,cav:A1:2", defender="C2:3,B1:2", landing=True),
}


@pytest.mark.parametrize("name", CASES)
def test_battle_machine_matches_exact_odds(name):
    options = CASES[name]
    spec = make_battle(**options)
    exact = exact_odds(spec)
    kind = "assault" if options.get("assault") else "land"
    policy = after_rounds(spec)
    counts: dict = {}
    lost_sum = [0, 0]
    for seed in range(RUNS):
        battle = Battle(fighters(spec, spec.silent_first_round), kind, dice=seed)
        out = battle.run(policy)
        key = (SIDE.index(out.winner), out.how)
        counts[key] = counts.get(key, 0) + 1
        for side in (0, 1):
            lost_sum[side] += out.steps_lost[SIDE[side]]
    for (who, how), p in exact.by_how().items():
        q = counts.get((("attacker", "defender").index(who), how), 0) / RUNS
        se = math.sqrt(p * (1 - p) / RUNS)
        assert (q == p) if se == 0 else abs(q - p) / se < 4, (who, how, p, q)
    for side in (0, 1):
        dist = exact.steps_lost_distribution(side)
        mean = sum(k * p for k, p in enumerate(dist))
        sd = math.sqrt(sum(k * k * p for k, p in enumerate(dist)) - mean * mean)
        assert abs(lost_sum[side] / RUNS - mean) < 4 * sd / math.sqrt(RUNS) + 1e-12
