"""Lessons on the *300: Earth & Water* engine (``lessons/earth-water/*.yaml``): a position, then
steps that each tell a piece of the history with its sources, ask the class a question, and
play the historical choice on the engine with the dice forced, so that every battle comes out
as it did. Checked by :func:`check_lesson` on several seeds (the dice not forced and the deck
order change with the seed; the story must not).

The file format (``format: ew-lesson 1``) is described by the models below; a step's ``play``
lists actions by their entries (``{type: land_move, from: larissa, to: delphi, armies: 4}``):
each must match exactly one legal action when its turn comes.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any, Literal

from hellenes_nb.core.game import Game
from hellenes_nb.core.models import FileError, FileModel, Items, Text, between, read_yaml, validate
from hellenes_nb.games.earth_water.index import CITY, N
from hellenes_nb.games.earth_water.invariants import TOTALS
from hellenes_nb.games.earth_water.ruleset import EARTH_WATER
from hellenes_nb.games.earth_water.state import FLAGS

__all__ = ["Lesson", "check_lesson", "is_ew_lesson", "lesson_game", "read_lesson", "run_step"]

Side = Literal["greece", "persia"]
Count = Annotated[int, between(0, 24, "§2.2")]
Die = Annotated[int, between(1, 6, "§7.1")]


class Pieces(FileModel):
    armies: dict[Text, Count] = {}
    fleets: dict[Text, Count] = {}


class Position(FileModel):
    """Where the lesson starts: pieces, hands, flags, the score and what is decided first."""

    campaign: Annotated[int, between(1, 5, "§4")] = 1
    score: Annotated[int, between(-6, 6, "§4.5")] = 0
    greece: Pieces
    persia: Pieces
    hands: dict[Side, Items[Annotated[int, between(1, 16, "§2.3")]]]
    flags: Items[Literal[tuple(FLAGS)]] = ()  # type: ignore[valid-type]
    start: Literal["persian_preparation", "operations"]


class Expect(FileModel):
    """What must be true after a step."""

    armies: dict[Side, dict[Text, Count]] = {}
    fleets: dict[Side, dict[Text, Count]] = {}
    flags: Items[Text] = ()
    score: Annotated[int, between(-6, 6, "§4.5")] | None = None
    control: dict[Text, Side | Literal["nobody"]] = {}


class Step(FileModel):
    id: Text
    title: Text
    sources: Items[Text]
    text: Text
    question: Text | None = None
    dice: Items[Die] = ()
    play: Items[dict[str, Any]]
    expect: Expect = Expect()


class Lesson(FileModel):
    format: Literal["ew-lesson 1"]
    id: Text
    title: Text
    sources: Items[Text]
    introduction: Text
    summary: Text
    position: Position
    steps: Items[Step]


class LessonError(FileError):
    """A lesson file cannot be used; ``problems`` lists every problem."""


def read_lesson(path: Path | str) -> Lesson:
    """Read and validate a lesson file (:class:`LessonError` naming every problem)."""
    name = Path(path).name
    data, problems = read_yaml(path, name)
    if problems:
        raise LessonError(problems)
    lesson, problems = validate(Lesson, data, name)
    if problems:
        raise LessonError(problems)
    return lesson


def lesson_game(lesson: Lesson, seed: int = 0) -> Game:
    """A game at the lesson's position (every piece not placed is in its reserve)."""
    pos = lesson.position
    state = EARTH_WATER.setup("earth-water", seed)
    state.u = [0] * (4 * N)
    for side, pieces in enumerate((pos.greece, pos.persia)):
        for kind, placed in ((0, pieces.armies), (2, pieces.fleets)):
            for city, n in placed.items():
                if city not in CITY:
                    raise ValueError(f"the position names {city!r}, which is not a city")
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
    state.event("lesson", "3.0", f"The lesson '{lesson.title}' starts from its own position.")
    return Game(EARTH_WATER, state, seed)


def _matching(game: Game, want: dict[str, Any]) -> dict:
    found = [a for a in game.legal_actions()
             if all(a.get(k) == v for k, v in want.items())]
    if len(found) != 1:
        raise ValueError(f"{len(found)} legal actions match {want} at "
                         f"'{game.prompt.text}'")
    return found[0]


def run_step(game: Game, step: Step) -> list[dict]:
    """Play one step on ``game`` (its dice forced first); the log events it caused."""
    game.state.dice.force(step.dice)
    start = len(game.log)
    for want in step.play:
        game.apply(_matching(game, want))
    return list(game.log[start:])


def _expected(game: Game, expect: Expect) -> list[str]:
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


def is_ew_lesson(path: Path | str) -> bool:
    """Whether the file is a lesson of this game (its first line names the format)."""
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.readline().strip() == "format: ew-lesson 1"


def check_lesson(path: Path | str, seeds: Iterable[int] = range(10)) -> list[str]:
    """Every problem of a lesson: its file, and each step played with each of ``seeds`` (an
    action that is not legal, a check that fails)."""
    try:
        lesson = read_lesson(path)
    except (LessonError, FileNotFoundError) as exc:
        return str(exc).splitlines()
    problems = []
    for seed in seeds or (0,):
        try:
            game = lesson_game(lesson, seed)
        except ValueError as exc:
            return [f"position: {exc}"]
        for n, step in enumerate(lesson.steps, 1):
            try:
                run_step(game, step)
            except ValueError as exc:  # IllegalAction is a ValueError too
                problems.append(f"seed {seed}, step {n} '{step.title}': {exc}")
                break
            problems += [f"seed {seed}, step {n} '{step.title}': {p}"
                         for p in _expected(game, step.expect)]
    return sorted(set(problems), key=problems.index)
