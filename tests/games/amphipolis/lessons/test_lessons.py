"""The Amphipolis lessons (issue 29 item 5b): files in the one lesson format checked by
`hellenes lesson check` (each step played on the engine, with other seeds too), read by the
game's LessonKit, played by the one runner with their decision points, linked to and from the
Hellenes Amphipolis lesson, and placed on the timeline."""

from __future__ import annotations

from pathlib import Path

import pytest

from hellenes_nb.cli import main
from hellenes_nb.games.amphipolis.lessonkit import LESSONS
from hellenes_nb.games.amphipolis.rules.common import W
from hellenes_nb.games.amphipolis.teachpos import Position, deal, position_state
from hellenes_nb.games.amphipolis.timeline import TIMELINE
from hellenes_nb.lessons.check import lessons_dir
from hellenes_nb.lessons.runner import Lesson

FOLDER = lessons_dir() / "amphipolis"
NICIAS = "nicias-mende-scione-423"
HELLENES = lessons_dir() / "amphipolis-424-422.yaml"


def test_the_amphipolis_lessons_pass_the_check_with_other_seeds(capsys):
    assert main(["lesson", "check", str(FOLDER), "--seeds", "3"]) == 0
    assert "lesson check passed" in capsys.readouterr().out


def test_the_lessons_and_the_hellenes_lesson_name_each_other():
    hellenes = HELLENES.read_text(encoding="utf-8")
    for path in sorted(FOLDER.glob("*.yaml")):
        spec = LESSONS.read(path)
        assert spec.id in hellenes, f"the Hellenes lesson does not link to {spec.id}"
        assert "amphipolis-424-422" in path.read_text(encoding="utf-8")


@pytest.mark.rule("4.3.1")
def test_the_lesson_plays_history_and_mende_goes_over_by_diplomacy():
    lesson = Lesson(NICIAS)
    lesson.goto(5)
    assert lesson.state.garrison["O1"] == 0  # Athens holds Mendè again (4.130)
    assert "victory points" in lesson.view()["status"]
    lesson.goto(len(lesson.steps))
    assert lesson.game.over  # the scenario's end after turn 6


@pytest.mark.rule("4.2")
def test_the_other_choice_at_the_first_decision_branches_on_the_engine():
    lesson = Lesson(NICIAS)
    result = lesson.choose("scione")
    assert not result["matches_history"] and result["historical"] == "mende"
    branch = result["game"]
    athens_at = {W.units[i].id for i, z in enumerate(branch.state.uloc) if z == "O2"}
    assert "ath-h6b-1" in athens_at  # the Athenians won at Skionè and stand there
    lesson.next()  # the lesson itself goes on as history did
    assert lesson.state.lloc[W.leader_index["nicias"]] == "O3"


def test_a_step_naming_a_zone_that_does_not_exist_is_refused_in_words(tmp_path, capsys):
    text = (FOLDER / f"{NICIAS}.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("{type: operation, side: athens, from: thasos, to: O1}",
                                "{type: operation, side: athens, from: thasos, to: O9}", 1),
                   encoding="utf-8")
    assert main(["lesson", "check", str(bad)]) == 1
    out = capsys.readouterr()
    words = out.out + out.err
    assert "step 1 'Nicias strikes at Mende'" in words and "0 legal actions match" in words
    assert "Traceback" not in words


def test_a_position_naming_an_unknown_leader_is_refused_in_words(tmp_path, capsys):
    text = (FOLDER / f"{NICIAS}.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("polydamidas: O1", "pausanias: O1", 1), encoding="utf-8")
    assert main(["lesson", "check", str(bad)]) == 1
    out = capsys.readouterr()
    assert "'pausanias' is not a leader of the game" in out.out + out.err


@pytest.mark.rule("2")
def test_a_steps_hands_keep_every_counter_in_one_place():
    st = position_state(Position.model_validate({"hands": {"athens": ["C1"],
                                                           "sparta": ["C3"]}}))
    deal(st, {"athens": ["C3", "C5"]})  # C3 taken from Sparta's hand, C1 back to the cup
    assert st.hands == [["C3", "C5"], []]
    everywhere = st.hands[0] + st.hands[1] + st.cup + st.removed
    assert sorted(everywhere) == sorted(c.id for c in W.counters)


def test_the_timeline_places_the_lesson_on_its_year():
    shown = TIMELINE.lesson(Path(FOLDER / f"{NICIAS}.yaml"))
    assert (shown["first"], shown["last"]) == (423, 423)
    assert shown["opens"] == f'LessonWidget("{NICIAS}")'


@pytest.mark.rule("4.3.4")
def test_brasidas_takes_the_bridge_the_city_and_the_citadel():
    lesson = Lesson("brasidas-thucydides-424")
    lesson.goto(2)
    assert lesson.state.lloc[W.leader_index["brasidas"]] == "T11"  # across the bridge
    last = len(lesson.steps)
    lesson.goto(last)
    assert lesson.state.citadel == 0  # the board waits for the class's choice
    assert lesson.left(last - 1).state.citadel == 1  # history: the terms win the citadel
    stormed = lesson.choose("storm")
    assert not stormed["matches_history"] and stormed["historical"] == "terms"


def test_thucydides_may_wait_at_thasos_on_a_branch():
    lesson = Lesson("brasidas-thucydides-424")
    lesson.goto(3)
    waited = lesson.choose("wait")["game"]
    assert waited.state.uloc[W.unit_index["ath-t7"]] == "thasos"
    assert lesson.left(2).state.uloc[W.unit_index["ath-t7"]] == "M1"  # history: it sailed


@pytest.mark.rule("4.2")
def test_cleon_and_brasidas_both_die_before_amphipolis():
    lesson = Lesson("cleon-defeat-422")
    lesson.goto(len(lesson.steps))
    st = lesson.state
    assert st.lloc[W.leader_index["cleon"]] is None and st.lloc[W.leader_index["brasidas"]] is None
    assert any("Cleon and Brasidas killed" in e["text"] for e in lesson.game.log)
    lesson.goto(5)
    waited = lesson.choose("wait")["game"]  # Brasidas stays behind the walls: both live
    assert waited.state.lloc[W.leader_index["brasidas"]] == "T12"


@pytest.mark.rule("10.3")
def test_the_cleon_lesson_starts_from_the_set_up_of_10_3_and_plays_every_move():
    # no hand-made position: every piece where scenario 10.3 sets it, Cleon's army at Thasos
    spec = LESSONS.read(FOLDER / "cleon-defeat-422.yaml")
    assert spec.position.units is None and spec.position.leaders is None
    assert spec.position.garrisons == {} and spec.position.turn is None
    set_up = position_state(Position(scenario="amphipolis-10.3"))
    start = LESSONS.start(spec)
    assert start.state.uloc == set_up.uloc and start.state.lloc == set_up.lloc
    assert start.state.lloc[W.leader_index["cleon"]] is None  # still to come, at Thasos
    lesson = Lesson("cleon-defeat-422")
    assert lesson.state.lloc[W.leader_index["cleon"]] == "T5"  # landed at Eion (3.1.2)
    lesson.goto(2)
    assert lesson.state.garrison["O8"] == 0  # Galepsus stormed (Thucydides 5.6.1)
    lesson.goto(4)
    assert lesson.state.lloc[W.leader_index["brasidas"]] == "T12"
    assert lesson.state.lloc[W.leader_index["cleon"]] == "T8" and lesson.state.turn == 9
