"""A lesson position keeps its scenario's standing state and may declare what happened since
the setup: War Resumes (§12.1, in force from the start in 413, §15.3) and the plagues in
Athens (§15.1 rule 3). Issue 14 item 10: the flags used to be wiped, so a 413 position
collected full tribute and gave Thebes capacity 8."""

from __future__ import annotations

import pytest

from hellenes_nb.games.hellenes.lessonposition import build_state, position_problems
from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules import year_end
from hellenes_nb.games.hellenes.rules.setup import initial_state, leader_card
from hellenes_nb.games.hellenes.state import ASIDE, POOL
from hellenes_nb.lessons.format import LessonFormatError, load_spec

LESSON = """\
format: lesson 1
game: hellenes
id: history
title: History
period: "413 BC"
objectives: [Test the position]
time: "5 minutes"
seed: 3
position:
  scenario: "{scenario}"
  year: {year}
  season: spring
  leaders: {leaders}
  units:
    - {{unit: A1, area: attica, cv: 3}}
{extra}
steps:
  - {{title: t, narrative: n}}
"""

#: the cities each side holds in the 413 setup (captured cities, §15.3)
GARRISONS_413 = "  garrisons: {athens: [leucas, pylos], sparta: [plataea, amphipolis]}\n"


def _spec(write, scenario="413", year=413, leaders="{athens: proboulois, sparta: agis}",
          extra=""):
    return load_spec(write(LESSON.format(scenario=scenario, year=year, leaders=leaders,
                                         extra=extra)))


def _state(write, world, **kw):
    spec = _spec(write, **kw)
    return build_state(world, spec.position, spec.seed)


@pytest.mark.rule("12.11")
def test_12_11_a_413_position_collects_halved_tribute(write, world):
    s = _state(write, world, extra=GARRISONS_413)
    assert s.flags.get("war_resumed") == 1
    t = year_end.tribute(s)
    assert (t["athens"]["cities"], t["sparta"]["cities"]) == (3, 4)
    assert (t["athens"]["collected"], t["sparta"]["collected"]) == (1, 2)
    # the same as the scenario's own setup (§15.3)
    assert year_end.tribute(initial_state(world, "413", 3)) == t


@pytest.mark.rule("12.12")
def test_12_12_a_413_position_gives_thebes_capacity_12(write, world):
    s = _state(write, world)
    assert scenario_rules.capacity(s, s.ix.place("boeotia")) == 12
    assert scenario_rules.capacity(s, s.ix.place("attica")) == 2 * s.ix.city_value[
        s.ix.place("attica")]


@pytest.mark.rule("15.4")
def test_15_4_a_415_position_keeps_the_peace_and_the_expedition_marks(write, world):
    s = _state(write, world, scenario="415", year=415,
               leaders="{athens: alcibiades, sparta: agis}")
    assert s.flags.get("no_rebels") == 1 and not s.flags.get("war_resumed")
    assert scenario_rules.peace(s)
    assert s.flags.get("expedition:A47") == 1 and s.flags.get("expedition:A55") == 2
    assert s.loc[s.ix.unit("S41")] == ASIDE
    halved = year_end.tribute(s)
    assert all(v["collected"] == v["cities"] for v in halved.values())


@pytest.mark.rule("12.13")
def test_12_13_a_415_position_may_declare_war_resumed(write, world):
    s = _state(write, world, scenario="415", year=414,
               leaders="{athens: alcibiades, sparta: agis}",
               extra="  war_resumed: true\n  garrisons: {athens: [pylos, leucas]}\n")
    assert s.flags.get("war_resumed") == 1 and "no_rebels" not in s.flags
    assert not scenario_rules.peace(s)
    assert all(s.loc[s.ix.unit(f"S{n}")] == POOL for n in range(41, 47))
    t = year_end.tribute(s)["athens"]
    assert t["cities"] > 1 and t["collected"] == t["cities"] // 2
    assert scenario_rules.capacity(s, s.ix.place("boeotia")) == 12


@pytest.mark.rule("12.13")
def test_12_13_set_aside_units_may_not_be_placed_under_the_peace(write, world):
    spec = _spec(write, scenario="415", year=415, leaders="{athens: alcibiades, sparta: agis}",
                 extra="    - {unit: S41, area: laconia, cv: 2}\n")
    assert any("unit S41" in p and "set aside" in p and "§12.13" in p
               for p in position_problems(world, spec.position))


@pytest.mark.rule("15.1")
def test_15_1_plagues_in_athens_count_toward_pericles_death(write, world):
    s = _state(write, world, scenario="431", year=429, leaders="{athens: null, sparta: null}",
               extra="  plagues_in_athens: 2\n")
    assert s.flags.get("plague_count") == 2 and s.flags.get("plague_struck") == 1
    assert scenario_rules.plague_barred(s)
    assert leader_card(world, "pericles") not in s.deck


@pytest.mark.rule("3.1")
def test_3_1_plague_struck_lets_plague_returns_be_played(write, world):
    s = _state(write, world, scenario="431", year=429, leaders="{athens: pericles, sparta: null}",
               extra="  plague_struck: true\n")
    assert s.flags.get("plague_struck") == 1 and "plague_count" not in s.flags
    assert not scenario_rules.plague_barred(s)


@pytest.mark.parametrize(("kw", "text"), [
    ({"extra": "  war_resumed: false\n"}, "starts after War Resumes (§15.3)"),
    ({"scenario": "431", "year": 429, "leaders": "{athens: pericles, sparta: archidamus}",
      "extra": "  war_resumed: true\n"}, "it has no Peace of Nicias to break"),
    ({"scenario": "sicily", "year": 415, "leaders": "{athens: null, sparta: null}",
      "extra": "  war_resumed: true\n"}, "its Peace of Nicias cannot be broken"),
    ({"extra": "  plagues_in_athens: 1\n"}, "does not count plagues in Athens"),
    ({"scenario": "431", "year": 429, "leaders": "{athens: null, sparta: null}",
      "extra": "  plagues_in_athens: 3\n"}, "must be 0, 1 or 2, got 3"),
    ({"scenario": "431", "year": 429, "leaders": "{athens: pericles, sparta: null}",
      "extra": "  plagues_in_athens: 2\n"}, "Pericles died of the second plague"),
    ({"scenario": "431", "year": 429, "leaders": "{athens: null, sparta: null}",
      "extra": "  plagues_in_athens: 1\n  plague_struck: false\n"}, "contradicts"),
])
def test_declared_history_is_checked_against_the_scenario(write, world, kw, text):
    spec = _spec(write, **kw)
    problems = position_problems(world, spec.position)
    assert any(text in p for p in problems), problems


def test_declared_history_has_plain_types(write):
    with pytest.raises(LessonFormatError,
                       match=r"position › war_resumed: should be true or false, not 'yes please'"):
        _spec(write, extra="  war_resumed: yes please\n")
    with pytest.raises(LessonFormatError,
                       match=r"position › plagues_in_athens: should be a whole number, not 'two'"):
        _spec(write, scenario="431", year=429, extra="  plagues_in_athens: two\n")


@pytest.mark.rule("15.1")
def test_15_1_pericles_card_is_out_of_the_game_after_the_second_plague(write, world):
    n = leader_card(world, "pericles")
    spec = _spec(write, scenario="431", year=429, leaders="{athens: null, sparta: null}",
                 extra=f"  plagues_in_athens: 2\n  hands: {{athens: [{n}]}}\n")
    assert any(f"card {n} is already out of the game" in p
               for p in position_problems(world, spec.position))
