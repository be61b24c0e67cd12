"""Goal predicates: a goal reached any legal way passes, a near miss fails and says what is
missing (hellenes_nb/games/hellenes/tutorialgoals.py)."""

from __future__ import annotations

import pytest

from hellenes_nb.tutorial.catalog import find_task
from hellenes_nb.tutorial.run import TaskRun


def _run(task_id: str) -> TaskRun:
    return TaskRun(find_task(task_id)[1])


@pytest.mark.rule("3.3")
def test_3_3_initiative_goal_passes_with_the_lower_card():
    run = _run("move-first")
    assert run.missing()
    run.act({"type": "play_card", "side": "athens", "card": 14, "use": "actions"})
    assert run.status == "solved" and run.missing() == []


@pytest.mark.rule("3.3")
def test_3_3_initiative_goal_near_miss_fails():
    run = _run("move-first")
    run.act({"type": "play_card", "side": "athens", "card": 17, "use": "actions"})
    assert run.status == "failed"
    assert "Athens should win the initiative" in run.message


@pytest.mark.rule("3.11")
def test_3_11_actions_goal_counts_the_leader():
    run = _run("leader-bonus")
    run.act({"type": "play_card", "side": "athens", "card": 16, "use": "actions"})
    assert run.status == "solved"


@pytest.mark.rule("3.11")
def test_3_11_actions_goal_near_miss_with_an_event():
    run = _run("leader-bonus")
    run.act({"type": "play_card", "side": "athens", "card": 43, "use": "actions"})
    assert run.status != "solved"
    assert any("3 actions" in m for m in run.missing())


@pytest.mark.rule("4.22")
def test_4_22_event_goal_reads_the_log_side_by_name():
    run = _run("recruit")
    run.play_solution()
    assert run.status == "solved"


# -- the map: any legal way passes, a near miss fails with what is missing --------------------
@pytest.mark.rule("5.21")
def test_5_21_carry_by_sea_any_way_passes():
    run = _run("carry-the-hoplites")
    run.act({"type": "move_group", "side": "athens", "area": "attica"})
    run.act({"type": "move", "side": "athens", "unit": "A9", "path": ["saronic_gulf", "aegina"],
             "carry": "A1"})
    assert run.status == "solved"


@pytest.mark.rule("5.1")
def test_5_1_one_unit_short_is_a_near_miss():
    run = _run("march-to-boeotia")
    run.go("A1", "plataea")
    assert run.status == "playing"
    assert run.missing() == ["Athenian hoplite #2 (Aegeis hoplites) should be in Plataea; "
                             "it is Attica"]
    run.act({"type": "end_group", "side": "athens"})
    assert run.status == "failed" and "the turn is over" in run.message


@pytest.mark.rule("5.0")
def test_5_0_a_refused_move_changes_nothing_and_says_why():
    run = _run("march-to-boeotia")
    before = list(run.game.state.loc)
    with pytest.raises(Exception, match="movement range"):
        run.go("A1", "laconia")
    assert "§5.0" in run.refusal and list(run.game.state.loc) == before


@pytest.mark.rule("1.3")
def test_1_3_pick_area_right_and_wrong():
    right = _run("offshore-sea")
    right.pick("thermaic_gulf")
    assert right.status == "solved"
    wrong = _run("offshore-sea")
    wrong.pick("toronaic_gulf")
    assert wrong.status == "playing"  # a wrong answer leaves the question open
    assert "is not the offshore sea of Pallene" in wrong.message
    wrong.pick("thermaic_gulf")
    assert wrong.status == "solved" and wrong.stars < 3


@pytest.mark.rule("2.13")
def test_2_13_pick_unit_fastest_near_miss():
    run = _run("fastest-block")
    run.pick("S1")
    assert run.status == "playing" and "moves 2 areas" in run.message


@pytest.mark.rule("8.21")
def test_8_21_blockade_goal_needs_the_offshore_sea():
    run = _run("blockade")
    run.go("S20", "gulf_of_patrae")
    assert run.status != "solved"


@pytest.mark.rule("4.23")
def test_4_23_all_parts_of_a_goal_must_hold():
    run = _run("detached-garrison")
    run.go("A1", "attica")  # home without leaving a garrison: Megara is lost
    run.act({"type": "end_actions", "side": "athens"})
    assert run.status == "failed"
    assert any("garrison of Megaris" in m for m in run.missing())


# -- the battle board ---------------------------------------------------------------------------
@pytest.mark.rule("6.34")
def test_6_34_rearguard_pick_right_and_wrong():
    run = _run("pursuit-example")
    run.play_solution(upto=0)
    run.next()
    assert "no side has panicked" not in " ".join(run.missing())
    wrong = run.copy()
    wrong.pick("A1")
    assert wrong.status == "playing" and "rated D" in wrong.message
    run.pick("A3")
    assert run.status == "stage_done"


@pytest.mark.rule("6.34")
def test_6_34_rearguard_before_any_panic_is_not_met():
    run = _run("pursuit-example")
    run.play_solution(upto=0)
    run.next()
    fresh = _run("pursuit-example")
    fresh.stage = 1
    fresh.picked = "A3"
    assert fresh.missing() == ["no side has panicked yet, so there is no rearguard (§6.34)"]


@pytest.mark.rule("6.5")
def test_6_5_in_narrows_the_defender_fires_first():
    run = _run("narrows")
    assert run.board.battle.next_attacker() == "A1"  # the engine's slot: the aggressor holds
    wrong = run.copy()
    wrong.pick("A1")
    assert wrong.status == "playing" and wrong.message.startswith("Not that one")
    run.pick("S1")
    assert run.status == "solved"


@pytest.mark.rule("6.4")
def test_6_4_battle_goal_near_miss_fighting_on():
    run = _run("win-with-fewest-losses")
    run.play_item({"type": "attack"})
    run.play_item({"type": "attack"})  # fights on instead of retreating
    run.play_item({"type": "battle"})
    assert run.status == "failed" and "Not solved" in run.message


@pytest.mark.rule("11.0")
def test_11_0_appeal_to_ares_wins_by_elimination():
    run = _run("appeal-to-ares")
    run.play_solution()
    assert run.status == "solved" and run.board.battle.outcome.how == "elimination"


@pytest.mark.rule("2.0")
def test_2_0_a_missing_goal_never_names_a_hidden_enemy_block():
    run = _run("two-formations")
    missing = " ".join(run.missing())
    assert "the enemy block should be eliminated" in missing
    assert "Megarian" not in missing and "S14" not in missing


@pytest.mark.rule("4.21")
def test_4_21_a_strength_goal_says_what_is_missing_in_words():
    """A strength goal not met says it in words ("should be at strength 3; it is at 2"), not
    in the rulebook's abbreviation (issue 15, item 3)."""
    run = _run("build-a-step")
    missing = " ".join(run.missing())
    assert "should be at strength 3; it is at 2" in missing
    assert " cv" not in missing


@pytest.mark.rule("1.3")
def test_1_3_a_wrong_answer_keeps_the_task_open_with_a_hint_and_fewer_stars():
    """Issue 28 item 1: a wrong click used to end "Find a port" (status failed, Hint greyed,
    the right answer ignored)."""
    run = _run("click-a-port")
    run.pick("arcadia")
    assert run.status == "playing"
    assert "Arcadia" in run.message and "Try again" in run.message
    assert "port" in run.hint()
    run.pick("attica")
    assert run.status == "solved" and run.stars == 2  # the wrong answer and the hint cost
