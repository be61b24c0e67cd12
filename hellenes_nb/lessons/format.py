"""The lesson file format, one for every game: ``format: lesson 1`` and a ``game:`` line.

A lesson is a single YAML document (docs/writing-lessons.md explains every field with a worked
example from each game). YAML keeps each step's prose next to its engine data, and block
scalars (``|``) hold paragraphs comfortably.

Everything a lesson of any game has is described here once: the envelope (id, title, period,
years, objectives, time, prerequisites, sources, seed, side, introduction, summary) and a
step's common fields (id, title, narrative, sources, rules, dice, do, decision, question,
expect). The game named by ``game:`` brings, through its lesson kit
(:class:`~hellenes_nb.core.catalog.LessonKit`), the model of its ``position`` and of a step's
``expect``, its own step fields, how a ``do`` item becomes engine actions, the years it covers
and its sides; :func:`spec_model` puts the two together into the game's lesson model.

The file goes through the shared file layer (:mod:`hellenes_nb.core.models`): plain data only
(:mod:`hellenes_nb.core.safeyaml` refuses anchors, aliases, tags and oversized files first),
then the models. Each problem names the file and the place: ``step 3 'The landing' › do item
2: ...``. Nothing here touches an engine.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Annotated, Any, ClassVar

from pydantic import (
    AfterValidator,
    Field,
    PlainValidator,
    PrivateAttr,
    create_model,
    model_validator,
)

from hellenes_nb.core.catalog import LessonKit, plugins
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

__all__ = ["FORMAT", "OLD_FORMATS", "Problem", "LessonSpec", "StepSpec", "DecisionSpec",
           "OptionSpec", "QuestionSpec", "parse_lesson", "read_lesson_file", "LessonFormatError",
           "load_spec", "spec_model", "lesson_kit", "Id", "faces", "normalise_section"]

FORMAT = "lesson 1"
#: the formats lessons had before there was one for every game (refused, naming the new one)
OLD_FORMATS = ("hellenes-lesson 1", "ew-lesson 1")
_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


class LessonFormatError(FileError):
    """A lesson file cannot be used; ``problems`` lists every problem found."""


# -- the small types -----------------------------------------------------------------------------
def normalise_section(text: object) -> str:
    """``"§6.33"`` or ``6.33`` → ``"6.33"`` (a float like 6.3 is read as written)."""
    return str(text).strip().lstrip("§").strip()


def _id(value: str) -> str:
    if not _ID.match(value) or len(value) > 80:
        raise ValueError(f"{short(value)} should be lower-case letters, digits, '_' or '-' "
                         "(at most 80)")
    return value


def faces(value: Any, live: bool = True) -> tuple[int, ...] | str:
    """A step's dice: ``live`` (rolled as they fall) or die faces from 1 to 6, in order."""
    if value == "live" and live:
        return "live"
    if isinstance(value, list) and all(isinstance(f, int) and not isinstance(f, bool)
                                       and 1 <= f <= 6 for f in value):
        return tuple(value)
    if value == "live":
        raise ValueError("an option's dice are a list of faces; leave 'dice' out for live dice")
    raise ValueError(f"should be 'live' or a list of die faces from 1 to 6, not {short(value)}"
                     if live else f"should be a list of die faces from 1 to 6, not {short(value)}")


Id = Annotated[Text, AfterValidator(_id)]


def _years(value: Any) -> tuple[int, int]:
    ok = (isinstance(value, (list, tuple)) and len(value) == 2
          and all(isinstance(y, int) and not isinstance(y, bool) for y in value))
    if not ok:
        raise ValueError(f"should be the first and last years BC, e.g. [424, 422], not "
                         f"{short(value)}")
    first, last = value
    if first < last:
        raise ValueError(f"should be the first and last years BC, the first no later than the "
                         f"last (years BC count down), not [{first}, {last}]")
    return first, last


# -- the parts every game's lesson has -------------------------------------------------------------
class _Scripted(FileModel):
    """A step or an option: its ``do`` items as engine actions (the game's model types them,
    each item a tuple of engine action dicts)."""

    do: Items[Any] = ()

    @property
    def actions(self) -> tuple[dict, ...]:
        """The engine actions of the ``do`` items, in order."""
        return tuple(a for item in self.do for a in item)

    @property
    def items(self) -> tuple[int, ...]:
        """For each engine action, the number of the ``do`` item it came from (from 1)."""
        return tuple(i for i, item in enumerate(self.do, 1) for _ in item)


class OptionSpec(_Scripted):
    """One choice at a decision point: a label, its dice and actions, what it leads to."""

    id: Id
    label: Text
    dice: Annotated[tuple[int, ...] | None, PlainValidator(lambda v: faces(v, live=False))] \
        = None
    historical: bool = False


class DecisionSpec(FileModel):
    """A decision point: ``side`` picks (after the first ``at`` do items, if given); the
    historical choice is explained afterwards with its ``sources``."""

    side: Text
    prompt: Text
    at: int | None = None
    options: Items[Any]
    explanation: Text
    sources: Items[Text] = ()

    @model_validator(mode="after")
    def _options(self) -> DecisionSpec:
        wrong = option_problems(self.options)
        if wrong:
            raise ValueError("; ".join(wrong))
        return self

    @property
    def historical(self) -> Any:
        return next(o for o in self.options if o.historical)


class QuestionSpec(FileModel):
    """A question for the class; its answer (if any) is kept hidden until revealed."""

    ask: Text
    answer: Text | None = None


class StepSpec(_Scripted):
    """One step of a lesson (docs/writing-lessons.md, "Steps"): the common fields."""

    id: Id | None = None
    title: Text
    narrative: Text
    #: the step's citations, every author alike: "Thucydides 4.2.2", "Herodotus 7.33-36"
    sources: Items[Text] = ()
    rules: Items[Text] = ()
    dice: Annotated[tuple[int, ...] | str | None, PlainValidator(faces)] = None
    decision: Any = None
    question: QuestionSpec | None = None
    _number: int = PrivateAttr(0)

    @model_validator(mode="after")
    def _decision_inside(self) -> StepSpec:
        d = self.decision
        if d is not None and d.at is not None and not 0 <= d.at <= len(self.do):
            raise ValueError(f"the decision comes after do item {d.at}, but the step has "
                             f"{len(self.do)}")
        return self

    @property
    def number(self) -> int:
        """The step's number in its lesson (from 1)."""
        return self._number

    @property
    def where(self) -> str:
        """How problems name this step: ``step 3 'The fleet lands'``."""
        return f"step {self.number} {self.title!r}"


class LessonSpec(FileModel):
    """A whole lesson as read from its file (``path``: the file, as given); each game's
    model (:func:`spec_model`) adds its ``position`` and typed ``steps``."""

    #: the game's span of years BC and its sides (set on each game's model)
    game_years: ClassVar[tuple[int, int] | None] = None
    game_roles: ClassVar[tuple[str, ...]] = ()

    format: Text
    game: Text
    id: Id
    title: Text
    period: Text
    #: the first and last years BC the lesson covers; None: the position's year alone
    years: Annotated[tuple[int, int] | None, PlainValidator(_years)] = None
    objectives: Items[Text] = ()
    time: Text = ""
    prerequisites: Items[Text] = ()
    sources: Items[Text] = ()
    seed: int = 0
    #: the side the class commands unless it picks the other (default: the game's first)
    side: Text | None = Field(None, validate_default=True)
    introduction: Text = ""
    summary: Text = ""
    _path: str = PrivateAttr("")

    @model_validator(mode="after")
    def _fit_the_game(self) -> LessonSpec:
        wrong = []
        span = self.game_years
        if self.years is not None and span is not None \
                and not span[0] >= self.years[0] >= self.years[1] >= span[1]:
            wrong.append(f"years: {list(self.years)} lie outside the game's years, {span[0]} "
                         f"to {span[1]} BC")
        if self.game_roles:
            if self.side is None:  # the model is frozen: the game's first side, set once
                object.__setattr__(self, "side", self.game_roles[0])
            elif self.side not in self.game_roles:
                wrong.append(f"side: {self.side!r} is not a side of the game (its sides: "
                             f"{', '.join(self.game_roles)})")
        steps = getattr(self, "steps", ())
        if not steps:
            wrong.append("a lesson needs at least one step")
        for n, step in enumerate(steps, 1):
            step._number = n
            d = step.decision
            if d is not None and self.game_roles and d.side not in self.game_roles:
                wrong.append(f"{step.where}: decision side {d.side!r} is not a side of the "
                             f"game (its sides: {', '.join(self.game_roles)})")
        if wrong:
            raise ValueError("; ".join(wrong))
        return self

    @property
    def path(self) -> str:
        return self._path

    @property
    def span(self) -> tuple[int, int]:
        """The years BC the lesson covers, first and last (``years``, else the position's)."""
        year = getattr(getattr(self, "position", None), "year", None)
        return self.years or (year, year)


# -- each game's model -----------------------------------------------------------------------------
def _games() -> dict[str, tuple[LessonKit, tuple[str, ...]]]:
    """Each game with lessons: its catalogue name -> (lesson kit, sides)."""
    return {p.ruleset.name: (p.lessons, tuple(p.ruleset.roles)) for p in plugins()
            if p.lessons is not None and p.lessons.position_model is not None}


def lesson_kit(game: str) -> LessonKit:
    """The lesson kit of the game called ``game`` (ValueError naming the games with lessons)."""
    games = _games()
    if game not in games:
        raise ValueError(f"the game {short(game)} has no lessons; the games with lessons are: "
                         f"{', '.join(games)}")
    return games[game][0]


@functools.cache
def spec_model(game: str) -> type[LessonSpec]:
    """The lesson model of ``game``: the common fields here, the game's parts from its kit."""
    kit, roles = _games()[game]
    action = Annotated[tuple[dict, ...], PlainValidator(kit.parse_action)]
    expect = kit.expect_model
    base = f"{''.join(w.title() for w in re.split(r'[^A-Za-z0-9]+', game))}"
    option = create_model(f"{base}Option", __base__=OptionSpec,
                          do=(Items[action], ()), expect=(expect, expect()))
    decision = create_model(f"{base}Decision", __base__=DecisionSpec,
                            options=(Items[option], ...))
    fields = {name: (kind, default) for name, (kind, default) in kit.step_fields.items()}
    step = create_model(f"{base}Step", __base__=StepSpec, do=(Items[action], ()),
                        expect=(expect, expect()), decision=(decision | None, None), **fields)
    model = create_model(f"{base}Lesson", __base__=LessonSpec,
                         position=(kit.position_model, ...), steps=(Items[step], ...))
    model.game_years = kit.years
    model.game_roles = roles
    return model


# -- reading ---------------------------------------------------------------------------------------
def read_lesson_file(path: Path | str) -> tuple[Any, list[Problem]]:
    """Read a lesson file as plain data: (data or None, problems)."""
    return ItemFile(LessonSpec, "steps", "step").read(path)


def _envelope(data: Any, file: str) -> tuple[str | None, list[Problem]]:
    """The game a lesson's data names, or the problems of its first two lines."""
    if not isinstance(data, dict):
        return None, [Problem(file, "", "a lesson file is a mapping of fields, beginning "
                                        f"'format: {FORMAT}' and 'game: <the game>'")]
    fmt, game = data.get("format"), data.get("game")
    if fmt in OLD_FORMATS:
        return None, [Problem(file, "format", f"'{fmt}' is the old format of this game's "
                              f"lessons; every lesson now uses 'format: {FORMAT}' with a "
                              "'game:' line (docs/writing-lessons.md)")]
    if fmt != FORMAT:
        return None, [Problem(file, "format", f"the first line must be 'format: {FORMAT}' "
                              f"(got {short(fmt)})")]
    names = ", ".join(_games())
    if game is None:
        return None, [Problem(file, "game", "the lesson names no game: add a line 'game: "
                              f"<the game>' under the format (the games with lessons: {names})")]
    if not isinstance(game, str) or game not in _games():
        return None, [Problem(file, "game", f"{short(game)} is not a game with lessons (the "
                              f"games with lessons: {names})")]
    return game, []


def parse_lesson(data: Any, file: str) -> tuple[LessonSpec | None, list[Problem]]:
    """Check the shape of lesson ``data`` (from :func:`read_lesson_file`) and type it with the
    model of the game it names."""
    game, problems = _envelope(data, file)
    if game is None:
        return None, problems
    return ItemFile(spec_model(game), "steps", "step").parse(data, file)


def load_spec(path: Path | str) -> LessonSpec:
    """Read and type a lesson file (LessonFormatError listing every problem)."""
    data, problems = read_lesson_file(path)
    spec, problems = parse_lesson(data, str(path)) if not problems else (None, problems)
    if spec is None:
        raise LessonFormatError(problems)
    return spec
