"""Saves of games begun at a lesson's position (issue 26 item 4): the save names the lesson, the
step and the option chosen, the loader rebuilds that start from the installed lesson and replays
the moves after it, so the game loads again exactly; a save whose origin was edited is refused
in plain words, and the position itself is never taken from the file."""

from __future__ import annotations

import json

import pytest

from hellenes_nb import Game
from hellenes_nb.core.savefiles import read_save, sealed_save
from hellenes_nb.lessons import Lesson


def _played_on(game: Game, moves: int = 3) -> Game:
    """``game`` after a few moves of its own (the first legal action each time)."""
    for _ in range(moves):
        if game.over:
            break
        game.apply(game.legal_actions()[0])
    return game


def _same(loaded: Game, game: Game) -> None:
    assert loaded.state.to_dict() == game.state.to_dict()
    assert loaded.history == game.history
    assert loaded.origin == game.origin
    assert loaded.legal_actions() == game.legal_actions()


@pytest.mark.parametrize("step", [1, 5, 9])
def test_a_game_taken_over_in_pylos_saves_and_loads(world, step):
    lesson = Lesson("pylos-425", world=world)
    lesson.goto(step)
    game = _played_on(lesson.take_command("hotseat"))
    saved = json.loads(game.to_json())
    assert saved["origin"] == {"kind": "lesson", "name": "pylos-425", "step": step}
    assert len(saved["history"]) == len(game.history) <= 3  # only the moves after the step
    _same(Game.from_json(game.to_json()), game)


def test_a_branch_from_a_decision_saves_with_its_option(pylos):
    pylos.goto(5)
    branch = _played_on(pylos.choose("open-battle")["game"], 2)
    assert branch.origin == {"kind": "lesson", "name": "pylos-425", "step": 5,
                             "option": "open-battle"}
    _same(Game.from_json(branch.to_json()), branch)
    again = pylos.take_command("hotseat")  # plays on from the class's choice
    assert again.origin == branch.origin
    _same(Game.from_json(again.to_json()), again)


def test_a_game_against_the_bot_saves_sealed_and_loads(pylos):
    pylos.goto(3)
    game = _played_on(pylos.take_command("bot", side="athens"))
    loaded = read_save(sealed_save(game, "athens", "random", seed_secret=False))
    assert loaded.sealed and loaded.human == "athens"
    assert loaded.game.state.to_dict() == game.state.to_dict()
    assert loaded.game.origin == {"kind": "lesson", "name": "pylos-425", "step": 3}


def test_an_amphipolis_game_after_new_year_deals_loads(world):
    """The lesson deals hands at New Year (a step's ``hands``): the rebuilt start has them."""
    lesson = Lesson("amphipolis-424-422", world=world)
    lesson.goto(10)
    game = _played_on(lesson.take_command("hotseat"))
    _same(Game.from_json(game.to_json()), game)


def _edited(game: Game, **origin) -> str:
    data = json.loads(game.to_json())
    data["origin"] = {**data["origin"], **origin}
    return json.dumps(data)


def test_an_edited_origin_is_refused_in_plain_words(pylos):
    pylos.goto(5)
    game = _played_on(pylos.take_command("hotseat"))
    cases = {
        "step": (_edited(game, step=6), "move 1 of the saved game is not legal"),
        "step, no move": (_edited(pylos.take_command("hotseat"), step=4),
                          "does not follow from its own list of moves"),
        "missing step": (_edited(game, step=40), "has steps 1 to 12, not 40"),
        "option": (_edited(game, option="flee"), "step 5 of the lesson 'pylos-425' has no "
                                                 "option 'flee'"),
        "lesson": (_edited(game, name="no-such-lesson"), "the lesson 'no-such-lesson', "
                                                         "which is not installed here"),
        "a path": (_edited(game, name="../../etc/passwd"), "origin › name"),
        "kind": (_edited(game, kind="scenario"), "origin › kind"),
    }
    for name, (text, words) in cases.items():
        with pytest.raises(ValueError) as err:
            Game.from_json(text)
        assert words in str(err.value), (name, str(err.value))


def test_the_seed_of_a_lesson_save_is_the_lessons(pylos):
    pylos.goto(2)
    data = json.loads(pylos.take_command("hotseat").to_json())
    data["seed"] = 7
    with pytest.raises(ValueError, match="plays with seed 425, not 7"):
        Game.from_json(json.dumps(data))


def test_the_start_is_never_read_from_the_file(pylos):
    """Changing the saved position (here Athens's hand) is refused: the start is rebuilt."""
    pylos.goto(4)
    data = json.loads(pylos.take_command("hotseat").to_json())
    hand = data["state"]["hands"]["athens"]
    data["state"]["hands"]["athens"] = [hand[-1], *hand[:-1]]
    with pytest.raises(ValueError, match="does not follow from its own list of moves"):
        Game.from_json(json.dumps(data))


def test_a_scenario_game_has_no_origin():
    game = _played_on(Game.new("431", seed=3))
    assert game.origin is None and "origin" not in json.loads(game.to_json())
    _same(Game.from_json(game.to_json()), game)


def test_the_replay_viewer_starts_a_taken_over_game_at_the_lessons_step(pylos):
    """The dashboard's replay of a game taken over at step 5 starts there, not at the 431
    setup (where its first move, a card play, would not even be legal)."""
    from hellenes_nb.widgets.dashboard.replay import ReplayViewer

    pylos.goto(5)
    game = _played_on(pylos.take_command("hotseat"))
    viewer = ReplayViewer(game)
    assert viewer.game_at(0).state.to_dict() == pylos.game.state.to_dict()
    assert viewer.game_at(len(game.history)).state.to_dict() == game.state.to_dict()
