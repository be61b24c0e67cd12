"""The Pylos lesson validates, replays to the end and shows the history on the engine."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hellenes_nb.core.game import Game
from hellenes_nb.games.hellenes.world import load_world
from hellenes_nb.lessons import Lesson, LessonError
from hellenes_nb.lessons.command import BotGame

from .conftest import PYLOS, city_holder, unit_place

_WORLD = load_world()




def test_pylos_lesson_passes_the_checker(lesson_check):
    assert lesson_check(PYLOS) == []


def test_pylos_opens_by_name_and_starts_at_step_one(world):
    lesson = Lesson("pylos-425", world=world)
    assert lesson.progress == f"1 / {len(lesson.steps)}"
    assert lesson.step.title.startswith("Spring 425")
    assert lesson.state.year == 425 and lesson.state.prestige == 0
    assert unit_place(lesson, "A9") == "messenian_gulf"


@pytest.mark.rule("4.23")
def test_4_23_pylos_becomes_athenian_with_a_garrison(pylos):
    pylos.goto(4)
    assert city_holder(pylos, "pylos") == "athens"
    st = pylos.state
    assert st.garrisons[st.ix.place("pylos")] == [0, 1]  # Athenian, permanent
    assert unit_place(pylos, "A9") == "zacynthos" and unit_place(pylos, "A30") == "pylos"


@pytest.mark.rule("8.12")
def test_8_12_the_assault_fails_and_athens_gains_a_trophy(pylos):
    pylos.goto(6)
    st = pylos.state
    assert st.prestige == 1
    assert st.cv[st.ix.unit("S1")] == 2
    assert st.sieges[st.ix.place("pylos")]["besieger"] == 1
    battle = pylos.view()["battle"]
    assert battle["kind"] == "assault" and battle["winner"] == "athens"
    assert battle["how"] == "retreat"


@pytest.mark.rule("6.5")
def test_6_5_the_harbour_battle_is_recorded_for_the_battle_widget(pylos):
    pylos.goto(7)
    battle = pylos.view()["battle"]
    assert battle["place"] == "sea_of_pylos" and battle["kind"] == "sea"
    keys = {side: [f["block"] for f in fs] for side, fs in battle["forces"].items()}
    assert set(keys["sparta"]) == {"S9", "S20"}
    assert {"A9", "A10"} <= set(keys["athens"])
    archers = next(f for f in battle["forces"]["athens"] if f["block"] == "A8")
    assert archers["carried_by"] == "A9"
    assert battle["winner"] == "athens" and battle["how"] == "elimination"
    assert any(e.get("dice") for e in battle["events"])
    assert unit_place(pylos, "S20") == "pool" and unit_place(pylos, "S9") == "pool"
    assert pylos.state.prestige == 3


@pytest.mark.rule("8.21")
def test_8_21_no_attrition_once_athens_holds_the_offshore_sea(pylos):
    pylos.goto(9)
    texts = pylos.view()["events"]
    assert any("no siege combat against Pylos" in t for t in texts)
    assert city_holder(pylos, "pylos") == "athens"


@pytest.mark.rule("14.11")
def test_14_11_the_spartans_on_the_island_are_eliminated(pylos):
    pylos.goto(11)
    assert unit_place(pylos, "S1") == "pool" and unit_place(pylos, "S3") == "pool"
    assert pylos.state.prestige == 5
    # the landing's moves (from the decision of step 10) are shown with this step
    assert any("Sea of Pylos → Pylos" in t for t in pylos.view()["events"])


def test_pylos_runs_to_the_end_with_athens_holding_pylos(pylos):
    while not pylos.at_end:
        pylos.next()
    assert pylos.progress == "12 / 12"
    assert city_holder(pylos, "pylos") == "athens"
    assert pylos.state.prestige == 5
    with pytest.raises(LessonError, match="last step"):
        pylos.next()


def test_back_and_goto_show_the_same_state(pylos):
    pylos.goto(7)
    seen = pylos.state.to_dict()
    pylos.back()
    assert pylos.number == 6
    pylos.goto(7)
    assert pylos.state.to_dict() == seen
    pylos.goto(1)
    with pytest.raises(LessonError, match="first step"):
        pylos.back()
    with pytest.raises(LessonError, match="no step 13"):
        pylos.goto(13)


def test_view_is_json_and_names_sources_rules_and_focus(pylos):
    pylos.goto(2)
    view = pylos.view()
    json.dumps(view)
    assert view["progress"] == "2 / 12"
    assert view["rules"][0] == "§3.3"
    assert view["citations"][0]["label"] == "Thucydides 4.3.1-3"
    assert view["citations"][0]["paraphrase"]
    assert view["focus"] == {"area": "pylos", "zoom": 4.0, "highlight": ["pylos", "sea_of_pylos"]}
    assert view["narrative_html"].startswith("<p>")


def test_the_game_property_is_a_copy(pylos):
    game = pylos.game
    game.apply(game.legal_actions()[0])
    assert pylos.state.played == [None, None]


def test_a_decision_explains_history_and_keeps_the_lesson_on_its_line(pylos):
    pylos.goto(5)
    view = pylos.view()
    assert [o["id"] for o in view["decision"]["options"]] == ["fortify", "hoplites-only",
                                                              "open-battle"]
    assert view["decision"]["historical"] is None  # hidden until the class has chosen
    result = pylos.choose("open-battle")
    assert not result["matches_history"] and result["historical"] == "fortify"
    assert "stockade" in result["explanation"]
    branch = result["game"]
    assert branch.prompt.kind == "battle"  # fighting in the open: a battle is on
    view = pylos.view()
    assert view["decision"]["chosen"] == "open-battle"
    assert view["decision"]["historical"] == "fortify"
    pylos.next()
    assert pylos.state.prestige == 1  # the lesson went on with the historical choice
    with pytest.raises(LessonError, match="no decision"):
        pylos.choose("fortify")


def test_choose_by_number_and_unknown_option(pylos):
    pylos.goto(10)
    assert pylos.choose(1)["chosen"] == "storm"
    with pytest.raises(LessonError, match="not one of the options"):
        pylos.choose("retreat")


def test_reveal_answer(pylos):
    view = pylos.view()
    assert view["question"]["revealed"] is False and view["question"]["answer_html"] is None
    answer = pylos.reveal_answer()
    assert "helots" in answer
    assert pylos.view()["question"]["answer_html"]
    pylos.next()
    with pytest.raises(LessonError, match="no question"):
        pylos.reveal_answer()


def test_take_command_hotseat_branches_without_changing_the_lesson(pylos):
    pylos.goto(6)
    before = pylos.state.to_dict()
    game = pylos.take_command("hotseat")
    assert type(game) is Game
    game.apply(game.legal_actions("athens")[0])
    assert pylos.state.to_dict() == before
    pylos.next()
    assert pylos.state.prestige == 3


def test_take_command_bot_plays_the_other_side(pylos):
    pylos.goto(9)  # Athens' action phase in the autumn
    game = pylos.take_command("bot", seed=3)
    assert isinstance(game, BotGame) and game.bot_side == "sparta"
    assert game.prompt.side == "athens"
    game.apply({"type": "end_actions", "side": "athens"})
    assert game.prompt.side in ("athens", "none")  # Sparta never keeps the move
    assert pylos.state.prestige == 3


def test_take_command_starts_from_the_learners_choice(pylos):
    pylos.goto(10)
    pylos.choose("wait")
    game = pylos.take_command("hotseat")
    st = game.state
    assert st.loc[st.ix.unit("A9")] == st.ix.place("sea_of_pylos")
    assert st.season == 5  # waiting ran the autumn out


def test_take_command_rejects_bad_arguments(pylos):
    with pytest.raises(LessonError, match="opponent"):
        pylos.take_command("computer")
    with pytest.raises(LessonError, match="side"):
        pylos.take_command("bot", side="thebes")


def _reference_states() -> dict[int, dict]:
    lesson = Lesson(PYLOS, world=_WORLD)
    out = {1: lesson.state.to_dict()}
    while not lesson.at_end:
        lesson.next()
        out[lesson.number] = lesson.state.to_dict()
    return out


_REFERENCE = _reference_states()


@settings(max_examples=10, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=12), min_size=1, max_size=8))
def test_any_route_through_the_steps_shows_the_same_states(route):
    lesson = Lesson(PYLOS, world=_WORLD)
    for n in route:
        lesson.goto(n)
        assert lesson.state.to_dict() == _REFERENCE[n]
