"""Sieges: establishing, garrisons, lifting, assault and capitulation, attrition, blockade,
Treachery and building bans (§7, §8, §3.1)."""

from __future__ import annotations

import pytest
from support.hellenes_battle_positions import (
    P,
    U,
    besiege,
    combat,
    decide,
    engage,
    events,
    legal,
    new_state,
    play,
    put,
)

from hellenes_nb.core.steps import IllegalAction
from hellenes_nb.games.hellenes.rules.siege.assault import treachery_assault
from hellenes_nb.games.hellenes.rules.siege.attrition import attrition_allowed, attrition_max
from hellenes_nb.games.hellenes.rules.siege.blockade import blockaded, can_build_in, grain_blockaded
from hellenes_nb.games.hellenes.rules.siege.methods import siege_methods, siege_targets
from hellenes_nb.games.hellenes.rules.siege.records import refresh
from hellenes_nb.games.hellenes.rules.siege.sortie import sortie_candidates
from hellenes_nb.games.hellenes.steps import STEPS


def _siege_turn(s, side: int, method: str, place: str, capitulate: bool = False) -> None:
    s.stack.append({"kind": "siege_combat", "side": side, "done": (), "action_turn": 1})
    STEPS.settle(s)
    decide(s, {"type": "siege", "side": ("athens", "sparta")[side], "place": place,
               "method": method})
    if method == "assault":
        decide(s, {"type": "capitulate", "side": ("athens", "sparta")[1 - side],
                   "accept": capitulate})
    play(s)


@pytest.mark.rule("7.2")
@pytest.mark.rule("7.3")
def test_7_2_siege_is_established_with_a_garrison_and_no_siege_combat_that_turn():
    s = new_state(active=0, season=2)
    put(s, "A1", "boeotia", 3)
    put(s, "S26", "boeotia", 2, inside=True)
    refresh(s)
    p = P("boeotia")
    assert s.sieges[p]["besieger"] == 0 and s.sieges[p]["since"] == [431, 2, 0]
    assert s.garrisons[p] == [1, 0]
    assert siege_targets(s, 0) == []
    s.season = 3
    assert siege_targets(s, 0) == [p]


@pytest.mark.rule("7.3")
def test_7_3_lifting_a_siege_removes_temporary_garrisons_only():
    s = new_state(active=0, season=2)
    put(s, "A1", "boeotia", 3)
    put(s, "S26", "boeotia", 2, inside=True)
    put(s, "A2", "megaris", 3)
    put(s, "S14", "megaris", 2, inside=True)
    besiege(s, "boeotia", 0, (431, 1, 0))
    besiege(s, "megaris", 0, (431, 1, 0))
    s.garrisons[P("megaris")] = [1, 1]  # a permanent garrison stays (§4.23)
    s.loc[U("A1")] = P("attica")
    s.loc[U("A2")] = P("attica")
    refresh(s)
    assert s.sieges == {}
    assert P("boeotia") not in s.garrisons and s.garrisons[P("megaris")] == [1, 1]
    assert not s.inside[U("S26")] and not s.inside[U("S14")]


@pytest.mark.rule("8.13")
def test_8_13_capitulation_costs_one_prestige():
    s = new_state(active=0, season=2)
    put(s, "A1", "boeotia", 3)
    put(s, "S26", "boeotia", 2, inside=True)
    besiege(s, "boeotia", 0, (431, 1, 0))
    _siege_turn(s, 0, "assault", "boeotia", capitulate=True)
    assert s.loc[U("S26")] < 0 and P("boeotia") not in s.garrisons
    assert s.sieges == {} and s.prestige == 1
    assert events(s, "battle_reveal") == []


@pytest.mark.rule("8.11")
@pytest.mark.rule("14.11")
def test_8_11_assault_with_double_defense_carried_for_two_prestige():
    s = new_state(active=0, season=2)
    put(s, "A1", "boeotia", 4)
    put(s, "S26", "boeotia", 1, inside=True)
    besiege(s, "boeotia", 0, (431, 1, 0))
    # round 1: S26 and the garrison (A2) miss; A1 scores 3 hits: S26 half, S26 out,
    # garrison half (cancelled at the round's end); round 2: garrison misses, A1 2 hits
    s.dice.force([3, 3, 1, 2, 1, 3, 3, 1, 1, 3, 3])
    _siege_turn(s, 0, "assault", "boeotia")
    half = [e["target_block"] for e in events(s, "battle_half_hit")]
    assert half == ["S26", "garrison:boeotia", "garrison:boeotia"]
    assert events(s, "battle_half_cancelled")
    assert s.loc[U("S26")] < 0 and P("boeotia") not in s.garrisons and s.sieges == {}
    assert s.prestige == 2
    assert events(s, "city_taken")


@pytest.mark.rule("8.1")
def test_8_1_no_assault_in_event_turns():
    s = new_state(active=0, season=2)
    put(s, "A1", "boeotia", 4)
    put(s, "S26", "boeotia", 1, inside=True)
    besiege(s, "boeotia", 0, (431, 1, 0))
    s.stack.append({"kind": "siege_combat", "side": 0, "done": (), "action_turn": 0})
    STEPS.settle(s)
    assert {a["method"] for a in legal(s)} == {"attrition", "none"}
    with pytest.raises(IllegalAction) as err:
        decide(s, {"type": "siege", "side": "athens", "place": "boeotia", "method": "assault"})
    assert err.value.rule == "8.1"


@pytest.mark.rule("8.2")
def test_8_2_attrition_hits_on_ones_in_the_seasons():
    s = new_state(active=0, season=2)
    put(s, "A1", "boeotia", 4)
    put(s, "S26", "boeotia", 3, inside=True)
    besiege(s, "boeotia", 0, (431, 1, 0))
    s.dice.force([1, 2])  # one die for S26, one for the garrison
    _siege_turn(s, 0, "attrition", "boeotia")
    assert s.cv[U("S26")] == 2 and s.garrisons[P("boeotia")] == [1, 0]
    assert events(s, "attrition")[0]["hits"] == 1


@pytest.mark.rule("8.2")
@pytest.mark.rule("14.11")
def test_8_2_winter_attrition_hits_on_one_to_three_garrison_last():
    s = new_state(active=0, season=5)
    put(s, "A1", "boeotia", 4)
    put(s, "S26", "boeotia", 1, inside=True)
    besiege(s, "boeotia", 0, (431, 4, 0))
    s.dice.force([3, 2])
    _siege_turn(s, 0, "attrition", "boeotia")
    assert s.loc[U("S26")] < 0 and P("boeotia") not in s.garrisons
    assert s.sieges == {} and s.prestige == 1  # taken by attrition: a Trophy


@pytest.mark.rule("8.2")
def test_8_2_owner_chooses_among_equally_strong_blocks():
    s = new_state(active=0, season=2)
    put(s, "A1", "boeotia", 4)
    put(s, "S26", "boeotia", 2, inside=True)
    put(s, "S27", "boeotia", 2, inside=True)
    besiege(s, "boeotia", 0, (431, 1, 0))
    s.stack.append({"kind": "siege_combat", "side": 0, "done": (), "action_turn": 1})
    STEPS.settle(s)
    s.dice.force([1, 4, 4])
    decide(s, {"type": "siege", "side": "athens", "place": "boeotia", "method": "attrition"})
    assert {a["unit"] for a in legal(s)} == {"S26", "S27"}
    decide(s, {"type": "attrition_hit", "side": "sparta", "unit": "S27"})
    assert s.cv[U("S27")] == 1 and s.cv[U("S26")] == 2


@pytest.mark.rule("8.21")
def test_8_21_port_attrition_needs_a_blockade_since_a_prior_season():
    s = new_state(active=1, season=3)
    put(s, "S1", "chalcis", 3)
    put(s, "A17", "chalcis", 2, inside=True)
    besiege(s, "chalcis", 1, (431, 1, 1))
    p = P("chalcis")
    assert not blockaded(s, p)
    assert siege_methods(s, p, True) == ["assault", "none"]
    put(s, "S9", "south_euboean_gulf", 2)
    refresh(s)
    assert blockaded(s, p) and s.sieges[p]["blockaded_since"] == [431, 3, 0]
    assert not attrition_allowed(s, p)  # blockaded only since this season
    s.season = 4
    assert attrition_allowed(s, p)
    assert attrition_max(s, p) == 1
    assert not can_build_in(s, p, 0)  # besieged and blockaded (§8.21)


@pytest.mark.rule("8.21")
def test_8_21_athens_blockades_every_unoccupied_offshore_sea():
    s = new_state(active=0, season=3)
    put(s, "A1", "megaris", 3)
    put(s, "S14", "megaris", 2, inside=True)
    besiege(s, "megaris", 0, (431, 1, 0))
    p = P("megaris")
    assert blockaded(s, p)  # the Saronic Gulf is empty
    put(s, "S15", "saronic_gulf", 2)
    assert not blockaded(s, p)
    s.loc[U("S15")] = P("attica")
    put(s, "A12", "saronic_gulf", 2)
    assert blockaded(s, p)


@pytest.mark.rule("8.22")
def test_8_22_black_sea_grain_blockade_gives_athens_winter_rates():
    s = new_state(active=1, season=3)
    put(s, "S1", "attica", 3)
    put(s, "A1", "attica", 3, inside=True)
    besiege(s, "attica", 1, (431, 1, 1))
    p = P("attica")
    assert not blockaded(s, p)
    put(s, "S9", "hellespont", 2)
    assert grain_blockaded(s) and blockaded(s, p)
    assert attrition_max(s, p) == 3
    s.sieges[p] = {**s.sieges[p], "blockaded_since": [431, 2, 1]}
    s.dice.force([3, 4])  # A1 and the garrison: the 3 hits at winter rates
    _siege_turn(s, 1, "attrition", "attica")
    assert s.cv[U("A1")] == 2


@pytest.mark.rule("4.2")
@pytest.mark.rule("8.21")
def test_4_2_building_bans_in_sieges():
    s = new_state(active=0, season=3)
    put(s, "A1", "boeotia", 3)
    put(s, "S26", "boeotia", 2, inside=True)
    besiege(s, "boeotia", 0, (431, 1, 0))
    assert not can_build_in(s, P("boeotia"), 1)  # besieged inland city
    assert not can_build_in(s, P("boeotia"), 0)  # the besiegers do not hold it
    put(s, "S1", "chalcis", 3)
    put(s, "A17", "chalcis", 2, inside=True)
    besiege(s, "chalcis", 1, (431, 1, 1))
    assert can_build_in(s, P("chalcis"), 0)  # a port, not blockaded
    assert can_build_in(s, P("corinth"), 1)  # no siege at all


@pytest.mark.rule("3.1")
def test_3_1_treachery_one_round_without_double_defense_then_fall_back():
    s = new_state(active=0, season=2)
    put(s, "A1", "boeotia", 1)
    put(s, "S26", "boeotia", 2, inside=True)
    besiege(s, "boeotia", 0, (431, 1, 0))
    treachery_assault(s, 0, P("boeotia"))
    s.dice.force([3, 4, 3, 1])  # S26 misses twice, garrison misses, A1 hits once
    STEPS.settle(s)
    decide(s, {"type": "capitulate", "side": "sparta", "accept": False})
    play(s)
    assert s.cv[U("S26")] == 1  # a full step: no double defense in Treachery
    assert s.loc[U("A1")] == P("boeotia") and s.retreated[U("A1")]
    assert P("boeotia") in s.sieges
    assert s.prestige == 0  # the assaulters suffered nothing


@pytest.mark.rule("3.1")
def test_3_1_treachery_needs_a_siege():
    s = new_state(active=0, season=2)
    with pytest.raises(IllegalAction) as err:
        treachery_assault(s, 0, P("boeotia"))
    assert err.value.rule == "3.1"


@pytest.mark.rule("8.3")
@pytest.mark.rule("5.41")
def test_8_3_besieged_units_sortie_beside_a_relief_force_in_a_separate_battle():
    s = new_state(active=1, season=3)
    put(s, "A1", "boeotia", 3)
    put(s, "S26", "boeotia", 3, inside=True)
    besiege(s, "boeotia", 0, (431, 1, 0))
    put(s, "S27", "boeotia", 2)                 # a Spartan relief force engages the besiegers
    engage(s, ["S27"], "boeotia", "phocis", "land")
    assert sortie_candidates(s, 1) == [U("S26")]

    def sortie_first(s, choices):
        return next((a for a in choices if a["type"] == "sortie"), choices[0])

    combat(s, 1, sortie_first)
    reveals = events(s, "battle_reveal")
    assert [e["battle_kind"] for e in reveals] == ["land", "sortie"]  # never one battle
    assert len(events(s, "sortie")) == 1


@pytest.mark.rule("8.3")
def test_8_3_no_sorties_in_event_turns():
    s = new_state(active=0, season=2)
    put(s, "A1", "attica", 2, inside=True)
    put(s, "S1", "attica", 3)
    besiege(s, "attica", 1, (431, 1, 1))
    s.played[0] = {"card": 5, "use": "event"}
    combat(s, 0)
    assert not any(e["kind"] == "sortie" for e in s.log)
    assert s.inside[U("A1")]
