"""The lesson widget driven from Python: steps, sources, map focus, battles, decisions,
questions and taking command (the browser test is tests/ui/test_lesson_ui.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hellenes_nb.games.hellenes.battlelab import BattleError
from hellenes_nb.games.hellenes.widgets.lesson_battle import LessonBattle
from hellenes_nb.games.hellenes.world import load_world
from hellenes_nb.lessons import Lesson, LessonError
from hellenes_nb.widgets.dashboard import Dashboard
from hellenes_nb.widgets.lesson import LessonWidget

_WORLD = load_world()


@pytest.fixture(scope="module")
def pylos_lesson():
    return Lesson("pylos-425", world=_WORLD)


@pytest.fixture
def widget(pylos_lesson):
    pylos_lesson.goto(1)
    return LessonWidget(pylos_lesson, speed="instant")


def _units(w: LessonWidget, area: str) -> set[str]:
    return {b["key"] for b in w.map.board["blocks"].get(area, []) if "key" in b}


def test_opens_on_step_one_with_the_introduction(widget):
    assert widget.progress.value == 1 and widget.progress.max == 12 and widget.progress.min == 0
    assert "1 / 12" in widget.progress_text.value
    assert widget.back_button.disabled and not widget.next_button.disabled
    assert "Introduction" in widget.narrative.value
    assert "Spring 425" in widget.narrative.value
    assert "<li>The island of Sphacteria is part of the Pylos area." in widget.narrative.value
    assert widget.battle is None and widget.battle_box.layout.display == "none"


def test_sources_carry_their_paraphrase_on_hover_and_on_click(widget):
    widget.goto(2)
    html = widget.narrative.value
    cite = widget.lesson.citations()[0]
    assert cite["paraphrase"]
    assert f"title='{cite['paraphrase']}'" in html.replace("&#x27;", "'")
    assert "<details class='hl-cite'>" in html and "Thucydides 4.3.1-3" in html
    assert "§3.3" in html and "What happened in the game" in html


def test_next_back_and_jump_move_the_map_with_the_lesson(widget):
    assert "A9" in _units(widget, "messenian_gulf")
    widget.next()
    assert widget.lesson.number == 2 and widget.jump.value == 2
    assert "A9" in _units(widget, "pylos")
    assert widget.map.zoom == 4.0
    assert widget.map.highlights == {"focus": ["pylos", "sea_of_pylos"]}
    assert not widget.map.playable, "the lesson's map is for looking, not moving"
    widget.jump.value = 7
    assert widget.lesson.number == 7 and widget.progress.value == 7
    widget.back()
    assert widget.lesson.number == 6 and "6 / 12" in widget.progress_text.value


def test_last_step_disables_next_and_shows_the_summary(widget):
    widget.goto(12)
    assert widget.next_button.disabled
    assert "Summary" in widget.narrative.value
    with pytest.raises(LessonError, match="last step"):
        widget.next()


def test_a_refused_button_shows_plain_words(widget):
    widget.attempt(lambda: widget.goto(40))
    assert "Not possible" in widget.error.value and "no step 40" in widget.error.value
    widget.goto(3)
    assert widget.error.value == ""


@pytest.mark.rule("8.11")
def test_8_11_the_assault_is_replayed_die_by_die_with_the_lessons_dice(widget):
    widget.goto(6)
    record = widget.lesson.run.battle
    battle = widget.battle
    assert isinstance(battle, LessonBattle) and battle in widget.battle_box.children
    assert widget.battle_box.layout.display is None
    assert battle.forced == record.dice()
    assert battle.kind == "assault"
    assert {b["key"] for b in battle.blocks} == {f["block"] for fs in record.forces.values()
                                                 for f in fs}
    battle.advance()
    first = battle.history.row(0, named=True)
    assert first["dice"] == record.dice()[:len(first["dice"])]
    battle.run_battle()
    outcome = battle.battle.outcome
    assert (outcome.winner, outcome.how, outcome.prestige) == ("athens", "retreat", 1)
    assert outcome.rounds == 3, "Sparta fights two rounds, then retreats (lesson policy)"
    assert battle.forced == []
    battle.replay()
    assert not battle.battle.over and battle.forced == record.dice()


@pytest.mark.parametrize(("lesson", "step"), [("pylos-425", 6), ("pylos-425", 7),
                                              ("pylos-425", 11),
                                              ("amphipolis-424-422", 11),
                                              ("amphipolis-424-422", 13)])
def test_every_lesson_battle_replays_to_the_recorded_result(lesson, step):
    les = Lesson(lesson, world=_WORLD)
    les.goto(step)
    record = les.run.battle
    board = LessonBattle(les.view()["battle"])
    board.run_battle()
    outcome = board.battle.outcome
    assert (outcome.winner, outcome.how, outcome.prestige) == (record.winner, record.how,
                                                               record.prestige)
    rolled = [face for row in board.history.iter_rows(named=True) for face in row["dice"]]
    assert rolled == record.dice()


def test_decision_buttons_explain_the_historical_choice(widget):
    widget.goto(5)
    assert widget.decision_box.layout.display is None
    buttons = widget.decision_buttons.children
    assert [b.description[:2] for b in buttons] == ["1.", "2.", "3."]
    assert widget.decision_result.value == ""
    buttons[2].click()
    result = widget.decision_result.value
    assert "Meet the Spartans in the open" in result
    assert "History went another way" in result and "Demosthenes" in result
    assert widget.decision_buttons.children[2].button_style == "info"
    widget.choose("fortify")
    assert "That is what happened" in widget.decision_result.value
    widget.goto(6)
    assert widget.decision_box.layout.display == "none"


def test_the_answer_stays_hidden_until_revealed(widget):
    widget.goto(6)
    assert widget.answer_html.value == ""
    assert "double defense" not in widget.question_html.value
    assert widget.lesson.view()["question"]["answer_html"] is None
    widget.reveal_button.click()
    assert "Answer" in widget.answer_html.value and widget.reveal_button.disabled
    assert "double defense" in widget.answer_html.value


def test_take_command_opens_a_dashboard_on_the_branch(widget):
    widget.goto(5)
    widget.choose("open-battle")
    before = widget.lesson.state.to_dict()
    dash = widget.take_command("bot", side="athens")
    assert isinstance(dash, Dashboard) and widget.command_box.children == (dash,)
    assert dash.mode == "bot" and dash.human == "athens"
    assert "your class" in widget.command_note.value
    assert dash.game.state.year == 425
    assert dash.map.zoom == 4.0, "the dashboard's map looks where the step looks"
    dash.play_bot_turns()
    assert widget.lesson.state.to_dict() == before, "the lesson is unchanged"
    widget.goto(3)
    assert widget.command_box.children == ()
    hot = widget.take_command("hotseat")
    assert hot.mode == "hotseat"
    assert hot.game.state.to_dict() == widget.lesson.state.to_dict()
    with pytest.raises(LessonError, match="opponent"):
        widget.take_command("oracle")


def test_take_command_when_play_has_stopped_says_so():
    w = LessonWidget(Lesson("amphipolis-424-422", world=_WORLD))
    w.goto(14)
    assert w.take_command("bot") is None
    assert "Play has stopped" in w.command_note.value
    assert w.command_box.children == ()


def test_html_in_a_lesson_is_shown_as_text(tmp_path):
    text = Path(Lesson("pylos-425", world=_WORLD).spec.path).read_text(encoding="utf-8")
    evil = text.replace("Early in spring the Peloponnesians",
                        "<script>alert(1)</script> <img src=x onerror=alert(2)> Early in "
                        "spring the Peloponnesians", 1)
    path = tmp_path / "evil.yaml"
    path.write_text(evil, encoding="utf-8")
    w = LessonWidget(Lesson.load(path, world=_WORLD))
    assert "<script>" not in w.narrative.value and "<img" not in w.narrative.value
    assert "&lt;script&gt;" in w.narrative.value


def _live_widgets() -> int:
    from ipywidgets.widgets.widget import _instances

    return len(_instances)


def test_walking_the_lesson_again_makes_no_new_widgets(widget):
    """A click updates the widgets a step already has (one battle board for every battle,
    decision buttons once per step): walking the whole lesson a second time adds none."""
    steps = len(widget.lesson.steps)
    for _round in range(2):
        for n in range(1, steps + 1):
            widget.goto(n)
        if _round == 0:
            after_first = _live_widgets()
    assert _live_widgets() == after_first


def test_one_battle_board_serves_every_battle_step(widget):
    widget.goto(6)
    board = widget.battle
    widget.goto(7)
    assert widget.battle is board, "the board of step 6 shows step 7's battle"
    record = widget.lesson.run.battle
    assert board.record["snapshots"] is record.snapshots and board.forced == record.dice()
    assert widget.battle_box.children.count(board) == 1
    board.run_battle()
    outcome = board.battle.outcome
    assert (outcome.winner, outcome.how) == (record.winner, record.how)
    widget.goto(8)
    assert widget.battle is None and widget.battle_box.layout.display == "none"


def test_choosing_keeps_the_decision_buttons(widget):
    widget.goto(5)
    buttons = widget.decision_buttons.children
    widget.choose("open-battle")
    assert widget.decision_buttons.children == buttons
    assert [b.button_style for b in buttons] == ["", "", "info"]


def test_status_line_dates_the_step_by_what_happened_in_it(widget):
    """Step 11 fights on Sphacteria in Fall 425 while the game has moved on to Winter: the
    status says when the fighting was, and who leads, in a sentence (§14.1)."""
    widget.goto(11)
    widget.battle.run_battle()  # who leads shows once the class has stepped the battle
    status = widget.status.value
    assert "Fall 425 BC" in status.split("The game has moved on")[0]
    assert "Winter 425 BC" in status
    assert "HighSummer" not in status and "Prestige point" in status and "§14.1" in status


def test_6_4_lesson_choice_answers_the_pending_decision_as_the_lesson_did(widget):
    widget.goto(6)
    board = widget.battle
    with pytest.raises(BattleError, match="no decision is pending"):
        board.lesson_choice()
    while board.battle.prompt is None:
        board.step()
    assert board.battle.prompt.kind == "retreat" and board.lesson_choice() == "fight"


def test_the_battle_board_is_built_with_the_widget(pylos_lesson):
    """The first click onto a battle step only loads the battle: the board (and the odds code
    it needs) is ready from the start, hidden until a battle step."""
    pylos_lesson.goto(2)
    w = LessonWidget(pylos_lesson, speed="instant")
    assert w.lesson.number == 2, "building the board leaves the lesson where it was"
    board = w.battle_box.children[-1]
    assert isinstance(board, LessonBattle) and w.battle is None
    assert w.battle_box.layout.display == "none"
    w.goto(6)
    assert w.battle is board and board.record["snapshots"] is w.lesson.run.battle.snapshots


def test_the_widget_words_the_step_from_the_lessons_view_alone():
    """The status line and the log come from ``Lesson.view()`` (issue 27 item 7): the widget
    does not word them again from the lesson's game."""

    class Told(Lesson):
        def view(self):
            return {**super().view(), "status_html": "<p>said by the view</p>",
                    "events_html": "<ul><li>logged by the view</li></ul>"}

    w = LessonWidget(Told("pylos-425", world=_WORLD), speed="instant")
    assert w.status.value == "<p>said by the view</p>"
    assert "logged by the view" in w.narrative.value
    w.next()
    assert w.status.value == "<p>said by the view</p>"


@pytest.mark.rule("14.11")
def test_14_11_the_assault_step_keeps_its_result_back_until_stepped(widget):
    """Issue 28 item 6: at step 6 the status line said "Athens leads by 1 Prestige point" (the
    Trophy of the repulsed assault, §14.11) and the odds box showed the winner before the class
    had stepped the assault; now both wait, the odds until asked for."""
    widget.goto(6)
    assert "High Summer 425 BC" in widget.status.value
    assert "Prestige point" not in widget.status.value
    assert "hl-odds-hidden" in widget.battle_box._dom_classes
    widget.battle.step()
    assert "Prestige point" not in widget.status.value
    widget.battle.run_battle()
    assert "Athens leads by 1 Prestige point" in widget.status.value
    widget.odds_button.value = True
    assert "hl-odds-hidden" not in widget.battle_box._dom_classes
    widget.goto(7)  # another battle: its odds are hidden again
    assert "hl-odds-hidden" in widget.battle_box._dom_classes
    assert "Prestige point" not in widget.status.value
