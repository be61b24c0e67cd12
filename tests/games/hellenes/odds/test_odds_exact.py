"""Exact DP against hand-computed values (fractions), and its invariants."""

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellenes_nb.games.hellenes.odds import RetreatPolicy, exact_odds, make_battle
from hellenes_nb.games.hellenes.odds.forces import Block
from hellenes_nb.games.hellenes.odds.sides import Side
from hellenes_nb.games.hellenes.odds.statetables import compiled_sweep


def odds(attacker, defender, **options):
    return exact_odds(make_battle(attacker, defender, **options), exact=True)


@pytest.mark.rule("6.2")
def test_6_2_single_a1_duel_closed_form():
    # defender fires first (§6.2); each die: hit 1/6 (eliminates), rout 1/6 (panics), miss 4/6.
    # P(defender) = (1/3) / (1 - 4/9) = 3/5; a round ends with chance 5/9, so 9/5 rounds.
    o = odds("A1:1", "A1:1")
    assert o.defender_wins == F(3, 5)
    assert o.attacker_wins == F(2, 5)
    how = o.by_how()
    assert how[("defender", "panic")] == how[("defender", "elimination")] == F(3, 10)
    assert how[("attacker", "panic")] == how[("attacker", "elimination")] == F(1, 5)
    assert o.expected_rounds == F(9, 5)
    assert o.expected_prestige() == {"attacker": F(4, 5), "defender": F(6, 5)}


def test_float_dp_matches_fractions_to_1e_12():
    spec = make_battle("B2:3,A1:2", "C2:3,cav:A1:2")
    exact, fast = exact_odds(spec, exact=True), exact_odds(spec)
    assert abs(float(exact.attacker_wins) - fast.attacker_wins) < 1e-12
    for key, p in exact.outcomes.items():
        assert abs(float(p) - fast.outcomes[key]) < 1e-12


@pytest.mark.rule("6.6")
def test_6_6_sea_landing_gives_the_defender_a_free_round():
    # round 1: only the defender fires (1/3 to win); then the ordinary duel (3/5)
    assert odds("A1:1", "A1:1", landing=True).defender_wins == F(1, 3) + F(2, 3) * F(3, 5)


@pytest.mark.rule("6.5")
def test_6_5_narrows_silence_the_aggressor_fleets_in_round_1():
    assert odds("E1:1", "E1:1", sea=True, narrows=True).defender_wins == F(11, 15)
    assert odds("E1:1", "E1:1", sea=True).defender_wins == F(3, 5)


@pytest.mark.rule("6.5")
def test_6_5_sea_order_e_before_f():
    # the aggressor's E fleet fires before the defender's F fleet
    assert odds("E1:1", "F1:1", sea=True).attacker_wins == F(3, 5)


@pytest.mark.rule("8.11")
def test_8_11_double_defense_closed_form():
    # A3:2 assaults a lone garrison (A2:1, fires first). Every A3 die hits or routs, routs are
    # ignored (§8.1), and two hits in one round are needed. From cv 1 the assaulter can never
    # win (one die, and the half step is lost at round end), so V2 = 1/12 + (1/4) V2 = 1/9.
    assert odds("A3:2", "garrison", assault=True).attacker_wins == F(1, 9)
    assert odds("A3:1", "garrison", assault=True).attacker_wins == 0


def test_without_double_defense_the_same_fight_is_easy():
    # the same A3:2 against an ordinary A2:1 defender wins whenever it gets to fire
    assert odds("A3:2", "A2:1").attacker_wins == F(2, 3)


@pytest.mark.rule("8.11")
def test_8_11_half_step_sticks_and_garrison_goes_last():
    side = Side((Block("A", 2, 2, city=True), Block("A", 2, 1, garrison=True, city=True)))
    one = side.hit(side.start, 1)
    assert one == (2 * 4 + 1, 4)  # half step on the 2 cv block
    assert side.hit(side.start, 2) == (4, 4)  # second hit completes the step
    assert side.hit(side.start, 4) == (0, 4)  # block gone, garrison untouched
    assert side.hit(side.start, 5) == (0, 5)  # only now the garrison takes a half step
    assert Side.end_round(side.hit(side.start, 5)) == (0, 4)  # and loses it at round end


@pytest.mark.rule("6.32")
def test_6_32_hits_go_to_the_current_strongest():
    side = Side((Block("C", 2, 3), Block("B", 1, 3), Block("A", 1, 1)))
    assert side.hit(side.start, 1) == (8, 12, 4)  # tie: the block written first
    assert side.hit(side.start, 2) == (8, 8, 4)  # then the new strongest
    assert side.hit(side.start, 6) == (0, 0, 4)
    assert side.hit(side.start, 7) == (0, 0, 0)


@pytest.mark.rule("6.33")
def test_6_33_routs_hit_weakest_and_routed_blocks_take_no_hits():
    side = Side((Block("C", 2, 3), Block("B", 1, 2), Block("A", 1, 2)))
    routed = side.rout(side.start, 1)
    assert routed == (12, 8 + 2, 8)  # weakest, first of equals
    assert side.hit(routed, 2) == (4, 10, 8)  # routed block skipped
    assert side.hit(routed, 2, routed_too=True) == (4, 10, 8)
    assert side.hit(side.hit(routed, 2), 2, routed_too=True) == (4, 6, 4)


@pytest.mark.rule("6.34")
def test_6_34_pursuit_by_faster_units_that_have_not_fired():
    # A3 fires first: a hit eliminates the D1 block, a rout panics it. Then B1:2 has not fired and
    # is more agile than the D rearguard: it pursues, hits only.
    o = odds("A3:1,B1:2", "D1:1")
    assert o.by_how()[("attacker", "elimination")] == F(1, 2)
    assert o.by_how()[("attacker", "panic")] == F(1, 2)
    assert o.expected_steps_lost()["defender"] == F(1, 2) + F(1, 2) * (1 - F(25, 36))
    assert o.expected_steps_lost()["attacker"] == 0


@pytest.mark.rule("6.34")
def test_6_34_no_pursuit_against_an_equally_agile_rearguard():
    o = odds("A3:1,B1:2", "B1:1")
    panics = {k: p for k, p in o.outcomes.items() if k[0] == 0 and k[1] == "panic"}
    assert all(k[3] == 0 for k in panics)


@pytest.mark.rule("6.41")
def test_6_41_cavalry_raid_retires_and_harries_for_free():
    # no enemy A units: the cavalry retires at its first attack with no prestige, and harries
    o = odds("cav:A2:3", "C2:4,B1:2", attacker_retreat=RetreatPolicy(after_rounds=0))
    assert o.by_how()[("defender", "retire")] == 1
    assert o.expected_prestige() == {"attacker": 0, "defender": 0}
    assert o.expected_steps_lost() == {"attacker": 0, "defender": 1}  # 3 dice x 2/6


@pytest.mark.rule("14.11")
def test_14_11_raid_against_archers_can_turn_into_retreat_or_panic():
    o = odds("cav:A2:3", "C2:4,A1:1", attacker_retreat=RetreatPolicy(after_rounds=0))
    how = o.by_how()
    assert how[("defender", "panic")] == F(1, 6)
    assert how[("defender", "retreat")] == F(1, 6)
    assert how[("defender", "retire")] == F(2, 3)
    assert o.expected_prestige()["defender"] == F(1, 2)


@pytest.mark.rule("6.4")
def test_6_4_retreat_after_one_round():
    o = odds("A1:1", "A1:1", attacker_retreat=RetreatPolicy(after_rounds=1))
    assert o.attacker_wins == F(2, 9)
    assert o.by_how()[("defender", "retire")] == F(4, 9) * F(2, 3)


@pytest.mark.rule("14.11")
def test_14_11_sea_retreat_always_costs_prestige():
    o = odds("E1:1", "E1:1", sea=True, attacker_retreat=RetreatPolicy(after_rounds=1))
    assert o.by_how()[("defender", "retire")] == 0
    assert o.by_how()[("defender", "retreat")] == F(4, 9) * F(2, 3)


@pytest.mark.rule("6.4")
def test_6_4_retreat_at_losses():
    # B2:4 retreats once it has lost 2 steps; it can never be eliminated in a round
    o = odds("B2:4", "C1:1", attacker_retreat=RetreatPolicy(at_losses=2))
    # C1:1 takes at most one step a round, and the check comes before the C1 fires
    assert max(k[2] for k in o.outcomes) == 2
    assert o.by_how()[("defender", "retreat")] > 0
    assert o.by_how()[("defender", "retire")] == 0


@pytest.mark.rule("6.5")
def test_6_5_carried_unit_shrinks_with_its_fleet():
    side = Side((Block("E", 1, 3, fleet=True, carried=2),))
    assert side.steps_lost(side.hit(side.start, 1)) == 2  # fleet 2, cargo cut to 1
    assert side.steps_lost(side.hit(side.start, 3)) == 5  # fleet sunk with its cargo


@pytest.mark.rule("6.1")
def test_6_1_no_draws_one_side_always_wins():
    o = odds("B2:2,A1:1", "C2:2,cav:A1:1")
    assert o.total == 1
    assert o.attacker_wins + o.defender_wins == 1


land = st.tuples(st.sampled_from("ABCD"), st.integers(1, 3), st.integers(1, 3))


def force(blocks):
    return ",".join(f"{a}{p}:{c}" for a, p, c in blocks)


@settings(max_examples=25, deadline=None)
@given(st.lists(land, min_size=1, max_size=2), st.lists(land, min_size=1, max_size=2))
def test_probabilities_sum_to_one(att, dfd):
    o = exact_odds(make_battle(force(att), force(dfd)))
    assert abs(o.total - 1) < 1e-12
    assert abs(sum(o.steps_lost_distribution(0)) - 1) < 1e-12
    assert all(p >= 0 for p in o.outcomes.values())


@settings(max_examples=20, deadline=None)
@given(
    st.lists(st.tuples(st.just("A"), st.integers(1, 3), st.integers(1, 3)), min_size=1, max_size=2),
    st.lists(st.tuples(st.just("C"), st.integers(1, 3), st.integers(1, 3)), min_size=1, max_size=2),
)
def test_roles_do_not_matter_when_no_agility_is_shared(fast, slow):
    # with no shared agility letter the order of fire ignores roles, so swapping them only swaps
    # the winner (no retreats, land battle)
    a = exact_odds(make_battle(force(fast), force(slow)))
    b = exact_odds(make_battle(force(slow), force(fast)))
    assert abs(a.attacker_wins - b.defender_wins) < 1e-12
    assert abs(a.expected_rounds - b.expected_rounds) < 1e-12


def test_more_rounds_when_nothing_happens_often():
    # power-1 cadres miss 2/3 of the time: long battles, summed exactly over all rounds
    o = odds("D1:1", "D1:1")
    assert o.expected_rounds == F(9, 5)
    assert o.total == 1


def test_table_shapes():
    o = exact_odds(make_battle("B2:3,A1:2", "C2:3"))
    outcomes, losses, joint = o.table(), o.table("losses"), o.table("joint")
    assert outcomes.height == 8 and abs(outcomes["probability"].sum() - 1) < 1e-12
    assert losses.height == 5 + 1 + 3 + 1
    assert abs(joint["probability"].sum() - 1) < 1e-12
    with pytest.raises(ValueError, match="unknown table"):
        o.table("nope")


@pytest.mark.rule("6.6")
def test_6_6_landing_cavalry_cannot_harry_in_round_1():
    # the defender retires at its first attack; the landing cavalry may not attack in round 1
    o = odds("cav:A2:3", "C2:2", landing=True, defender_retreat=RetreatPolicy(after_rounds=0))
    assert o.by_how()[("attacker", "retire")] == 1
    assert o.expected_steps_lost() == {"attacker": 0, "defender": 0}
    # one round later the same cavalry fires first and harries the retreating defender
    later = odds("cav:A2:3", "C2:2", landing=True, defender_retreat=RetreatPolicy(after_rounds=1))
    assert later.expected_steps_lost()["defender"] > 0


FAST_CASES = [
    dict(attacker="B2:3,A1:2,C2:2", defender="C2:3,cav:A1:2,B2:2"),
    dict(attacker="B2:3,C2:4,A1:1", defender="A2:2,B1:3,garrison", assault=True),
    dict(attacker="E1:3,F2:2,E2:2", defender="E2:2,F1:3,E1:3", sea=True, narrows=True),
    dict(
        attacker="fleet:E1:3+B2:2,E1:2,F1:3",
        defender="F2:3,E1:2",
        sea=True,
        attacker_retreat=RetreatPolicy(after_rounds=2),
    ),
    dict(
        attacker="B2:3,cav:A1:2,C1:2",
        defender="C2:3,B1:2,cav:A2:2",
        landing=True,
        defender_retreat=RetreatPolicy(at_losses=2),
        attacker_retreat=RetreatPolicy(after_rounds=3),
    ),
]


#: The NumPy solver's sweep runs compiled when numba is installed; both ways are checked.
SWEEPS = [False] + ([True] if compiled_sweep() is not None else [])


@pytest.mark.parametrize("compiled", SWEEPS)
@pytest.mark.parametrize("case", FAST_CASES)
def test_numpy_solver_matches_the_fraction_solver(case, compiled):
    from hellenes_nb.games.hellenes.odds.fast import fast_odds

    spec = make_battle(**case)
    reference, fast = exact_odds(spec, exact=True), fast_odds(spec, compiled=compiled)
    for key in set(reference.outcomes) | set(fast.outcomes):
        assert abs(float(reference.outcomes.get(key, 0)) - fast.outcomes.get(key, 0)) < 1e-12
    assert abs(float(reference.expected_rounds) - fast.expected_rounds) < 1e-12


@pytest.mark.parametrize("compiled", SWEEPS)
@settings(max_examples=15, deadline=None)
@given(
    st.lists(land, min_size=1, max_size=3),
    st.lists(land, min_size=1, max_size=3),
    st.booleans(),
    st.sampled_from([None, 0, 1, 2]),
)
def test_numpy_solver_matches_python_solver_on_random_battles(compiled, att, dfd, landing, rounds):
    # without a retreat policy the NumPy solver merges states that differ only in routed
    # blocks; with one it keeps every block (harrying, §6.41)
    from hellenes_nb.games.hellenes.odds.dp import python_odds
    from hellenes_nb.games.hellenes.odds.fast import fast_odds

    spec = make_battle(
        force(att),
        force(dfd),
        landing=landing,
        attacker_retreat=RetreatPolicy(after_rounds=rounds),
    )
    slow, fast = python_odds(spec), fast_odds(spec, compiled=compiled)
    for key in set(slow.outcomes) | set(fast.outcomes):
        assert abs(slow.outcomes.get(key, 0) - fast.outcomes.get(key, 0)) < 1e-12
    assert abs(slow.expected_rounds - fast.expected_rounds) < 1e-12


@pytest.mark.rule("8.11")
@pytest.mark.parametrize("compiled", SWEEPS)
def test_assaults_and_bigger_battles_agree_with_the_python_solver(compiled):
    from hellenes_nb.games.hellenes.odds.dp import python_odds
    from hellenes_nb.games.hellenes.odds.fast import fast_odds

    for spec in (
        make_battle("B2:3,A1:2,C2:3,B1:2,cav:A2:2", "C2:3,A1:2,B2:2,B1:3,C2:2"),
        make_battle("B3:3,C2:4,A1:2,cav:A2:2", "C2:3,B1:2,garrison", assault=True),
    ):
        slow, fast = python_odds(spec), fast_odds(spec, compiled=compiled)
        for key in set(slow.outcomes) | set(fast.outcomes):
            assert abs(slow.outcomes.get(key, 0) - fast.outcomes.get(key, 0)) < 1e-12
