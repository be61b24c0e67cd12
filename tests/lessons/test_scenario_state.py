"""Lessons on the 413 scenario start from a position that keeps the scenario's own state (issue
20): War Resumes is in force at every step (§15.3), so tribute is halved (§12.11), Thebes holds
twelve for the army of Decelea (§12.12) and the other cities twice their value. Parametrized by
the lesson files, so a 413 lesson added later is checked too."""

from __future__ import annotations

import pytest
from support.paths import LESSONS

from hellenes_nb.games.hellenes.rules import scenarios as scenario_rules
from hellenes_nb.games.hellenes.rules import year_end
from hellenes_nb.games.hellenes.rules.setup import initial_state
from hellenes_nb.lessons import Lesson, load_spec

IN_413 = sorted(p.stem for p in LESSONS.glob("*.yaml")
                if load_spec(p).position.scenario == "413")


def test_the_413_lessons_are_found():
    assert {"decelea-ionian-war-413-411", "aegospotami-405-404"} <= set(IN_413)


@pytest.mark.rule("15.3")
@pytest.mark.parametrize("name", IN_413)
def test_15_3_every_step_halves_tribute_and_keeps_decelea_s_thebes(name, world):
    lesson = Lesson(name, world=world)
    setup = initial_state(world, "413", 1)
    ix = setup.ix
    for n in range(1, len(lesson.steps) + 1):
        lesson.goto(n)
        st = lesson.state
        assert scenario_rules.war_resumed(st) and not scenario_rules.peace(st), n
        assert scenario_rules.capacities(st) == scenario_rules.capacities(setup), n
        assert scenario_rules.capacity(st, ix.place("boeotia")) == 12, "Decelea (§12.12)"
        assert scenario_rules.capacity(st, ix.place("attica")) == 12, "twice its value"
        for side, rec in year_end.tribute(st).items():
            assert rec["collected"] == rec["cities"] // 2, (n, side, "halved, §12.11")
