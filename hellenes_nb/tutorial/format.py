"""The tutorial's task files: one YAML file per chapter, described once as typed models.

A chapter file (``lessons/tutorial/*.yaml``, ``lessons/tutorial/<game>/*.yaml``;
docs/tutorial.md) holds a chapter's title, the game it teaches (``game:``) and its tasks. A task
is a small position, what the learner is asked to do, a goal the engine checks, hints, the rule
sections it teaches and a short explanation shown on success. A worked example of the rulebook
is a task with ``example:`` and several ``stages``, each with its own text and goal, played in
turn on one board with the book's dice.

What is common to every game is described here once; what a game's tasks hold (its map position
``board``, its battle ``battle``, its own ``position``, its ``focus``, its goals and how a
``solution`` or ``replies`` item becomes engine actions) comes from the game's tutorial kit
(``TutorialKit.models``), and each game's chapter model is built from both
(:func:`chapter_model`), chosen by the chapter's ``game:`` line.

The files go through the shared file layer (:mod:`hellenes_nb.core.models`): plain data only,
strict types, every problem named by file and place (``task 2 'Move a fleet' › goal › at``).
Nothing here touches the engine: the game's kit builds the boards and judges the goals,
``check.py`` checks the files.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
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

from hellenes_nb.core.catalog import tutorial_games
from hellenes_nb.core.models import (
    FileError,
    FileModel,
    ItemFile,
    Items,
    Problem,
    Text,
    short,
)

__all__ = ["FORMAT", "ChapterSpec", "GoalBase", "StageSpec", "TaskFormatError", "TaskModels",
           "TaskSpec", "chapter_model", "load_chapter", "parse_chapter", "read_chapter_file"]

FORMAT = "hellenes-tutorial 1"
_ID = r"^[a-z0-9][a-z0-9_-]*$"


class TaskFormatError(FileError):
    """A chapter file cannot be used; ``problems`` lists every problem found."""


def _format(value: Any) -> str:
    if value != FORMAT:
        raise ValueError(f"the first line must be 'format: {FORMAT}' (got {short(value)})")
    return value


def _task_id(value: str) -> str:
    if not re.match(_ID, value):
        raise ValueError(f"{value!r} should be lower-case letters, digits, '_' or '-'")
    return value


Id = Annotated[Text, AfterValidator(_task_id)]
Faces = Items[Annotated[int, Field(ge=1, le=6)]]


@dataclass(frozen=True)
class TaskModels:
    """What a game's tasks hold, as its tutorial kit gives it (``TutorialKit.models``): each
    model a pydantic model of the shared file layer, or None where the game's tasks have no such
    part. ``parse_actions(items)`` turns a ``solution`` or ``replies`` list into engine actions
    (ValueError in plain words)."""

    goal: Any
    parse_actions: Callable[[Any], tuple[dict, ...]]
    #: a position on the game's map (Hellenes: areas, blocks, cards)
    board: Any = None
    #: a battle on the game's battle board
    battle: Any = None
    #: a position in the game's own words (Earth & Water: its lessons' position)
    position: Any = None
    #: where the map looks during a task
    focus: Any = None


class GoalBase(FileModel):
    """What every game's goal model shares: at least one condition, and :meth:`keys`. A game's
    goal subclasses it with its conditions and ``all``, ``any`` and ``not`` (``not_``) to
    combine its own goals (docs/tutorial.md, "Goals")."""

    @model_validator(mode="after")
    def _something(self) -> GoalBase:
        if not self.model_fields_set - {"all", "any"} and not (getattr(self, "all", ())
                                                              or getattr(self, "any", ())):
            raise ValueError("a goal needs at least one condition (see docs/tutorial.md, "
                             "'Goals')")
        return self

    def keys(self) -> list[str]:
        """The conditions this goal names, in the order written."""
        return ["not" if k == "not_" else k for k in self.model_fields_set]


# -- tasks -----------------------------------------------------------------------------------
class StageSpec(FileModel):
    """One stage of a task: what to do, the goal, hints and the actions that do it (the goal and
    the actions typed by the chapter's game: :func:`chapter_model`)."""

    text: Text
    goal: Any = None
    hints: Items[Text] = ()
    solution: Any = ()
    explanation: Text = ""
    dice: Faces = ()


class TaskSpec(FileModel):
    """One task (docs/tutorial.md, "Tasks"); the parts typed ``Any`` are the chapter's game's
    (:func:`chapter_model`)."""

    id: Id
    title: Text
    rules: Items[Text]
    #: the learner's side (one of the sides of the chapter's game: its kit checks it)
    side: Id
    example: Text | None = None
    #: a position on the game's map, a battle on its battle board, or a position in the game's
    #: own words: exactly one of them
    board: Any = None
    battle: Any = None
    position: Any = None
    seed: int = 1
    dice: Faces = ()
    replies: Any = ()
    focus: Any = None
    text: Text = ""
    goal: Any = None
    hints: Items[Text] = ()
    solution: Any = ()
    explanation: Text = ""
    stages: Items[StageSpec] = ()
    max_actions: int | None = None
    par: int | None = None
    _number: int = PrivateAttr(0)
    _game: str = PrivateAttr("")

    @model_validator(mode="after")
    def _shape(self) -> TaskSpec:
        wrong = []
        if sum(x is not None for x in (self.board, self.battle, self.position)) != 1:
            wrong.append("a task has exactly one of 'board' (a map position), 'battle' (a "
                         "battle board) or 'position' (a game's own position)")
        if self.stages and (self.goal is not None or self.solution or self.hints):
            wrong.append("a task with 'stages' keeps its goal, hints and solution in them")
        if not self.stages and (self.goal is None or not self.text):
            wrong.append("a task needs 'text' and a 'goal' (or 'stages')")
        if self.example is not None and not self.stages:
            wrong.append("a worked example is played in 'stages'")
        if not self.rules:
            wrong.append("name the rule sections the task teaches in 'rules'")
        if wrong:
            raise ValueError("; ".join(wrong))
        return self

    @property
    def number(self) -> int:
        """The task's number in its chapter (from 1)."""
        return self._number

    @property
    def game(self) -> str:
        """The game the task is played in (its chapter's ``game``; "": the home game)."""
        return self._game

    @property
    def where(self) -> str:
        """How problems name this task: ``task 2 'Move a fleet'``."""
        return f"task {self.number} {self.title!r}"

    def steps(self) -> tuple[StageSpec, ...]:
        """The stages the learner plays: its ``stages``, or the task itself as one stage."""
        if self.stages:
            return self.stages
        return (type(self).stage_model.model_construct(
            text=self.text, goal=self.goal, hints=self.hints, solution=self.solution,
            explanation=self.explanation, dice=()),)

    #: the stage model of the task's game (set on each game's model)
    stage_model: ClassVar[Any] = None


class ChapterSpec(FileModel):
    """A chapter file: its number, title, introduction, game and tasks."""

    format: Annotated[str, PlainValidator(_format)] = Field(None, validate_default=True)
    chapter: int
    id: Id
    title: Text
    introduction: Text = ""
    tasks: Items[TaskSpec]
    #: the game the chapter teaches, by its name in the catalogue ("": the home game)
    game: str = ""
    _path: str = PrivateAttr("")

    @model_validator(mode="after")
    def _number_tasks(self) -> ChapterSpec:
        if not self.tasks:
            raise ValueError("a chapter needs at least one task")
        ids = [t.id for t in self.tasks]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ValueError(f"task ids are used twice: {', '.join(twice)}")
        for n, task in enumerate(self.tasks, 1):
            task._number = n
            task._game = self.game
        return self

    @property
    def path(self) -> str:
        return self._path


# -- each game's model ---------------------------------------------------------------------------
def _lacking(field: str, what: str, game: str) -> Any:
    """A field the game's tasks do not have: any value is refused, naming the game."""

    def refuse(value: Any) -> None:
        if value is None:
            return None
        raise ValueError(f"the tasks of {game or 'this game'} have no {field!r} ({what})")

    return Annotated[Any, PlainValidator(refuse)]


def _part(model: Any, field: str, what: str, game: str) -> Any:
    return model | None if model is not None else _lacking(field, what, game)


@functools.cache
def chapter_model(game: str = "") -> type[ChapterSpec]:
    """The chapter model of ``game`` ("": the home game): the common fields here, the game's
    boards, goal, focus and actions from its tutorial kit (ValueError naming the games with a
    tutorial)."""
    kits = dict(tutorial_games())
    name = game or next(iter(kits), "")
    if name not in kits or kits[name].models is None:
        raise ValueError(f"the game {short(game)} has no tutorial; the games with one: "
                         f"{', '.join(kits) or 'none'}")
    m: TaskModels = kits[name].models
    actions = Annotated[tuple[dict, ...], PlainValidator(m.parse_actions)]
    base = "".join(w.title() for w in re.split(r"[^A-Za-z0-9]+", name))
    stage = create_model(f"{base}Stage", __base__=StageSpec, goal=(m.goal | None, None),
                         solution=(actions, ()))
    focus = (m.focus, m.focus()) if m.focus is not None else \
        (_lacking("focus", "it has no map to look at", name), None)
    task = create_model(
        f"{base}Task", __base__=TaskSpec, goal=(m.goal | None, None), solution=(actions, ()),
        replies=(actions, ()), stages=(Items[stage], ()), focus=focus,
        board=(_part(m.board, "board", "a map position", name), None),
        battle=(_part(m.battle, "battle", "a battle board", name), None),
        position=(_part(m.position, "position", "a position in the game's own words", name),
                  None))
    task.stage_model = stage
    return create_model(f"{base}Chapter", __base__=ChapterSpec, tasks=(Items[task], ...))


# -- reading ---------------------------------------------------------------------------------
def _file(game: str = "") -> ItemFile:
    """How a chapter of ``game`` is read: problems name a task by number and title
    (``task 3 'Title' › goal › at``)."""
    return ItemFile(chapter_model(game), "tasks", "task", renamed=(("not_", "not"),))


def read_chapter_file(path: Path | str) -> tuple[Any, list[Problem]]:
    """A chapter file as plain data: (data or None, problems)."""
    return ItemFile(ChapterSpec, "tasks", "task").read(path)


def parse_chapter(data: Any, file: str) -> tuple[ChapterSpec | None, list[Problem]]:
    """Check the shape of chapter ``data`` and type it with the model of the game it names."""
    game = data.get("game", "") if isinstance(data, dict) else ""
    try:
        reader = _file(game if isinstance(game, str) else "")
    except ValueError as exc:
        return None, [Problem(file, "game", str(exc))]
    return reader.parse(data, file)


def load_chapter(path: Path | str) -> ChapterSpec:
    """Read and type a chapter file (TaskFormatError listing every problem)."""
    data, problems = read_chapter_file(path)
    spec, problems = parse_chapter(data, str(path)) if not problems else (None, problems)
    if spec is None:
        raise TaskFormatError(problems)
    return spec
