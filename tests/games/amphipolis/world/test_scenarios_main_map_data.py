"""Scenarios 10.1 and 10.3 as data: what §10.1 and §10.3 state about them and the stacking
limits of their deployments (§3.3) are checked by ``hellenes data check``; neither is
playable yet."""

from __future__ import annotations

import pytest

import hellenes_nb
from hellenes_nb.games.amphipolis.world import load_world
from hellenes_nb.games.amphipolis.worldcheck import problems


@pytest.mark.rule("10.1")
def test_scenario_10_1_is_in_the_data_and_holds_what_the_rulebook_says():
    s = load_world().scenarios["10.1"]
    assert (s.first_turn, s.last_turn, s.main_map) == (1, 3, True)
    assert problems(load_world()) == []


@pytest.mark.rule("3.3")
def test_a_deployment_over_the_stacking_limit_is_named(spoil):
    found = spoil("scenarios.yaml", "      at: T11\n      units: [thr-p5-3]",
                    "      at: T17\n      units: [thr-p5-3, ath-h6-4, ath-h6-5, ath-h6b-3, "
                    "ath-h6b-4, ath-p5b-1]")
    assert "scenarios.yaml: id '10.1': 6 units in T17, humid terrain holds 5 (§3.3)" in found


@pytest.mark.rule("10.1")
def test_a_wrong_garrison_or_deployment_is_named(spoil):
    found = spoil("scenarios.yaml", "    O7: sparta  # Stagiros\n    O5: athens",
                    "    O7: athens  # Stagiros\n    O5: athens")
    assert any("Sparta garrisons Acanthos, Stagiros, Athens the rest" in p for p in found)
    found = spoil("scenarios.yaml", "      at: T11\n", "      at: T9\n")
    assert any("one unit in T11 (§10.1)" in p for p in found)


def test_the_main_map_scenarios_start_and_an_unknown_one_is_refused_in_words():
    for n in (1, 3, 4):
        assert hellenes_nb.new_game(f"amphipolis-10.{n}").state.scenario == f"amphipolis-10.{n}"
    with pytest.raises(ValueError, match="amphipolis-10.1, amphipolis-10.2"):
        hellenes_nb.new_game("amphipolis-10.5")


@pytest.mark.rule("10.3")
def test_scenario_10_3_fits_the_reconstructed_terrain():
    """Brasidas' seven units on Kerdylion (elevated, 7), six in T20 (so not humid), eight at
    Amphipolis (a city, 8): the stacking limits hold on the rebuilt map (§3.3)."""
    s = load_world().scenarios["10.3"]
    counts = {g.at: len(g.units) for g in s.deploy}
    assert counts["T21"] == 7 and counts["T20"] == 6 and counts["T12"] == 8
    assert problems(load_world()) == []


@pytest.mark.rule("10.3")
def test_a_wrong_start_for_10_3_is_named(spoil):
    found = spoil("scenarios.yaml", "      at: T21\n      leaders: [brasidas]",
                    "      at: T24\n      leaders: [brasidas]")
    assert "scenarios.yaml: id '10.3': Brasidas starts in T21 (§10.3)" in found
    found = spoil("scenarios.yaml", "      at: T20\n", "      at: T16\n")
    assert "scenarios.yaml: id '10.3': 6 units in T16, humid terrain holds 5 (§3.3)" in found


@pytest.mark.rule("10.4")
def test_the_campaign_is_in_the_data_with_generic_reinforcements_and_removals():
    s = load_world().scenarios["10.4"]
    assert (s.first_turn, s.last_turn) == (0, 9)
    assert any(g.generic == {"H": 0} and g.turn == 3 for g in s.reinforcements)
    assert len(s.removals) == 3
    assert problems(load_world()) == []


@pytest.mark.rule("10.4")
def test_a_wrong_campaign_is_named(spoil):
    found = spoil("scenarios.yaml", "{side: athens, turn: 7, at: thasos, leaders: [cleon,",
                    "{side: athens, turn: 6, at: thasos, leaders: [cleon,")
    assert any("Cleon on turn 7 (§10.4)" in p for p in found)
    found = spoil("scenarios.yaml", "{turn: 3, citadel: sparta, leaders: [thucydides]}",
                    "{citadel: sparta, leaders: [thucydides]}")
    assert any("Thucydides if it does on turn 3" in p for p in found)


@pytest.mark.rule("10.4")
def test_the_campaigns_s15_reinforcement_is_any_two_units_as_data(spoil):
    s = load_world().scenarios["10.4"]
    assert {g.side: dict(g.generic) for g in s.optional} == {"athens": {"any": 2},
                                                              "sparta": {"any": 2}}
    found = spoil("scenarios.yaml", "{side: sparta, at: macedonia, generic: {any: 2}}",
                  "{side: sparta, at: macedonia, generic: {any: 3}}")
    assert any("any two available units (§10.4)" in p for p in found)
