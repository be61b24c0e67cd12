"""The lesson file format: one YAML file per lesson, described once as typed models.

A lesson is a single YAML document (docs/writing-lessons.md explains every field with the Pylos
lesson as the worked example). YAML was chosen over Markdown with front matter because a lesson
is mostly structure (a position, then steps that each carry narrative, citations, rules, map
focus, scripted actions, dice, a decision or a question); YAML keeps each step's prose next to
its engine data, and block scalars (``|``) hold paragraphs comfortably.

The file goes through the shared file layer (:mod:`hellenes_nb.core.models`): plain data only
(:mod:`hellenes_nb.core.safeyaml` refuses anchors, aliases, tags, merge keys, deep nesting and
oversized files before any object is built), then the models below, which are also what the
runner, the checker and the widget read (:class:`LessonSpec` and its parts). Each problem names
the file and the place: ``step 3 'The landing' › do item 2: ...``. Prose is later rendered
through :mod:`.markup`, which never lets HTML through.

Nothing here touches the engine: ``check.py`` checks references and replays the lesson.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, PlainValidator, PrivateAttr, model_validator

from hellenes_nb.core.models import (
    FileError,
    FileModel,
    ItemFile,
    Items,
    Problem,
    Text,
    option_problems,
    short,
)

__all__ = ["FORMAT", "SEASON_NAMES", "Problem", "LessonSpec", "PositionSpec", "UnitSpec",
           "StepSpec", "Focus", "BattleSpec", "DecisionSpec", "OptionSpec", "QuestionSpec",
           "Expect", "parse_lesson", "read_lesson_file", "LessonFormatError", "load_spec"]

FORMAT = "hellenes-lesson 1"
#: season names of a lesson position → the engine's season numbers (§3.3)
SEASON_NAMES = {"spring": 1, "summer": 2, "highsummer": 3, "fall": 4}
SIDES = ("athens", "sparta")
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_UNIT = re.compile(r"^[AS]\d{1,2}$")


class LessonFormatError(FileError):
    """A lesson file cannot be used; ``problems`` lists every problem found."""


# -- the small types -----------------------------------------------------------------------------
def _format(value: Any) -> str:
    if value != FORMAT:
        raise ValueError(f"the first line must be 'format: {FORMAT}' (got {short(value)})")
    return value


def _id(value: str) -> str:
    if not _ID.match(value) or len(value) > 80:
        raise ValueError(f"{short(value)} should be lower-case letters, digits, '_' or '-' "
                         "(at most 80)")
    return value


def _unit_key(value: str) -> str:
    if not _UNIT.match(value):
        raise ValueError(f"should be a unit key such as A9 (Athens #9) or S1 (Sparta #1), not "
                         f"{short(value)}")
    return value


def _faces(value: Any, live: bool = True) -> tuple[int, ...] | str:
    if value == "live" and live:
        return "live"
    if isinstance(value, list) and all(isinstance(f, int) and not isinstance(f, bool)
                                       and 1 <= f <= 6 for f in value):
        return tuple(value)
    if value == "live":
        raise ValueError("an option's dice are a list of faces; leave 'dice' out for live dice")
    raise ValueError(f"should be 'live' or a list of die faces from 1 to 6, not {short(value)}"
                     if live else f"should be a list of die faces from 1 to 6, not {short(value)}")


def _policy(value: Any) -> str | int:
    if value in ("fight", "retreat") or (isinstance(value, int) and not isinstance(value, bool)
                                         and value >= 1):
        return value
    raise ValueError("should be 'fight', 'retreat' or a number of rounds before retreating, "
                     f"not {short(value)}")


def _retreat(value: Any) -> dict[str, Any]:
    if isinstance(value, str):
        return {"to": value}
    if isinstance(value, dict) and isinstance(value.get("to"), str):
        return dict(value)
    raise ValueError("give an area id, or {to: area, city: true, fleet: A9}")


Id = Annotated[Text, AfterValidator(_id)]

#: the war's years BC, first and last (the timeline of the lessons spans them)
WAR_YEARS = (432, 404)


def _years(value: Any) -> tuple[int, int]:
    ok = (isinstance(value, (list, tuple)) and len(value) == 2
          and all(isinstance(y, int) and not isinstance(y, bool) for y in value))
    if not ok:
        raise ValueError(f"should be the first and last years BC, e.g. [424, 422], not "
                         f"{short(value)}")
    first, last = value
    if not WAR_YEARS[0] >= first >= last >= WAR_YEARS[1]:
        raise ValueError(f"should be years BC of the war, {WAR_YEARS[0]} to {WAR_YEARS[1]}, "
                         f"the first no later than the last (years BC count down), not "
                         f"[{first}, {last}]")
    return first, last

UnitKey = Annotated[Text, AfterValidator(_unit_key)]
Side = Literal[SIDES]  # type: ignore[valid-type]
Cards = Items[int]


def _side_of(unit: Any) -> str | None:
    if isinstance(unit, str) and unit[:1] in ("A", "S"):
        return "athens" if unit[0] == "A" else "sparta"
    return None


def _play(args: Any) -> tuple[dict, ...]:
    if not isinstance(args, dict) or not args:
        raise ValueError("play needs cards by side, e.g. 'play: {athens: 14, sparta: 32}'")
    out, wrong = [], []
    for side, card in args.items():
        if side not in SIDES:
            wrong.append(f"play {side!r}: the side should be 'athens' or 'sparta'")
        elif isinstance(card, int) and not isinstance(card, bool):
            out.append({"type": "play_card", "side": side, "card": card, "use": "actions"})
        elif isinstance(card, dict) and isinstance(card.get("card"), int):
            out.append({"type": "play_card", "side": side, "use": "actions", **card})
        else:
            wrong.append(f"play {side}: give a card number, or {{card: N, use: event}}")
    if wrong:
        raise ValueError("; ".join(wrong))
    return tuple(out)


def parse_action(raw: Any) -> tuple[dict, ...]:
    """One readable ``do`` item → engine action dicts (docs/writing-lessons.md, "Actions").

    ``{move: {unit: A9, path: [pylos]}}`` becomes ``{"type": "move", "side": "athens",
    "unit": "A9", "path": ["pylos"]}``; a bare side (``end_actions: athens``) gives the side;
    ``play: {athens: 14, sparta: 32}`` commits one card per side for its actions (§3.3). A
    mapping with a ``type`` is taken as an engine action as it is.
    """
    if isinstance(raw, dict) and "type" in raw:
        action = dict(raw)
        if "side" not in action and _side_of(action.get("unit")):
            action["side"] = _side_of(action["unit"])
        return (action,)
    if not isinstance(raw, dict) or len(raw) != 1:
        raise ValueError("should be one 'verb: details' pair such as "
                         f"'move: {{unit: A9, path: [pylos]}}', not {short(raw)}")
    verb, args = next(iter(raw.items()))
    if not isinstance(verb, str) or not _ID.match(verb):
        raise ValueError(f"{verb!r} is not an action name")
    if verb == "play":
        return _play(args)
    if isinstance(args, str):
        if args not in SIDES:
            raise ValueError(f"{verb} should name 'athens' or 'sparta', not {short(args)}")
        return ({"type": verb, "side": args},)
    if not isinstance(args, dict):
        raise ValueError(f"the details of {verb} should be a mapping or a side, not "
                         f"{short(args)}")
    action = {"type": verb, **args}
    if "side" not in action:
        if _side_of(action.get("unit")) is None:
            raise ValueError(f"{verb} needs a 'side' (or a 'unit' that names it)")
        action["side"] = _side_of(action["unit"])
    return (action,)


#: one ``do`` item: the engine actions it stands for (``play`` gives one per side)
Action = Annotated[tuple[dict, ...], PlainValidator(parse_action)]


class _Scripted(FileModel):
    """A step or an option: its ``do`` items as engine actions."""

    do: Items[Action] = ()

    @property
    def actions(self) -> tuple[dict, ...]:
        """The engine actions of the ``do`` items, in order."""
        return tuple(a for item in self.do for a in item)

    @property
    def items(self) -> tuple[int, ...]:
        """For each engine action, the number of the ``do`` item it came from (from 1)."""
        return tuple(i for i, item in enumerate(self.do, 1) for _ in item)


# -- the position ----------------------------------------------------------------------------------
class UnitSpec(FileModel):
    """A unit of the declared position (§2; besieged/besieging §7.2)."""

    unit: UnitKey
    area: Text
    cv: int
    besieged: bool = False
    besieging: bool = False
    carries: UnitKey | None = None
    note: Text = ""

    @property
    def key(self) -> str:
        return self.unit


class PositionSpec(FileModel):
    """The moment in the war a lesson starts from."""

    scenario: Text
    year: int
    season: Literal[tuple(SEASON_NAMES)]  # type: ignore[valid-type]
    prestige: int = 0
    leaders: dict[Side, Text | None] = {}
    hands: dict[Side, Cards] = {}
    units: Items[UnitSpec] = ()
    garrisons: dict[Side, Items[Text]] = {}
    notes: Text = ""
    #: War Resumes is in effect (§12.1); None keeps the scenario's start (true only in 413)
    war_resumed: bool | None = None
    #: plagues that have struck Athens so far (§15.1 rule 3); None keeps the scenario's 0
    plagues_in_athens: int | None = None
    #: a Plague Strikes has happened, so Plague Returns may be played (§3.1)
    plague_struck: bool | None = None


# -- a step ----------------------------------------------------------------------------------------
def _zoom(value: float) -> float:
    if not 0.5 <= value <= 20:
        raise ValueError(f"should be between 0.5 and 20, not {value:g}")
    return value


class Focus(FileModel):
    """Where the map should look during a step."""

    area: Text | None = None
    zoom: Annotated[float, AfterValidator(_zoom)] = 1.0
    highlight: Items[Text] = ()


class BattleSpec(FileModel):
    """A battle the step hands to the engine (and later to the battle widget).

    Each side's policy is ``"fight"`` (never retreat), ``"retreat"`` (at the first chance) or a
    number of rounds to fight before retreating (§6.2, §6.4). ``retreats`` fixes destinations
    by unit key; ``capitulate`` answers a siege assault's offer (§8.13).
    """

    place: Text
    athens: Annotated[str | int, PlainValidator(_policy)] = "fight"
    sparta: Annotated[str | int, PlainValidator(_policy)] = "fight"
    retreats: dict[UnitKey, Annotated[dict[str, Any], PlainValidator(_retreat)]] = {}
    capitulate: bool = False

    @property
    def policy(self) -> dict[str, str | int]:
        """Each side's policy, by side."""
        return {"athens": self.athens, "sparta": self.sparta}


class OptionSpec(_Scripted):
    """One choice at a decision point: a label and the engine actions it stands for."""

    id: Id
    label: Text
    dice: Annotated[tuple[int, ...] | None, PlainValidator(lambda v: _faces(v, live=False))] \
        = None
    historical: bool = False


class DecisionSpec(FileModel):
    """A decision point: the learner picks; the historical choice is explained afterwards."""

    side: Side
    prompt: Text
    options: Items[OptionSpec]
    explanation: Text

    @model_validator(mode="after")
    def _options(self) -> DecisionSpec:
        wrong = option_problems(self.options)
        if wrong:
            raise ValueError("; ".join(wrong))
        return self

    @property
    def historical(self) -> OptionSpec:
        return next(o for o in self.options if o.historical)


class QuestionSpec(FileModel):
    """A question for the class with an answer kept hidden until revealed."""

    ask: Text
    answer: Text


Holder = Literal["athens", "sparta", "none", "nobody"]


class Expect(FileModel):
    """What must be true after a step (checked by ``hellenes lesson check``)."""

    prestige: int | None = None
    holds: dict[Text, Holder] = {}
    at: dict[UnitKey, Text] = {}
    cv: dict[UnitKey, int] = {}
    siege: dict[Text, Holder] = {}


class StepSpec(_Scripted):
    """One step of a lesson (docs/writing-lessons.md, "Steps")."""

    title: Text
    narrative: Text
    thucydides: Items[Text] = ()
    xenophon: Items[Text] = ()
    rules: Items[Text] = ()
    focus: Focus = Focus()
    #: cards each side must hold when the step begins (dealt so: see ``script.deal_hands``)
    hands: dict[Side, Cards] = {}
    dice: Annotated[tuple[int, ...] | str | None, PlainValidator(_faces)] = None
    battle: BattleSpec | None = None
    decision: DecisionSpec | None = None
    question: QuestionSpec | None = None
    expect: Expect = Expect()
    _number: int = PrivateAttr(0)

    @property
    def number(self) -> int:
        """The step's number in its lesson (from 1)."""
        return self._number

    @property
    def where(self) -> str:
        """How problems name this step: ``step 3 'The fleet lands'``."""
        return f"step {self.number} {self.title!r}"


class LessonSpec(FileModel):
    """A whole lesson as read from its file (``path``: the file, as given)."""

    format: Annotated[str, PlainValidator(_format)] = Field(None, validate_default=True)
    #: the game the lesson plays on, as the catalogue names it (``lessons/check.py`` hands the
    #: file to that game's lesson kit)
    game: Text | None = None
    id: Id
    title: Text
    period: Text
    #: the first and last years BC the lesson covers; None: the position's year alone
    years: Annotated[tuple[int, int] | None, PlainValidator(_years)] = None
    objectives: Items[Text] = ()
    time: Text
    prerequisites: Items[Text] = ()
    sources: Items[Text] = ()
    seed: int = 0
    side: Side = "athens"
    introduction: Text = ""
    summary: Text = ""
    position: PositionSpec
    steps: Items[StepSpec]
    _path: str = PrivateAttr("")

    @model_validator(mode="after")
    def _number_steps(self) -> LessonSpec:
        if not self.steps:
            raise ValueError("a lesson needs at least one step")
        for n, step in enumerate(self.steps, 1):
            step._number = n
        return self

    @property
    def path(self) -> str:
        return self._path

    @property
    def span(self) -> tuple[int, int]:
        """The years BC the lesson covers, first and last (``years``, else the position's)."""
        return self.years or (self.position.year, self.position.year)


# -- reading ---------------------------------------------------------------------------------------
#: problems name a step by number and title: ``step 3 'Title' › do item 2``
_FILE = ItemFile(LessonSpec, "steps", "step")


def read_lesson_file(path: Path | str) -> tuple[Any, list[Problem]]:
    """Read a lesson file as plain data: (data or None, problems)."""
    return _FILE.read(path)


def parse_lesson(data: Any, file: str) -> tuple[LessonSpec | None, list[Problem]]:
    """Check the shape of lesson ``data`` (from :func:`read_lesson_file`) and type it."""
    return _FILE.parse(data, file)


def load_spec(path: Path | str) -> LessonSpec:
    """Read and type a lesson file (LessonFormatError listing every problem)."""
    return _FILE.load(path, LessonFormatError)
