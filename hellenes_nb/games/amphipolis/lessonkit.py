"""The lessons of *Amphipolis* (``lessons/amphipolis/*.yaml``, ``format: lesson 1``,
``game: amphipolis``; docs/writing-lessons.md, docs/amphipolis.md "Lessons"): a position in
the words of :mod:`.teachpos`, steps whose ``do`` items are legal actions named by their entries
(``{type: siege, zone: O2, how: blockade}``), decision points after ``at`` items, and an
``expect`` of pieces' places, towns' holders and the turn. Played by the one lesson runner
through :class:`~hellenes_nb.lessons.byentries.EntryLessons`."""

from __future__ import annotations

from typing import Any

from hellenes_nb.core.catalog import LessonKit
from hellenes_nb.core.models import Items
from hellenes_nb.games.amphipolis.invariants import check_invariants
from hellenes_nb.games.amphipolis.rules.victory import scores
from hellenes_nb.games.amphipolis.ruleset import AMPHIPOLIS
from hellenes_nb.games.amphipolis.teachpos import (
    Counter,
    Expect,
    Position,
    Side,
    deal,
    parse_action,
    placed,
    position_state,
)
from hellenes_nb.games.amphipolis.tutorialkit import SECTIONS
from hellenes_nb.lessons.byentries import EntryLessons
from hellenes_nb.lessons.runner import Lesson

__all__ = ["GAME_YEARS", "KIT", "LESSONS"]

#: the years BC the game covers (§10: spring 424 to the winter of 422/421)
GAME_YEARS = (424, 422)
SEASONS = ("spring", "summer", "autumn", "winter")



def _hands(game: Any, step: Any) -> None:
    """A step's ``hands``: the strategems each side holds from the step on (after a draw,
    §2 A), so that a lesson does not hang on the counters its seed draws."""
    if step.hands:
        deal(game.state, step.hands)
        game.state.event("lesson", "2", "The lesson sets the strategems in hand.")


LESSONS = EntryLessons(ruleset=AMPHIPOLIS, state_at=position_state,
                       invariants=check_invariants, expected=placed, rule="10", prepare=_hands)


def status(game: Any) -> str:
    """The line under a step's title: the turn, its season and year, the victory points."""
    st = game.state
    a, s = scores(st)
    when = f"Turn {st.turn}: {SEASONS[st.turn % 4]} {424 - st.turn // 4} BC"
    return f"{when}; victory points: Athens {a}, Sparta {s} (§9.2)."


KIT = LessonKit(folder="amphipolis", **LESSONS.hooks(), open=Lesson, years=GAME_YEARS,
                position_model=Position, expect_model=Expect, parse_action=parse_action,
                play=LESSONS.play(status),
                board="hellenes_nb.games.amphipolis.widgets.board:AmphipolisBoard",
                rule_sections=frozenset(SECTIONS),
                step_fields={"hands": (dict[Side, Items[Counter]] | None, None)})
