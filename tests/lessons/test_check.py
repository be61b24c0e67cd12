"""The lesson checker names the file, the step and the problem, and exits non-zero."""

from __future__ import annotations

import argparse

import pytest

from hellenes_nb.games.hellenes.lessonverify import check_lesson
from hellenes_nb.lessons import LessonFormatError, load_spec
from hellenes_nb.lessons.cli import add_lesson_parser

from .conftest import MINI, PYLOS


def _problems(write, text: str, world) -> list[str]:
    path = write(text)
    return [str(p) for p in check_lesson(path, world=world)]


def _one(write, text: str, world) -> str:
    problems = _problems(write, text, world)
    assert len(problems) == 1, problems
    return problems[0]


def test_the_mini_lesson_is_clean(write, world):
    assert _problems(write, MINI, world) == []


def test_bad_area_id_in_an_action_names_file_and_step(write, world):
    text = MINI.replace("path: [pylos], carry", "path: [pilos], carry")
    msg = _one(write, text, world)
    assert "lesson.yaml: step 2 'The landing'" in msg
    assert "'pilos' is not an area id" in msg


def test_bad_area_id_in_focus(write, world):
    msg = _one(write, MINI.replace("highlight: [pylos]", "highlight: [sphacteria]"), world)
    assert "step 1 'The situation'" in msg and "'sphacteria' is not an area id" in msg


def test_bad_rule_section(write, world):
    msg = _one(write, MINI.replace('rules: ["5.2"]', 'rules: ["6.35"]'), world)
    assert "step 2 'The landing'" in msg and "§6.35 is not in the rulebook" in msg


def test_passage_missing_from_passages_file(write, world):
    msg = _one(write, MINI.replace('"Thucydides 4.2.1"', '"Thucydides 4.60.1"'), world)
    assert "step 1" in msg and "Thucydides 4.60.1 is not in data/hellenes/passages.yaml" in msg


def test_unknown_unit_and_unit_outside_the_scenario(write, world):
    msg = _one(write, MINI.replace("{unit: S1, area: laconia", "{unit: S47, area: laconia"),
               world)
    assert "position" in msg and "S47" in msg and "not used in the The 431 Campaign" in msg


def test_illegal_scripted_action_names_step_action_and_rule(write, world):
    # the fleet must stop in Laconia, where Spartans stand (§5.4)
    text = MINI.replace("path: [pylos], carry: A30}", "path: [laconia, arcadia], carry: A30}")
    msg = _one(write, text, world)
    assert "lesson.yaml: step 2 'The landing': do item 3:" in msg
    assert "not allowed now" in msg and "(§5.4)" in msg


def test_action_out_of_turn(write, world):
    text = MINI.replace("- move_group: {side: athens, area: messenian_gulf}",
                        "- move_group: {side: sparta, area: laconia}")
    msg = _one(write, text, world)
    assert "step 2" in msg and "do item 2" in msg and "not Sparta's decision" in msg


def test_yaml_tag_that_would_run_code_is_refused_with_file_and_step(write, world):
    text = MINI.replace("narrative: The fleet lands at Pylos.",
                        "narrative: !!python/object/apply:os.system [\"touch /tmp/pwned\"]")
    msg = _one(write, text, world)
    assert "lesson.yaml: step 2 'The landing'" in msg
    assert "python/object/apply:os.system" in msg and "plain data only" in msg


def test_yaml_tag_is_refused_by_the_runner_too(write):
    path = write(MINI.replace("title: Mini", "title: !!python/name:os.system"))
    with pytest.raises(LessonFormatError, match="not allowed"):
        load_spec(path)


def test_unknown_field_and_missing_field(write, world):
    text = MINI.replace("    narrative: The fleet is at sea.\n", "    narative: oops\n")
    problems = _problems(write, text, world)
    assert any("unknown field 'narative'" in p for p in problems)
    assert any("missing the required field 'narrative'" in p for p in problems)


def test_decision_needs_one_historical_option(write, world):
    text = MINI + """\
    decision:
      side: athens
      prompt: Which?
      explanation: Because.
      options:
        - {id: a, label: A, do: [end_actions: sparta]}
        - {id: b, label: B, do: [end_actions: sparta]}
"""
    msg = _one(write, text, world)
    assert "exactly one option must be marked 'historical: true'" in msg


def test_illegal_decision_option_is_caught(write, world):
    text = MINI + """\
    decision:
      side: sparta
      prompt: Which?
      explanation: Because.
      options:
        - {id: stay, label: Stay, historical: true, do: [end_actions: sparta]}
        - {id: fly, label: Fly, do: [build: {unit: S1}, build: {unit: S1}, build: {unit: S1}]}
"""
    msg = _one(write, text, world)
    assert "step 2" in msg and "option 'fly'" in msg


def test_expectation_mismatch(write, world):
    msg = _one(write, MINI.replace("at: {A9: pylos, A30: pylos}", "at: {A9: messenia}"), world)
    assert "step 2" in msg and "expected A9 in messenia, it is in pylos" in msg


def test_forced_dice_left_over(write, world):
    text = MINI.replace("    rules: [\"5.2\"]\n", "    rules: [\"5.2\"]\n    dice: [6, 6]\n")
    msg = _one(write, text, world)
    assert "forces 2 dice but only 0 were rolled" in msg


@pytest.mark.rule("5.21")
def test_5_21_position_land_unit_at_sea_needs_a_stronger_carrier(write, world):
    text = MINI.replace("cv: 4, carries: A30}", "cv: 3, carries: A30}")
    msg = _one(write, text, world)
    assert "position" in msg and "weaker than itself" in msg
    text = MINI.replace(", carries: A30}", "}")
    msg = _one(write, text, world)
    assert "land unit at sea" in msg and "without a fleet" in msg


@pytest.mark.rule("7.1")
def test_7_1_position_capacity_and_besiegers(write, world):
    units = """    - {unit: A30, area: pylos, cv: 2, besieged: true}
    - {unit: A6, area: pylos, cv: 1, besieged: true}
    - {unit: A5, area: pylos, cv: 1, besieged: true}
    - {unit: S1, area: pylos, cv: 4, besieging: true}
"""
    text = MINI.split("  units:\n")[0] + "  units:\n" + units + "steps:\n  - title: t\n" \
        "    narrative: n\n"
    msg = _one(write, text, world)
    assert "3 Athens units are besieged in pylos, whose city holds 2" in msg


@pytest.mark.rule("5.1")
def test_5_1_position_fleet_inland_and_neutral_area(write, world):
    text = MINI.replace("{unit: S1, area: laconia, cv: 4}",
                        "{unit: S9, area: arcadia, cv: 2}\n    - {unit: S1, area: argolis, cv: 4}")
    problems = _problems(write, text, world)
    assert any("S9" in p and "inland" in p for p in problems)
    assert any("argolis is neutral" in p for p in problems)


def test_both_sides_in_the_open_is_illegal(write, world):
    text = MINI.replace("{unit: S1, area: laconia, cv: 4}",
                        "{unit: S1, area: messenian_gulf, cv: 4}")
    problems = _problems(write, text, world)
    assert any("a battle would be due" in p for p in problems)


def test_cli_check_exit_codes(write, capsys):
    parser = argparse.ArgumentParser(prog="hellenes")
    add_lesson_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["lesson", "check", str(PYLOS)])
    assert args.func(args) == 0
    assert "lesson check passed: 1 lesson file" in capsys.readouterr().out
    bad = write(MINI.replace('rules: ["5.2"]', 'rules: ["99.9"]'), "bad.yaml")
    args = parser.parse_args(["lesson", "check", str(bad.parent)])
    assert args.func(args) == 1
    err = capsys.readouterr().err
    assert "bad.yaml: step 2 'The landing'" in err and "1 problem in" in err


def test_cli_show_prints_the_lesson(capsys):
    parser = argparse.ArgumentParser(prog="hellenes")
    add_lesson_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["lesson", "show", "pylos-425"])
    assert args.func(args) == 0
    out = capsys.readouterr().out
    assert "## 12 / 12: Aftermath" in out and "Sources: Thucydides 4.3.1-3" in out


def test_cli_check_defaults_to_the_packaged_lessons(cli_checks_once, capsys):
    """`hellenes lesson check` with no path checks every packaged lesson; with ten other seeds
    each, as scripts/test.sh once ran it (each replay shared with the other lesson tests)."""
    from hellenes_nb.cli import main

    assert main(["lesson", "check", "--seeds", "10"]) == 0
    out = capsys.readouterr().out
    assert "lesson check passed" in out and "each also replayed with seeds 1-10" in out


def test_a_problem_inside_an_option_names_the_step_option_and_item(write, world):
    text = MINI + """\
    decision:
      side: athens
      prompt: Which?
      explanation: Because.
      options:
        - {id: stay, label: Stay, historical: true, do: [end_actions: sparta]}
        - {id: fly, label: Fly, do: [end_actions: sparta, fly: nowhere]}
"""
    msg = _one(write, text, world)
    assert msg.endswith("lesson.yaml: step 2 'The landing' › decision › options item 2 › do "
                        "item 2: fly should name 'athens' or 'sparta', not 'nowhere'")


def test_every_shape_problem_of_a_lesson_is_listed_at_once(write, world):
    text = MINI.replace("season: spring", "season: winter").replace("zoom: 3", "zoom: 99") \
        .replace("- end_actions: athens", "- end_actions: thebes")
    assert [p.split(".yaml: ")[1] for p in _problems(write, text, world)] == [
        "position › season: should be 'spring', 'summer', 'highsummer' or 'fall', not 'winter'",
        "step 1 'The situation' › focus › zoom: should be between 0.5 and 20, not 99",
        "step 2 'The landing' › do item 4: end_actions should name 'athens' or 'sparta', "
        "not 'thebes'",
    ]


def test_an_empty_field_counts_as_left_out(write, world):
    """``do:`` with nothing after it (YAML null) is no actions, as it always was."""
    text = MINI.replace("    rules: [\"5.21\"]\n", "    rules: [\"5.21\"]\n    do:\n    dice:\n")
    assert _problems(write, text, world) == []
    assert load_spec(write(text)).steps[0].actions == ()


# -- issue 26 item 4: a card in one place, and the game's own invariants on every position -----
def test_a_card_named_for_both_hands_at_a_step_names_file_step_and_card(write, world):
    text = MINI.replace("    rules: [\"5.2\"]\n", "    rules: [\"5.2\"]\n    hands: {athens: [43], "
                                                   "sparta: [43]}\n")
    msg = _one(write, text, world)
    assert msg.endswith("lesson.yaml: step 2 'The landing': hands: card 43 is named for both "
                        "athens and sparta; a card is in one place only")


def test_a_card_in_both_hands_of_the_position_is_refused(write, world):
    msg = _one(write, MINI.replace("sparta: [32, 35]", "sparta: [32, 43]"), world)
    assert msg.endswith("lesson.yaml: position: hands sparta: card 43 is already in athens's "
                        "hand")


@pytest.fixture
def strict_invariants(monkeypatch):
    """The Hellenes invariants, plus one that refuses Athens's A9 in Pylos: the checker must
    report whatever the game's own invariants refuse, at the step where it happens."""
    from dataclasses import replace

    from hellenes_nb.core.catalog import InvariantError, plugin_for
    from hellenes_nb.games.hellenes import lessonverify as verify
    from hellenes_nb.games.hellenes.invariants import check_invariants
    from hellenes_nb.games.hellenes.ruleset import HELLENES

    def stricter(game, since=0, dead_end=True):
        check_invariants(game, since, dead_end)
        st = game.state
        if st.loc[st.ix.unit("A9")] == st.ix.place("pylos"):
            raise InvariantError("A9 may not stand in pylos")

    ours = replace(plugin_for(HELLENES), check_invariants=stricter)
    monkeypatch.setattr(verify, "plugin_for", lambda ruleset: ours)


def test_the_check_runs_the_games_invariants_after_each_step(write, world, strict_invariants):
    assert _one(write, MINI, world).endswith(
        "lesson.yaml: step 2 'The landing': the position breaks the game's own checks: A9 may "
        "not stand in pylos")


def test_the_check_runs_the_games_invariants_on_the_start(write, world, strict_invariants):
    text = MINI.replace("{unit: A9, area: messenian_gulf, cv: 4, carries: A30}",
                        "{unit: A9, area: pylos, cv: 4}").replace(
        "{unit: A30, area: messenian_gulf, cv: 3}", "{unit: A30, area: pylos, cv: 3}")
    assert _one(write, text.split("steps:")[0] + "steps:\n  - title: One\n    narrative: x\n",
                world).endswith("lesson.yaml: position: the position breaks the game's own "
                                "checks: A9 may not stand in pylos")



def test_cli_show_refuses_a_bad_position_or_step_in_plain_words(write, capsys):
    """`lesson show` plays the lesson as it prints it: a position or a step that `lesson check`
    would refuse is one plain line and exit 1 (both were tracebacks)."""
    from hellenes_nb.cli import main

    at_sea = write(MINI.replace("{unit: S1, area: laconia, cv: 4}",
                                "{unit: S1, area: messenian_gulf, cv: 4}"), "at-sea.yaml")
    assert main(["lesson", "show", str(at_sea)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"cannot open the lesson: {at_sea}: position: unit S1 (Spartiates) is "
                          "a land unit at sea in messenian_gulf")
    astray = write(MINI.replace("path: [pylos], carry", "path: [athens], carry"), "astray.yaml")
    assert main(["lesson", "show", str(astray)]) == 1
    captured = capsys.readouterr()
    assert "## 1 / 2: The situation" in captured.out
    assert captured.err.startswith(f"cannot open the lesson: {astray}: step 2 'The landing': do "
                                   "item 3: athens move (unit A9, path athens, carry A30) is not "
                                   "allowed now")
