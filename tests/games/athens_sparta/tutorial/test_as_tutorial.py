"""The Athens & Sparta tutorial chapter (issue 30 item 4): `hellenes tutorial check --complete`
passes for the game; each task's solution solves it with the dice forced where the rules or
the player aid give an example; a wrong play fails the task with what is missing; a wrong
position is refused in plain words."""

from __future__ import annotations

import pytest

from hellenes_nb.cli import main
from hellenes_nb.games.athens_sparta.plugin import PLUGIN
from hellenes_nb.tutorial.catalog import find_task, tutorial_dir
from hellenes_nb.tutorial.run import TaskRun

AS = tutorial_dir() / "athens-sparta"


def _run(task_id: str, **update) -> TaskRun:
    task = find_task(task_id, AS)[1]
    return TaskRun(task.model_copy(update=update) if update else task)


def _blocks(run: TaskRun) -> dict:
    return {k: (v.where, v.steps) for k, v in run.game.state.board.blocks.items()}


def test_the_chapter_passes_the_complete_check(capsys):
    assert main(["tutorial", "check", "--complete", str(AS)]) == 0
    out = capsys.readouterr().out
    assert "athens-sparta (14 tasks): coverage: 25 of 25 rule sections taught" in out
    assert "worked examples: 7 of 7" in out


def test_the_game_registers_its_tutorial_kit():
    kit = PLUGIN.tutorial
    assert kit is not None and kit.folder == "athens-sparta"
    assert kit.board.endswith("widgets.board:ASBoard")


@pytest.mark.rule("4.6")
def test_4_6_the_storm_goes_first_against_a_5_and_a_plain_card_does_not():
    run = _run("as-event-first")
    run.play_solution()
    assert run.status == "solved"
    wrong = _run("as-event-first")
    wrong.play_item({"type": "card", "card": "move-01"})
    assert wrong.status == "failed"
    assert "Sparta should be Player 1 this Game Turn" in wrong.message


@pytest.mark.rule("4.4")
def test_4_4_three_mps_move_two_hoplites_to_corinth_and_the_navy_to_athens():
    run = _run("as-three-mp")
    run.play_solution()
    assert run.status == "solved"
    assert _blocks(run)["spa-n1"] == ("0907", 3)
    # a fourth block may not move: the three MPs are spent and the Move Phase is over
    assert run.game.prompt.kind != "ops"


@pytest.mark.rule("4.51")
def test_4_51_a_march_reaches_thebes_where_an_operation_move_does_not():
    run = _run("as-march")
    moves = {a["to"] for a in run.game.legal_actions("sparta")
             if a.get("block") == "spa-h1" and a["type"] == "move"}
    assert "0706" not in moves
    run.play_solution()
    assert run.status == "solved"


@pytest.mark.rule("4.52")
def test_4_52_an_army_goes_by_sea_between_friendly_ports():
    run = _run("as-sea-move")
    run.play_solution()
    assert run.status == "solved" and _blocks(run)["cor-h1"] == ("0710", 3)


@pytest.mark.rule("4.3")
def test_4_3_past_abydos_from_cardia_and_the_attack_fails_the_task():
    run = _run("as-strait-abydos")
    run.play_solution()
    assert run.status == "solved"
    assert not any(e.get("kind") == "battle" for e in run.game.log)
    attack = _run("as-strait-abydos")
    attack.play_item({"type": "move", "block": "spa-h1", "to": "1402"})
    assert attack.status != "solved"
    assert "spa-h1 should be in 1403 (now 1402)" in attack.missing()


@pytest.mark.rule("5.1")
def test_5_1_defenders_fire_first_and_hits_go_to_the_strongest():
    run = _run("as-battle-order")
    run.play_solution()
    assert run.status == "solved"
    # the 6, 6 were the Athenian peltast's (the defender fires first): no Spartan step lost;
    # had the Spartan peltast fired first it would have rolled them and the Athenian the 1s
    assert _blocks(run)["spa-p1"] == ("0101", 4) and _blocks(run)["meg-h1"] == ("0101", 2)


@pytest.mark.rule("5.41")
def test_5_41_storming_amphipolis_with_double_defence():
    run = _run("as-storm-amphipolis")
    run.play_solution()
    assert run.status == "solved"
    b = _blocks(run)
    assert b["amphipolis-p"] == ("pool", 0) and b["ath-h1"] == ("0900", 1)
    assert run.game.state.board.besieged["amphipolis"] == "sparta"
    # a single half hit (one die of 1 or 2 instead of two) leaves the peltast in the city
    dice = list(run.task.dice)
    dice[-3:] = [1, 5, 6]
    one_half = _run("as-storm-amphipolis", dice=tuple(dice))
    one_half.play_solution()
    assert one_half.status != "solved"
    assert _blocks(one_half)["amphipolis-p"] == ("0900", 1)


@pytest.mark.rule("6.0")
def test_6_0_attrition_at_potidaea_hits_at_3_and_misses_at_2():
    run = _run("as-siege-attrition")
    run.play_solution()
    assert run.status == "solved"
    miss = _run("as-siege-attrition", dice=(2,))
    miss.play_solution()
    assert miss.status == "failed" and "cor-h2 should be at strength 1" in miss.message


@pytest.mark.rule("4.6")
def test_4_6_the_earthquake_cancels_spartas_moves_but_not_the_attrition():
    run = _run("as-earthquake")
    run.play_solution()
    assert run.status == "solved"
    plain = _run("as-earthquake")
    plain.play_item({"type": "card", "card": "move-23"})
    assert "this should not have happened: move" in plain.missing()  # Sparta's scripted move
    plain.play_item({"type": "end_moves"})
    plain.play_item({"type": "end_battles"})
    assert plain.status == "failed" and "the turn is over" in plain.message


@pytest.mark.rule("10.2")
def test_10_2_thirty_city_points_at_the_olympiads_end_win():
    run = _run("as-victory")
    run.play_solution()
    assert run.status == "solved" and run.game.result["winner"] == "athens"
    assert run.game.result["points"]["athens"] == 30


def test_a_position_naming_an_unknown_block_is_refused_in_words(capsys, tmp_path):
    text = (AS / "01-first-olympiad.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("spa-h1: {at: \"1501\"", "spa-h9: {at: \"1501\"", 1),
                   encoding="utf-8")
    assert main(["tutorial", "check", str(bad)]) == 1
    captured = capsys.readouterr()
    out = captured.out + captured.err
    assert "'spa-h9' is not a block of Athens & Sparta" in out
    assert "Traceback" not in out


def test_alone_leaves_only_the_named_blocks_and_their_sieges_on_the_map():
    march = _run("as-march")
    board = march.game.state.board
    assert {k for k, v in board.blocks.items() if v.where not in ("pool", "offmap")} == \
        {"spa-h1", "ath-h1"}
    assert "potidaea" not in board.besieged  # nobody left at Potidaea: no siege
    assert len(march.game.legal_actions()) < 40  # the panel's buttons stay few
    victory = _run("as-victory")
    assert victory.game.state.board.besieged["potidaea"] == "athens"  # its blocks are named


@pytest.mark.rule("9.5")
def test_9_5_attacking_neutral_argos_makes_it_athens_ally_at_full_strength():
    run = _run("as-neutral-argos")
    assert run.game.state.board.control["argos"] == "neutral"
    run.play_solution()
    assert run.status == "solved" and _blocks(run)["arg-h1"] == ("0608", 4)


@pytest.mark.rule("7.0")
def test_7_0_a_revolt_in_empty_amphipolis_takes_it_at_once():
    run = _run("as-revolt")
    run.play_solution()
    assert run.status == "solved"
    assert _blocks(run)["tyrants"] == ("0900", 1)
    assert not any(e.get("kind") == "battle" for e in run.game.log)


@pytest.mark.rule("10.1")
def test_10_1_a_spartan_block_in_athens_at_the_turns_end_wins_at_once():
    run = _run("as-sudden-death")
    run.play_solution()
    assert run.status == "solved"
    assert run.game.result["how"] == "sudden death"


@pytest.mark.rule("5.5")
def test_5_5_the_retreat_is_never_by_the_attackers_way_in_and_saves_the_steps():
    run = _run("as-retreat")
    run.play_item({"type": "combat", "block": "ath-h1", "choice": "retreat"})
    places = {a["to"] for a in run.game.legal_actions("athens")}
    assert "0202" in places and "0100" not in places  # Sparta came from 0100
    run.play_item({"type": "retreat", "block": "ath-h1", "to": "0202"})
    assert run.status == "solved" and _blocks(run)["ath-h1"] == ("0202", 3)


def test_a_wrong_position_is_named_in_plain_words():
    from hellenes_nb.games.athens_sparta.tutorialkit import board_problems
    assert board_problems(None, {"start": "moves", "side": "sparta"}) == []
    words = "; ".join(board_problems(None, {"start": "battles", "blocks": {
        "spa-h1": {"at": "9999", "steps": 5}}, "hands": {"athens": ["storm", "storm"]}}))
    assert "'9999' is not a hex of Athens & Sparta" in words
    assert "§2.11" in words  # five steps: a block has four at most
    words = "; ".join(board_problems(None, {"side": "sparta", "blocks": {
        "ath-h1": {"at": "0907", "steps": 4}, "arg-h1": {"at": "0608", "steps": 4},
        "spa-h1": {"at": "0610", "steps": 0}}}))
    assert "ath-h1 has 3 steps at most, not 4 (§2.11)" in words
    assert "arg-h1 is neutral" in words and "spa-h1 stands on the map with 1 step" in words
    for whole in ("needs the side who acts", "needs the hexes attacked"):
        assert whole in "; ".join(board_problems(None, {"start": "battles"}))
