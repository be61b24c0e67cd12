"""Lessons on the *300: Earth & Water* engine (``lessons/earth-water/*.yaml``): a position, then
steps that each tell a piece of the history with its sources, ask the class a question, and
play the historical choice on the engine with the dice forced, so that every battle comes out
as it did. Checked by :func:`check_lesson` on several seeds (the dice not forced and the deck
order change with the seed; the story must not).

A lesson file is in the one lesson format (``format: lesson 1``, ``game: earth-water``,
:mod:`hellenes_nb.lessons.format`); this game brings the models of its ``position`` and of a
step's ``expect`` below, and reads a step's ``do`` items as actions named by their entries
(``{type: land_move, from: larissa, to: delphi, armies: 4}``): each must match exactly one legal
action when its turn comes.

A step may hold a **decision point** (``decision``): after the first ``at`` actions of its
``do``, one side chooses among ``options``. The option marked ``historical`` is the rest of
the step's ``do``; every other option has its own ``dice`` (forced from the start of the
step, instead of the step's), ``do`` and ``expect``, and is played by :func:`decide` on a
copy of the game (a branch: the lesson itself goes on as history did). The ``explanation``
tells what was chosen in 480 BC and why, with its ``sources``.

The playing and checking are the generic runner's (:class:`~hellenes_nb.lessons.byentries.
EntryLessons`, ``LESSONS`` below); the names this module gave them before stay as its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, field_validator

from hellenes_nb.core.game import Game
from hellenes_nb.core.models import FileModel, Items, Text, between, short
from hellenes_nb.games.earth_water.index import CITY, N
from hellenes_nb.games.earth_water.invariants import TOTALS, check_invariants
from hellenes_nb.games.earth_water.ruleset import EARTH_WATER
from hellenes_nb.games.earth_water.state import FLAGS
from hellenes_nb.lessons.byentries import EntryLessons, LessonFileError

__all__ = ["Expect", "GAME_YEARS", "LESSONS", "LessonError", "Position", "check_lesson", "decide",
           "lesson_game", "parse_action", "position_state", "read_lesson", "run_step",
           "start_at"]
Side = Literal["greece", "persia"]
Count = Annotated[int, between(0, 24, "§2.2")]
Die = Annotated[int, between(1, 6, "§7.1")]
Flag = Literal[tuple(FLAGS)]  # type: ignore[valid-type]
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,79}$")


def _city(name: str) -> str:
    if name not in CITY:
        raise ValueError(f"{short(name)} is not a city of the board (the cities: "
                         f"{', '.join(CITY)})")
    return name


def _id(value: str) -> str:
    if not _ID.match(value):
        raise ValueError(f"{short(value)} should be lower-case letters, digits, '_' or '-' "
                         "(at most 80)")
    return value


City = Annotated[Text, AfterValidator(_city)]
Id = Annotated[Text, AfterValidator(_id)]


class Pieces(FileModel):
    armies: dict[City, Count] = {}
    fleets: dict[City, Count] = {}


class Position(FileModel):
    """Where the lesson starts: pieces, hands, flags, the score and what is decided first."""

    campaign: Annotated[int, between(1, 5, "§4")] = 1
    score: Annotated[int, between(-6, 6, "§4.5")] = 0
    greece: Pieces
    persia: Pieces
    hands: dict[Side, Items[Annotated[int, between(1, 16, "§2.3")]]]
    flags: Items[Flag] = ()
    start: Literal["persian_preparation", "operations"]

    @field_validator("hands")
    @classmethod
    def _cards_once(cls, hands: dict[str, tuple[int, ...]]) -> dict[str, tuple[int, ...]]:
        greek, persian = hands.get("greece", ()), hands.get("persia", ())
        wrong = [f"card {c} is in both the Greek and the Persian hand"
                 for c in sorted(set(greek) & set(persian))]
        wrong += [f"card {c} is named twice in the {word} hand"
                  for word, cards in (("Greek", greek), ("Persian", persian))
                  for c in sorted({c for c in cards if cards.count(c) > 1})]
        if wrong:
            raise ValueError("; ".join(wrong) + ": each of the 16 cards is in one place only "
                             "(§2.3)")
        return hands


class Expect(FileModel):
    """What must be true after a step."""

    armies: dict[Side, dict[City, Count]] = {}
    fleets: dict[Side, dict[City, Count]] = {}
    flags: Items[Flag] = ()
    score: Annotated[int, between(-6, 6, "§4.5")] | None = None
    control: dict[City, Side | Literal["nobody"]] = {}


def parse_action(item: Any) -> tuple[dict, ...]:
    """One ``do`` item: a legal action named by its entries, as it is (each must match
    exactly one legal action when its turn comes)."""
    if not isinstance(item, dict) or not item:
        raise ValueError(f"should be an action named by its entries, such as '{{type: "
                         f"land_move, from: larissa, to: delphi, armies: 4}}', not {short(item)}")
    return (dict(item),)


#: the years BC the game covers, the Ionian revolt to the peace of Callias (its rulebook's
#: introduction); a lesson's ``years`` lie within them
GAME_YEARS = (499, 449)


def position_state(pos: Position, seed: int = 0) -> Any:
    """The state at ``pos`` (every piece not placed is in its reserve), for a lesson or a
    tutorial task (games/earth_water/tutorialkit.py)."""
    state = EARTH_WATER.setup("earth-water", seed)
    state.u = [0] * (4 * N)
    for side, pieces in enumerate((pos.greece, pos.persia)):
        for kind, placed in ((0, pieces.armies), (2, pieces.fleets)):
            for city, n in placed.items():
                state.u[(kind + side) * N + CITY[city]] = n
    state.hands = [list(pos.hands.get("greece", ())), list(pos.hands.get("persia", ()))]
    state.deck = [c for c in state.deck if c not in state.hands[0] + state.hands[1]]
    for flag in pos.flags:
        state.mark(flag)
    port = state.portraits
    off = [port["greek_armies"], port["persian_armies"], 0, port["persian_fleets"]]
    state.reserve = [TOTALS[k] - sum(state.u[k * N:(k + 1) * N]) - off[k] for k in range(4)]
    state.campaign, state.score = pos.campaign, pos.score
    if pos.start == "operations":
        state.stack = [{"kind": "campaign", "phase": "supply", "skipped": False},
                       {"kind": "operations", "turn": 1, "passes": 0}]
    return state


def _expected(game: Game, expect: Any) -> list[str]:
    st = game.state
    out = []
    for kind, table in ((0, expect.armies), (2, expect.fleets)):
        for side, cities in table.items():
            s = ("greece", "persia").index(side)
            for city, n in cities.items():
                have = st.u[(kind + s) * N + CITY[city]]
                if have != n:
                    what = "armies" if kind == 0 else "fleets"
                    out.append(f"{side} {what} in {city}: {have}, expected {n}")
    out += [f"flag {f} is not set" for f in expect.flags if not st.has(f)]
    if expect.score is not None and st.score != expect.score:
        out.append(f"score {st.score}, expected {expect.score}")
    cities = {c["id"]: c["control"] or "nobody" for c in game.view("all")["cities"]}
    out += [f"{city} is {cities[city]}'s, expected {who}'s"
            for city, who in expect.control.items() if cities[city] != who]
    return out


#: the generic lesson runner by entries with this game's ruleset, position, invariants and
#: ``expect``; the lesson's start cites §3.0 in the log
LESSONS = EntryLessons(ruleset=EARTH_WATER, state_at=position_state, invariants=check_invariants,
                       expected=_expected, rule="3.0")
#: a lesson file that cannot be used (``problems`` lists every problem)
LessonError = LessonFileError
read_lesson = LESSONS.read
lesson_game = LESSONS.start
run_step = LESSONS.run_step
decide = LESSONS.decide
start_at = LESSONS.start_at


def check_lesson(path: Path | str, seeds: Iterable[int] = range(10)) -> list[str]:
    """Every problem of a lesson: its file (a card in two places, a city or flag that does
    not exist...), and each step played with each of ``seeds`` (an action that is not legal,
    a check that fails, a position the game's own invariants refuse)."""
    return LESSONS.check(path, seeds)
