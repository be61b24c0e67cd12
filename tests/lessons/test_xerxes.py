"""The lesson "Xerxes' invasion, 480-479 BC" on the 300: Earth & Water engine: it plays to the
end on ten seeds with every check holding, and a broken lesson is reported by step. It sits with
the other lessons' tests (one file per lesson, whatever its game); the lesson widget showing it
is tested in tests/widgets/test_lesson_widget_ew.py."""

from __future__ import annotations

import json
import re

import pytest

from hellenes_nb import Game
from hellenes_nb.cli import main
from hellenes_nb.core.savefiles import read_save, sealed_save
from hellenes_nb.games.earth_water.invariants import check_invariants
from hellenes_nb.games.earth_water.lesson import (
    check_lesson,
    decide,
    lesson_game,
    read_lesson,
    run_step,
)
from hellenes_nb.lessons.runner import lessons_dir

XERXES = lessons_dir() / "earth-water" / "xerxes-480-479.yaml"


def test_the_lesson_plays_on_ten_seeds(capsys):
    assert check_lesson(XERXES, range(10)) == []
    assert main(["lesson", "check", str(XERXES), "--seeds", "10"]) == 0
    assert "lesson check passed: 1 lesson file" in capsys.readouterr().out


def test_every_step_cites_herodotus_by_book_and_chapter():
    lesson = read_lesson(XERXES)
    titles = [s.title for s in lesson.steps]
    assert titles == ["The bridge over the Hellespont", "The wooden walls", "Thermopylae",
                      "Artemisium", "Athens burns", "Salamis", "Plataea"]
    for step in lesson.steps:
        assert step.sources and all(re.fullmatch(r"Herodotus [789]\.\d+(-\d+)?", s)
                                    for s in step.sources)
        assert step.question


def test_the_battles_end_as_herodotus_tells():
    lesson = read_lesson(XERXES)
    game = lesson_game(lesson, seed=3)
    events = [run_step(game, step) for step in lesson.steps]
    thermopylae = [e for e in events[2] if e["kind"] == "battle_round"]
    assert [r["lost"] for r in thermopylae] == [[False, True], [True, False]]
    assert any(e["kind"] == "artemisia" for e in events[5])
    assert any(e["kind"] == "pausanias" for e in events[6])


def test_a_broken_step_is_named(tmp_path):
    broken = tmp_path / "xerxes-broken.yaml"
    broken.write_text(XERXES.read_text().replace("from: larissa, to: delphi, armies: 3",
                                                 "from: larissa, to: delphi, armies: 9"))
    problems = check_lesson(broken, range(2))
    assert problems[0].startswith("seed 0, step 3 'Thermopylae': 0 legal actions match")
    bad = tmp_path / "xerxes-bad.yaml"
    bad.write_text(XERXES.read_text().replace("campaign: 3", "campaign: 9"))
    assert "campaign: should be from 1 to 5" in check_lesson(bad)[0]


def test_the_lesson_is_listed_checked_and_shown_from_its_game_folder(capsys):
    """lessons/earth-water/ holds this game's lessons, apart from the Hellenes lessons in
    lessons/ (whose tools read that folder's *.yaml as Hellenes lessons)."""
    assert main(["lesson", "list"]) == 0
    assert "xerxes-480-479: Xerxes' invasion" in capsys.readouterr().out
    assert main(["lesson", "show", "xerxes-480-479"]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("# Xerxes' invasion, 480-479 BC (300: Earth & Water)")
    assert "## 3 / 7: Thermopylae" in shown and "Herodotus 7." in shown
    assert "Decision for Greece: Three Persian armies" in shown
    assert "- withdraw: Withdraw the fleet to the Peloponnese" in shown
    assert "- straits: Stay at Salamis and wait for the Persian fleet in the narrows " \
           "(historical)" in shown


def _at_decisions(seed: int = 2):
    """(game at the start of the step, step) for each step with a decision point."""
    lesson = read_lesson(XERXES)
    game = lesson_game(lesson, seed)
    for step in lesson.steps:
        if step.decision is not None:
            yield game.clone(), step
        run_step(game, step)


def test_thermopylae_and_salamis_are_decision_points_with_herodotus():
    found = list(_at_decisions())
    assert [s.title for _g, s in found] == ["Thermopylae", "Salamis"]
    for _game, step in found:
        d = step.decision
        assert d.side == "greece" and len(d.options) >= 2 and d.explanation.strip()
        assert d.sources and all(re.fullmatch(r"Herodotus [789]\.\d+(-\d+)?", s)
                                 for s in d.sources)
        assert all(f"{s.split()[1].split('-')[0]}" in d.explanation for s in d.sources)


def test_the_historical_choice_is_the_step_and_the_other_plays_a_branch():
    for game, step in _at_decisions():
        before = game.state.to_dict()
        history = decide(game, step, step.decision.historical.id)
        assert history["matches_history"] and game.state.to_dict() == before
        lived = game.clone()
        assert history["events"] == run_step(lived, step)
        assert history["game"].state.to_dict() == lived.state.to_dict()
        other = next(o for o in step.decision.options if not o.historical)
        branch = decide(game, step, 2 if step.decision.options[1] is other else 1)
        assert branch["chosen"] == other.id and not branch["matches_history"]
        assert branch["historical"] == step.decision.historical.id
        assert branch["game"].state.to_dict() != lived.state.to_dict()
        assert branch["game"].legal_actions(), "the branch plays on"
        assert game.state.to_dict() == before


def test_the_branches_end_where_the_lesson_says():
    (thermo_game, thermo), (salamis_game, salamis) = _at_decisions(seed=5)
    kept = decide(thermo_game, thermo, "keep")["game"].view("all")
    delphi = next(c for c in kept["cities"] if c["id"] == "delphi")
    assert delphi["armies"] == {"greece": 0, "persia": 3} and kept["score"] == -1
    assert 15 in kept["hands"]["greece"]  # 300 Spartans kept for later
    away = decide(salamis_game, salamis, "withdraw")["game"].view("all")
    assert {c["id"]: c["fleets"]["greece"] for c in away["cities"]}["sparta"] == 4
    assert {c["id"]: c["fleets"]["persia"] for c in away["cities"]}["eretria"] == 2
    with pytest.raises(ValueError, match="'flee' is not one of the options "
                                         r"\(1: straits, 2: withdraw\)"):
        decide(salamis_game, salamis, "flee")


def test_a_broken_branch_and_a_bad_decision_are_named(tmp_path):
    broken = tmp_path / "xerxes-branch.yaml"
    broken.write_text(XERXES.read_text().replace("to: sparta, fleets: 3", "to: sparta, fleets: 7"))
    problems = check_lesson(broken, range(2))
    assert problems[0].startswith("seed 0, step 6 'Salamis': option 'withdraw': 0 legal "
                                  "actions match")
    wrong = tmp_path / "xerxes-two.yaml"
    wrong.write_text(XERXES.read_text().replace("          label: \"Keep the card",
                                                "          historical: true\n"
                                                "          label: \"Keep the card"))
    assert any("exactly one option must be marked 'historical: true'" in p
               for p in check_lesson(wrong))


# -- issue 26 item 4: every card in one place, the game's own checks, saves that load -------------
@pytest.mark.rule("2.3")
def test_2_3_the_lesson_holds_each_of_the_16_cards_once_at_every_step():
    """Card 15 (300 Spartans / Acropolis on Fire) was in both hands: 17 cards in a 16-card
    game. Greece holds it and spends it at Thermopylae; the fire at Athens is told, not played."""
    lesson = read_lesson(XERXES)
    assert 15 in lesson.position.hands["greece"] and 15 not in lesson.position.hands["persia"]
    game = lesson_game(lesson, seed=4)
    check_invariants(game, 0)
    for step in lesson.steps:
        since = len(game.log)
        run_step(game, step)
        check_invariants(game, since)
        st = game.state
        assert sorted(st.deck + st.discard + st.hands[0] + st.hands[1]) == list(range(1, 17))
    assert not game.state.has("acropolis")


@pytest.mark.rule("2.3")
def test_2_3_a_card_in_two_places_is_refused_naming_the_file_the_place_and_the_card(tmp_path,
                                                                                 capsys):
    both = tmp_path / "xerxes-both.yaml"
    both.write_text(XERXES.read_text().replace("persia: [7, 1, 14, 3]", "persia: [7, 15, 1, 3]"))
    twice = tmp_path / "xerxes-twice.yaml"
    twice.write_text(XERXES.read_text().replace("persia: [7, 1, 14, 3]", "persia: [7, 1, 7, 3]"))
    assert check_lesson(both) == [
        "position › hands: card 15 is in both the Greek and the Persian hand: each of the 16 "
        "cards is in one place only (§2.3)"]
    assert "card 7 is named twice in the Persian hand" in check_lesson(twice)[0]
    assert main(["lesson", "check", str(both)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{both}: position › hands: card 15 is in both")


def test_the_check_runs_the_games_own_invariants(tmp_path):
    """Ten Greek armies on a board of nine (§2.2): each piece count is within its field's
    range, so only the game's invariants see that the reserve would be negative."""
    many = tmp_path / "xerxes-many.yaml"
    many.write_text(XERXES.read_text().replace("armies: {sparta: 2, korinthos: 1, delphi: 1}",
                                               "armies: {sparta: 8, korinthos: 1, delphi: 1}"))
    assert check_lesson(many, range(1)) == [
        "position: the position breaks the game's own checks: a negative count of Greek armies"]


def _saved_and_loaded(game):
    loaded = Game.from_json(game.to_json())
    assert loaded.state.to_dict() == game.state.to_dict()
    assert loaded.history == game.history and loaded.origin == game.origin
    return loaded


def test_a_game_of_the_lesson_saves_and_loads_at_every_step():
    lesson = read_lesson(XERXES)
    game = lesson_game(lesson, seed=6)
    assert game.origin == {"kind": "lesson", "name": "xerxes-480-479", "step": 0}
    _saved_and_loaded(game)
    for n, step in enumerate(lesson.steps, 1):
        run_step(game, step)
        assert game.origin["step"] == n and game.history == []
        _saved_and_loaded(game)
    game = lesson_game(lesson, seed=6)
    for step in lesson.steps[:4]:
        run_step(game, step)
    game.apply(game.legal_actions()[0])  # a move of the class's own after step 4
    assert len(_saved_and_loaded(game).history) == 1


def test_a_branch_saves_with_its_option_and_a_sealed_save_loads():
    (game, thermo), _ = _at_decisions(seed=2)
    branch = decide(game, thermo, "keep")["game"]
    assert branch.origin == {"kind": "lesson", "name": "xerxes-480-479", "step": 2,
                             "option": "keep"}
    _saved_and_loaded(branch)
    loaded = read_save(sealed_save(branch, "greece", "random", seed_secret=True))
    assert loaded.game.state.to_dict() == branch.state.to_dict()


def test_an_edited_lesson_save_is_refused_in_plain_words():
    lesson = read_lesson(XERXES)
    game = lesson_game(lesson, seed=1)
    for step in lesson.steps[:3]:
        run_step(game, step)
    data = json.loads(game.to_json())
    for origin, words in (({"step": 2}, "does not follow from its own list of moves"),
                          ({"step": 9}, "has 7 steps; 9 cannot have been played"),
                          ({"option": "stand"}, "has no option 'stand' to choose after step 3"),
                          ({"name": "xerxes"}, "the lesson 'xerxes', which is not installed")):
        edited = {**data, "origin": {**data["origin"], **origin}}
        with pytest.raises(ValueError, match=re.escape(words)):
            Game.from_json(json.dumps(edited))
    data["state"]["hands"]["persia"] = [15, *data["state"]["hands"]["persia"]]
    with pytest.raises(ValueError, match="card 15 is in two places"):
        Game.from_json(json.dumps(data))


def test_the_lesson_is_played_by_the_generic_runner_by_entries():
    """Earth & Water's lessons are the generic runner's (lessons/byentries.py), not a copy of
    it: the plugin's hooks are an EntryPlay and a step played through them is the lesson's."""
    from hellenes_nb.core.catalog import plugin_for
    from hellenes_nb.games.earth_water.ruleset import EARTH_WATER
    from hellenes_nb.lessons.byentries import EntryPlay

    lesson = read_lesson(XERXES)
    hooks = plugin_for(EARTH_WATER).lessons.play(lesson)
    assert isinstance(hooks, EntryPlay)
    game = hooks.start()
    run = hooks.play_step(game, lesson.steps[0], 0)
    assert run.events and hooks.view(game, lesson.steps[0], run, run.events)["status"] == (
        "Campaign 3 of 5; the score is level")
