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
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, field_validator

from hellenes_nb.core.catalog import InvariantError
from hellenes_nb.core.echo import shown
from hellenes_nb.core.game import Game
from hellenes_nb.core.models import (
    FileError,
    FileModel,
    Items,
    Problem,
    Text,
    between,
    short,
)
from hellenes_nb.core.savejson import Origin
from hellenes_nb.games.earth_water.index import CITY, N
from hellenes_nb.games.earth_water.invariants import TOTALS, check_invariants
from hellenes_nb.games.earth_water.ruleset import EARTH_WATER
from hellenes_nb.games.earth_water.state import FLAGS
from hellenes_nb.lessons.format import load_spec

__all__ = ["Expect", "GAME_YEARS", "Position", "check_lesson", "decide", "lesson_game",
           "parse_action", "position_state", "read_lesson", "run_step", "start_at"]
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


class LessonError(FileError):
    """A lesson file cannot be used; ``problems`` lists every problem."""


def read_lesson(path: Path | str) -> Any:
    """Read and validate a lesson file (:class:`LessonError` naming every problem, each with
    the path as given and the step by number and title)."""
    try:
        spec = load_spec(path)
    except FileError as exc:
        raise LessonError(exc.problems) from None
    if spec.game != EARTH_WATER.name:
        raise LessonError([Problem(str(path), "game", f"the lesson is a lesson of "
                                   f"{spec.game!r}, not of {EARTH_WATER.name!r}")])
    return spec


def lesson_game(lesson: Any, seed: int = 0) -> Game:
    """A game at the lesson's position (every piece not placed is in its reserve). Its origin
    is the lesson's start (``Game.rebase``), so a save of it loads again."""
    state = position_state(lesson.position, seed)
    state.event("lesson", "3.0", f"The lesson '{lesson.title}' starts from its own position.")
    game = Game(EARTH_WATER, state, seed)
    game.rebase(_origin(lesson.id, 0))
    return game


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


def _origin(name: str, played: int, option: str | None = None) -> dict[str, Any]:
    """The origin of a game of the lesson ``name`` after ``played`` steps (and ``option``
    chosen at the next step's decision): what a save names so that it loads again."""
    return Origin(kind="lesson", name=name, step=played,
                  option=option).model_dump(exclude_none=True)


def _at_origin(game: Game) -> dict[str, Any] | None:
    """The game's lesson origin if the game stands exactly there (no move since), else
    None: only then does playing a step move the origin on with it."""
    origin = game.origin
    if origin is None or game.history or origin.get("option") is not None:
        return None
    return origin


def _matching(game: Game, want: dict[str, Any]) -> dict:
    found = [a for a in game.legal_actions()
             if all(a.get(k) == v for k, v in want.items())]
    if len(found) != 1:
        raise ValueError(f"{len(found)} legal actions match {shown(want, 300)} at "
                         f"'{game.prompt.text}'")
    return found[0]


def _play(game: Game, dice: Iterable[int], actions: Iterable[dict[str, Any]]) -> list[dict]:
    game.state.dice.force(dice)
    first = len(game.log)
    for want in actions:
        game.apply(_matching(game, want))
    return list(game.log[first:])


def _dice(dice: Any) -> tuple[int, ...]:
    return dice if isinstance(dice, tuple) else ()


def _at(step: Any) -> int:
    """After how many of the step's actions its decision comes (0: at its start)."""
    return step.decision.at or 0


def run_step(game: Game, step: Any) -> list[dict]:
    """Play one step on ``game`` (its dice forced first); the log events it caused. A game
    standing at its lesson origin moves the origin on to after this step."""
    origin = _at_origin(game)
    events = _play(game, _dice(step.dice), step.actions)
    if origin is not None:
        game.rebase(_origin(origin["name"], origin["step"] + 1))
    return events


def decide(game: Game, step: Any, choice: str | int) -> dict[str, Any]:
    """The learner's choice at ``step``'s decision point (an option id, or its number from 1),
    ``game`` being at the start of the step (it is not changed). Returns the choice, the
    historical one and its explanation, the events of the choice and ``game``: a copy of the
    game in which the choice was played (for the historical option, the whole step)."""
    d = step.decision
    if d is None:
        raise ValueError(f"the step '{step.title}' has no decision point")
    found = [o for n, o in enumerate(d.options, 1) if choice in (o.id, n)]
    if not found:
        listed = ", ".join(f"{n}: {o.id}" for n, o in enumerate(d.options, 1))
        raise ValueError(f"{choice!r} is not one of the options ({listed})")
    option, branch = found[0], game.clone()
    if option.historical:
        events = run_step(branch, step)
    else:  # the branch's dice are its own, forced from the start of the step
        origin = _at_origin(branch)
        _play(branch, option.dice or (), step.actions[:_at(step)])
        events = _play(branch, (), option.actions)
        if origin is not None:
            branch.rebase(_origin(origin["name"], origin["step"], option.id))
    return {"chosen": option.id, "label": option.label, "historical": d.historical.id,
            "historical_label": d.historical.label, "matches_history": option.historical,
            "explanation": d.explanation, "sources": list(d.sources), "events": events,
            "game": branch}


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


def _branches(game: Game, step: Any) -> list[str]:
    """Each option of the step's decision other than history, played on a copy and checked
    (with the game's own invariants too)."""
    if step.decision is None:
        return []
    out = []
    for option in step.decision.options:
        if option.historical:
            continue
        try:
            branch = decide(game, step, option.id)["game"]
            check_invariants(branch, len(game.log))
        except InvariantError as exc:
            out.append(f"option {option.id!r}: {_BROKEN} {exc}")
            continue
        except ValueError as exc:
            out.append(f"option {option.id!r}: {exc}")
            continue
        out += [f"option {option.id!r}: {p}" for p in _expected(branch, option.expect)]
    return out


def _option_rules(lesson: Any) -> list[str]:
    """The historical option is the rest of the step's own ``do``; every other option plays
    its own (a branch)."""
    out = []
    for step in lesson.steps:
        for o in step.decision.options if step.decision is not None else ():
            if o.historical and o.do:
                out.append(f"{step.where} › decision: option {o.id!r}: the historical option "
                           "is the step's own do; give it no do of its own")
            elif not o.historical and not o.do:
                out.append(f"{step.where} › decision: option {o.id!r} needs a do (the actions "
                           "of its branch)")
    return out


#: how a problem found by the game's own invariants (``invariants.py``) begins
_BROKEN = "the position breaks the game's own checks:"


def check_lesson(path: Path | str, seeds: Iterable[int] = range(10)) -> list[str]:
    """Every problem of a lesson: its file (a card in two places, a city or flag that does
    not exist...), and each step played with each of ``seeds`` (an action that is not legal,
    a check that fails, a position the game's own invariants refuse)."""
    try:
        lesson = read_lesson(path)
    except LessonError as exc:
        return [f"{p.where}: {p.message}" if p.where else p.message for p in exc.problems]
    problems = _option_rules(lesson)
    if problems:
        return problems
    for seed in seeds or (0,):
        game = lesson_game(lesson, seed)
        try:
            check_invariants(game, 0)
        except InvariantError as exc:
            return [f"position: {_BROKEN} {exc}"]
        for n, step in enumerate(lesson.steps, 1):
            where = f"seed {seed}, step {n} '{step.title}'"
            start = game.clone() if step.decision is not None else game
            since = len(game.log)
            try:
                run_step(game, step)
                check_invariants(game, since)
            except InvariantError as exc:
                problems.append(f"{where}: {_BROKEN} {exc}")
                break
            except ValueError as exc:  # IllegalAction is a ValueError too
                problems.append(f"{where}: {exc}")
                break
            problems += [f"{where}: {p}"
                         for p in [*_expected(game, step.expect), *_branches(start, step)]]
    return sorted(set(problems), key=problems.index)


def start_at(lesson: Any, seed: int, played: int, option: str | None = None) -> Game:
    """The game of ``lesson`` with ``seed`` after its first ``played`` steps, with ``option``
    chosen at the next step's decision point if given: the start a save of a lesson game
    names, rebuilt (ValueError in plain words when the lesson has no such step or option)."""
    n = len(lesson.steps)
    if not 0 <= played <= n:
        raise ValueError(f"the lesson {lesson.id!r} has {n} steps; {played} cannot have been "
                         "played")
    game = lesson_game(lesson, seed)
    for step in lesson.steps[:played]:
        run_step(game, step)
    if option is None:
        return game
    step = lesson.steps[played] if played < n else None
    others = [o.id for o in step.decision.options if not o.historical] \
        if step is not None and step.decision is not None else []
    if option not in others:
        raise ValueError(f"the lesson {lesson.id!r} has no option {option!r} to choose after "
                         f"step {played}")
    return decide(game, step, option)["game"]
