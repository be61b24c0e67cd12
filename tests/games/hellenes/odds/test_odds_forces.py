"""The forces syntax and battle validation (docs/odds.md)."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hellenes_nb.games.hellenes.odds import (
    Block,
    ForcesError,
    format_forces,
    make_battle,
    parse_forces,
)
from hellenes_nb.games.hellenes.odds.forces import Unknown, parse_fog_forces


def test_plain_blocks_keep_written_order():
    assert parse_forces("B2:3, A1:2") == (Block("B", 2, 3), Block("A", 1, 2))


def test_flags_fleets_and_garrison():
    cav, fleet, land_fleet, garrison = parse_forces("cav:A2:3,fleet:E1:3+B2:2,fleet:2,garrison")
    assert cav == Block("A", 2, 3, cavalry=True)
    assert fleet == Block("E", 1, 3, fleet=True, carried=2)
    assert land_fleet == Block("D", 1, 2, fleet=True)
    assert garrison == Block("A", 2, 1, garrison=True, city=True)


def test_lower_case_ratings_are_accepted():
    assert parse_forces("b2:3") == (Block("B", 2, 3),)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("B2:3,B2:9", "'B2:9'"),
        ("B2:0", "'B2:0'"),
        ("G2:3", "'G2:3'"),
        ("B4:3", "'B4:3'"),
        ("B2", "'B2'"),
        ("B2:3,,A1:1", "token number 2"),
        ("cav:fleet:A1:2", "'cav:fleet:A1:2'"),
        ("B2:3+1", "'B2:3+1'"),
        ("fleet:E1:2+2", "'fleet:E1:2+2'"),
        ("cav:E1:2", "'cav:E1:2'"),
        ("B2:?", "'B2:?'"),
    ],
)
def test_bad_tokens_are_named(text, named):
    with pytest.raises(ForcesError, match=re.escape(named)):
        parse_forces(text)


def test_empty_force():
    with pytest.raises(ForcesError, match="empty forces"):
        parse_forces("  ")


def test_fog_tokens():
    assert parse_fog_forces("?,C2:?,B1:2") == (Unknown(), Unknown("C2"), Block("B", 1, 2))


blocks = st.builds(
    Block,
    agility=st.sampled_from("ABCD"),
    power=st.integers(1, 3),
    cv=st.integers(1, 4),
    cavalry=st.booleans(),
)


@given(st.lists(blocks, min_size=1, max_size=6))
def test_format_round_trips(force):
    assert parse_forces(format_forces(tuple(force))) == tuple(force)


@pytest.mark.rule("6.5")
def test_sea_battles_need_fleet_ratings():
    with pytest.raises(ForcesError, match="attacker: 'B2:3' cannot fight at sea"):
        make_battle("B2:3", "E1:2", sea=True)


@pytest.mark.rule("2.26")
def test_land_fleets_are_d1():
    with pytest.raises(ForcesError, match="fleets fight on land as D1"):
        make_battle("fleet:C2:3", "B2:2")
    with pytest.raises(ForcesError, match="sea rating"):
        make_battle("E1:3", "B2:2")


@pytest.mark.rule("7.3")
def test_garrison_only_in_assaults_and_only_one():
    with pytest.raises(ForcesError, match="garrison only fights"):
        make_battle("B2:3", "garrison")
    with pytest.raises(ForcesError, match="one garrison"):
        make_battle("B2:3", "garrison,garrison", assault=True)


@pytest.mark.rule("8.1")
def test_assault_defenders_become_a2_city_defenders():
    spec = make_battle("B2:3", "C2:4,garrison", assault=True)
    assert all(b.rating == "A2" and b.city for b in spec.defender)


@pytest.mark.rule("8.12")
def test_besieged_cannot_retreat():
    from hellenes_nb.games.hellenes.odds import RetreatPolicy

    with pytest.raises(ForcesError, match="cannot retreat"):
        make_battle("B2:3", "C2:4", assault=True, defender_retreat=RetreatPolicy(after_rounds=1))


def test_option_clashes_are_explained():
    with pytest.raises(ForcesError, match="narrows only affect sea battles"):
        make_battle("B2:3", "C2:4", narrows=True)
    with pytest.raises(ForcesError, match="siege assault is a land battle"):
        make_battle("E1:3", "E1:2", sea=True, assault=True)


@pytest.mark.rule("6.2")
def test_blocks_keep_the_order_written():
    # the battle machine orders a class by block key and the widget keys blocks as written
    spec = make_battle("B2:2,C2:4,A1:2,B1:4", "C2:1")
    assert format_forces(spec.attacker) == "B2:2,C2:4,A1:2,B1:4"


@pytest.mark.rule("6.2")
def test_fire_order_agility_then_defenders_first():
    # the rulebook's Combat Round Example: A defender, A aggressor, B aggressor, C defender
    spec = make_battle("cav:A1:2,B2:3", "C2:3,A1:2")
    assert [(side, spec.forces[side][i].rating) for side, i in spec.fire_order()] == [
        (1, "A1"),
        (0, "A1"),
        (0, "B2"),
        (1, "C2"),
    ]
