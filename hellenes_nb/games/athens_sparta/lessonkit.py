"""The lessons of *Athens & Sparta* (``lessons/athens-sparta/*.yaml``, ``format: lesson 1``,
``game: athens-sparta``; docs/writing-lessons.md, docs/athens-sparta.md "Lesson"): a position
in the words of the tutorial's :class:`~.tutorialkit.Setup` (the start of the war, the hands,
where play starts; ``then: war`` lets the Game Turns follow one another), steps whose ``do``
items are legal actions named by their entries (``{type: march, block: spa-h1, to: '0807'}``),
decision points after ``at`` items, and an ``expect`` in the words of a tutorial goal's
``state`` (where blocks are, who holds or besieges a city). Played by the one lesson runner
through :class:`~hellenes_nb.lessons.byentries.EntryLessons`."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.catalog import LessonKit
from hellenes_nb.core.game import Game
from hellenes_nb.games.athens_sparta.invariants import check_invariants
from hellenes_nb.games.athens_sparta.ruleset import ATHENS_SPARTA
from hellenes_nb.games.athens_sparta.tutorialkit import (
    SECTIONS,
    Scene,
    Setup,
    StateGoal,
    _facts,
    parse_action,
    points,
    setup_state,
)
from hellenes_nb.lessons.byentries import EntryLessons
from hellenes_nb.lessons.runner import Lesson

__all__ = ["GAME_YEARS", "KIT", "LESSONS"]

#: the years BC the game covers (its calendar: Olympiad 84 begins in 431, the war ends in 404)
GAME_YEARS = (431, 404)


def expected(game: Game, expect: Any) -> list[str]:
    """What of a step's ``expect`` is not so, in words (empty when it all holds)."""
    if expect is None:
        return []
    return _facts(expect.model_dump(exclude_defaults=True), Scene(game, "athens"))


LESSONS = EntryLessons(ruleset=ATHENS_SPARTA, state_at=setup_state,
                       invariants=check_invariants, expected=expected, rule="3.0")


def status(game: Any) -> str:
    """The line under a step's title: the Olympiad, the Game Turn and the city points."""
    b, p = game.state.board, points(game.state)
    return (f"Olympiad {b.olympiad}, Game Turn {b.turn}; city points: Athens {p['athens']}, "
            f"Sparta {p['sparta']} (§10.2).")


KIT = LessonKit(folder="athens-sparta", **LESSONS.hooks(), open=Lesson, years=GAME_YEARS,
                position_model=Setup, expect_model=StateGoal, parse_action=parse_action,
                play=LESSONS.play(status),
                board="hellenes_nb.games.athens_sparta.widgets.board:ASBoard",
                rule_sections=frozenset(SECTIONS))
