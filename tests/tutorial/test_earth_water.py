"""The Earth & Water tutorial (issue 27 item 4): its chapters pass `hellenes tutorial check
--complete` (every section of its rulebook taught, every worked example played with the book's
dice), its goals are judged on the game state whatever legal way reaches them, and a task
written wrongly for this game is refused in plain words."""

from __future__ import annotations

import pytest

from hellenes_nb.cli import main
from hellenes_nb.tutorial.catalog import find_task, tutorial_dir
from hellenes_nb.tutorial.check import check_paths
from hellenes_nb.tutorial.run import TaskRun

EW = tutorial_dir() / "earth-water"


def _task(task_id: str):
    return find_task(task_id, EW)[1]


def test_the_packaged_tutorial_is_complete_for_each_game(capsys):
    assert main(["tutorial", "check", "--complete"]) == 0
    out = capsys.readouterr().out
    assert ("earth-water (27 tasks): coverage: 28 of 28 rule sections taught (1 heading "
            "without a task of its own); worked examples: 5 of 5") in out
    assert "home game (67 tasks): coverage: 113 of 113" in out


def test_the_earth_water_chapters_have_25_tasks_or_more_and_no_problem():
    done = check_paths([EW])
    assert done.problems == []
    assert len(done.tasks) >= 25
    assert {c.game for c in done.chapters} == {"earth-water"}


@pytest.mark.rule("7.2")
def test_the_combat_example_is_played_with_the_books_dice():
    run = TaskRun(_task("ew-combat"))
    run.play_solution(upto=2)
    rounds = [e["text"] for e in run.game.log if e["kind"] == "battle_round"]
    assert rounds[0].startswith("Round 1 in Eretria: Greece rolls 2, 3, 4, Persia rolls 5 "
                                "(counted up to 4); best 4 against 4: each side loses 1 fleet")
    assert rounds[1].startswith("Round 1 in Eretria: Greece rolls 2, 3, Persia rolls 4")
    assert run.status == "solved"


@pytest.mark.rule("6.5")
def test_a_near_miss_says_what_is_missing_and_another_way_passes():
    run = TaskRun(_task("ew-three-armies"))
    run.act({"type": "play_card", "side": "greece", "card": 13, "use": "move"})
    legal = run.game.legal_actions("greece")
    two = next(a for a in legal if a.get("to") == "naxos" and a.get("armies") == 2)
    run.act(two)
    assert "Greece should have 3 armies in Naxos (now 2)" in run.missing()
    assert run.status != "solved"
    # the goal is a fact of the position: any legal way to it passes (here, 3 fleets of 4)
    run = TaskRun(_task("ew-three-armies"))
    run.act({"type": "play_card", "side": "greece", "card": 13, "use": "move"})
    legal = run.game.legal_actions("greece")
    other = next(a for a in legal if a.get("to") == "naxos" and a.get("armies") == 3
                 and a.get("fleets") == 3)
    run.act(other)
    assert run.status == "solved" and run.stars == 3


@pytest.mark.rule("8.2")
def test_choosing_the_wrong_army_to_starve_fails_the_supply_example():
    run = TaskRun(_task("ew-supply"))
    run.act({"type": "pass", "side": "persia"})
    run.act({"type": "keep_none", "side": "persia"})
    run.act({"type": "choose_city", "side": "persia", "city": "delphi"})
    assert run.status == "failed"
    assert "Persia should have 2 armies in Delphi (now 1)" in run.message


CHAPTER = """\
format: hellenes-tutorial 1
chapter: 1
game: earth-water
id: ew-test
title: Test
tasks:
  - id: ew-broken
    title: Broken
    rules: ["{rule}"]
    side: {side}
    position:
      start: operations
      greece: {{armies: {{athenai: 1}}}}
      persia: {{armies: {{ephesos: 1}}}}
      hands: {{greece: [13], persia: [14]}}
    text: Do it.
    goal: {goal}
"""


@pytest.mark.parametrize(("rule", "side", "goal", "words"), [
    ("6.4", "greece", "{at: {A1: plataea}}", "goal: unknown field 'at' (allowed here: all, "
                                             "any, not, state)"),
    ("6.4", "greece", "{state: {armies: {greece: {atlantis: 1}}}}", "'atlantis' is not a city"),
    ("6.4", "greece", "{state: {wealth: 3}}", "state 'wealth' is not a condition"),
    ("6.4", "greece", "{state: {armies: {greece: 3}}}", "state armies.greece: "),
    ("6.4", "greece", "{state: {control: {thebai: sparta}}}", "state control.thebai: "),
    ("6.4", "greece", "{state: {gain: lots}}", "state gain"),
    ("6.4", "athens", "{state: {armies: {greece: {korinthos: 1}}}}",
     "side: 'athens' is not a side of this game (its sides: greece, persia)"),
    ("6.33", "greece", "{state: {armies: {greece: {korinthos: 1}}}}",
     "§6.33 is not a section of the Earth & Water rulebook"),
])
def test_a_task_written_wrongly_is_refused_in_words(tmp_path, rule, side, goal, words):
    path = tmp_path / "01-test.yaml"
    path.write_text(CHAPTER.format(rule=rule, side=side, goal=goal), encoding="utf-8")
    problems = [str(p) for p in check_paths([path]).problems]
    assert problems and all("task 1 'Broken'" in p for p in problems)
    assert any(words in p for p in problems), problems


def test_a_position_the_game_cannot_set_up_is_refused_in_words(tmp_path):
    path = tmp_path / "01-test.yaml"
    text = CHAPTER.format(rule="6.4", side="greece",
                          goal="{state: {armies: {greece: {korinthos: 1}}}}")
    path.write_text(text.replace("start: operations", "start: lunch"), encoding="utf-8")
    problems = [str(p) for p in check_paths([path]).problems]
    assert len(problems) == 1 and "board: start:" in problems[0], problems


def test_every_stage_has_a_hint():
    bare = [(t.id, n) for c in check_paths([EW]).chapters for t in c.tasks
            for n, s in enumerate(t.steps(), 1) if not s.hints]
    assert bare == []


def test_the_kit_judges_goals_with_the_shared_state_goal_parts():
    """The Earth & Water kit is built from tutorial/stategoals.py, not from a copy of it: its
    position error is the shared one, and its passive side, with no passive choice among the
    legal actions, buys no card (the game's own fallback the shared chooser now takes)."""
    from hellenes_nb.games.earth_water import tutorialkit
    from hellenes_nb.tutorial import stategoals

    assert tutorialkit.KIT.board_error is stategoals.PositionError
    legal = [{"type": "buy_cards", "n": 2}, {"type": "buy_cards", "n": 0}]
    assert tutorialkit.passive(legal) == {"type": "buy_cards", "n": 0}
    last = stategoals.passive_choice(("pass",), lambda actions: actions[-1])
    assert last([{"type": "a"}, {"type": "b"}]) == {"type": "b"}
    assert last([{"type": "a"}, {"type": "pass"}]) == {"type": "pass"}


def test_a_wrong_example_and_a_wrong_goal_are_named_alike_by_both_map_kits():
    """Earth & Water and Amphipolis check a task's example and goals with the one shared
    tutorial/stategoals.py task_references; only the rule sections are each game's."""
    from types import SimpleNamespace

    from hellenes_nb.games.amphipolis import tutorialkit as amph
    from hellenes_nb.games.earth_water import tutorialkit as ew
    from hellenes_nb.tutorial.stategoals import goal_references, task_references

    goal = SimpleNamespace(state={"nowhere": 1}, all=(), any=(), not_=None)
    task = SimpleNamespace(rules=("99",), example="Hoplites", stages=(),
                           steps=lambda: [SimpleNamespace(goal=goal)])
    for kit in (ew, amph):
        shared = task_references(task, kit.EXAMPLES, goal_references(kit.StateGoal))
        assert shared[0].startswith("example: 'Hoplites' is not a worked example")
        assert shared[1].startswith("goal: state 'nowhere' is not a condition")
        out = kit.KIT.references(None, task, None)
        assert out[0].startswith("rules: §99 is not a section of the") and out[1:] == shared


def test_both_map_kits_read_goals_with_the_one_shared_goal_model():
    """Earth & Water and Amphipolis read a goal's ``state``, ``all``, ``any`` and ``not`` with
    tutorial/stategoals.py Goal: a goal written wrongly is refused in the same words."""
    from hellenes_nb.games.amphipolis import tutorialkit as amph
    from hellenes_nb.games.earth_water import tutorialkit as ew
    from hellenes_nb.tutorial.stategoals import Goal

    assert ew.KIT.models.goal is Goal and amph.KIT.models.goal is Goal
    with pytest.raises(ValueError, match="at least one condition"):
        Goal.model_validate({})
    assert Goal.model_validate({"not": {"state": {"over": True}}}).keys() == ["not"]
