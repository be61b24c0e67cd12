"""The tutorial's task files: one YAML file per chapter, described once as typed models.

A chapter file (``lessons/tutorial/*.yaml``, docs/tutorial.md) holds a chapter's title and its
tasks. A task is a small position (a few areas and blocks on the real map, or one battle on
the battle board), what the learner is asked to do, a goal the engine checks, hints, the rule
sections it teaches and a short explanation shown on success. A worked example of the rulebook
is a task with ``example:`` and several ``stages``, each with its own text and goal, played in
turn on one board with the book's dice.

The files go through the shared file layer (:mod:`hellenes_nb.core.models`): plain data only,
strict types, every problem named by file and place (``task 2 'Move a fleet' › goal › at``).
Engine actions in ``solution`` and ``replies`` use the Hellenes lessons' ``verb: details``
items (:func:`hellenes_nb.games.hellenes.lessonformat.parse_action`). Nothing here touches the
engine: goals are evaluated by :mod:`.goals`, positions built by :mod:`.board`, files
checked by :mod:`.check`.
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
    short,
)
from hellenes_nb.games.hellenes.lessonformat import Focus, UnitSpec, parse_action

__all__ = ["FORMAT", "SIDES", "BattleBoard", "ChapterSpec", "EventGoal", "Goal", "MapBoard",
           "PickGoal", "StageSpec", "StartSpec", "TaskFormatError", "TaskSpec", "load_chapter",
           "parse_chapter", "read_chapter_file"]

FORMAT = "hellenes-tutorial 1"
SIDES = ("athens", "sparta")
#: the seasons a task's position may start in (§3.3, §9, §10)
SEASONS = ("spring", "summer", "highsummer", "fall", "winter")
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


def _actions(value: Any) -> tuple[dict, ...]:
    """A list of ``verb: details`` items (see :func:`parse_action`), as engine action dicts;
    on a battle board the items ``attack``, ``choose: X`` and ``appeal: GOD`` are kept as they
    are, and ``pick: X`` answers a question by a click."""
    if not isinstance(value, list):
        raise ValueError(f"should be a list of actions, not {short(value)}")
    out: list[dict] = []
    wrong: list[str] = []
    for i, item in enumerate(value, 1):
        if item in ("attack", "accept", "battle"):
            out.append({"type": item})
            continue
        if isinstance(item, dict) and len(item) == 1 and next(iter(item)) in ("choose", "pick",
                                                                              "appeal"):
            verb, arg = next(iter(item.items()))
            if not isinstance(arg, str):
                wrong.append(f"item {i}: {verb} needs a block key or a choice, not {short(arg)}")
            else:
                out.append({"type": verb, "choice": arg})
            continue
        try:
            out.extend(parse_action(item))
        except ValueError as exc:
            wrong.append(f"item {i}: {exc}")
    if wrong:
        raise ValueError("; ".join(wrong))
    return tuple(out)


Id = Annotated[Text, AfterValidator(_task_id)]
Side = Literal[SIDES]  # type: ignore[valid-type]
Holder = Literal["athens", "sparta", "none"]
Actions = Annotated[tuple[dict, ...], PlainValidator(_actions)]
Faces = Items[Annotated[int, Field(ge=1, le=6)]]


# -- the boards ------------------------------------------------------------------------------
class StartSpec(FileModel):
    """Where play begins: a side's action phase or winter actions with a card of ``actions``
    coins, the season's card play, or the New Year's (§3.3, §4.0, §9.2, §10.1). ``side`` acts
    (default: the learner); it plays second that season unless ``first`` is true."""

    phase: Literal["actions", "winter", "cards", "new_year"] = "actions"
    side: Side | None = None
    actions: Annotated[int, Field(ge=1, le=3)] = 1
    first: bool = False


class MapBoard(FileModel):
    """A small position on the real map (the lessons' units and garrisons, §2, §7.2)."""

    scenario: Text = "431"
    year: int | None = None
    season: Literal[SEASONS] = "summer"  # type: ignore[valid-type]
    prestige: int = 0
    leaders: dict[Side, Text | None] = {}
    hands: dict[Side, Items[int]] = {}
    sacrifices: dict[Side, Items[Text]] = {}
    units: Items[UnitSpec] = ()
    garrisons: dict[Side, Items[Text]] = {}
    in_play: Items[int] = ()
    war_resumed: bool | None = None
    start: StartSpec = StartSpec()


class BattleBoard(FileModel):
    """One battle on the battle board (forces as in ``BattleWidget.from_forces``, §6.1)."""

    kind: Literal["land", "sea", "narrows", "landing", "assault", "treachery", "sortie"] = "land"
    attacker: Side
    aggressor: Text | Items[dict[str, Any]]
    defender: Text | Items[dict[str, Any]]
    may_retreat: dict[Side, bool] = {}
    sacrifices: dict[Side, Items[Text]] = {}


# -- goals -----------------------------------------------------------------------------------
class EventGoal(FileModel):
    """A log event written since the task began: its kind, and optionally its side, rule and
    place."""

    kind: Text
    side: Side | None = None
    rule: Text | None = None
    place: Text | None = None


class AreaFacts(FileModel):
    """What a clicked area must be (each field given must hold)."""

    port: bool | None = None
    city: bool | None = None
    loyal_to: Side | None = None
    controlled_by: Holder | None = None
    offshore_of: Text | None = None
    home_of: Text | None = None
    neutral: bool | None = None
    sea: bool | None = None
    region: Literal["greece", "persia", "sicily", "italy"] | None = None
    reachable_by: Text | None = None


class UnitFacts(FileModel):
    """What a clicked block must be (each field given must hold)."""

    elite: bool | None = None
    fleet: bool | None = None
    type: Text | None = None
    fastest_of: Side | None = None
    can_reach: Text | None = None


class PickGoal(FileModel):
    """A question answered by a click: an area, a block on the map, or a block in battle."""

    area: AreaFacts | None = None
    unit: UnitFacts | None = None
    fighter: Literal["next_attacker", "rearguard"] | None = None

    @model_validator(mode="after")
    def _one(self) -> PickGoal:
        if sum(x is not None for x in (self.area, self.unit, self.fighter)) != 1:
            raise ValueError("a pick goal names exactly one of 'area', 'unit' or 'fighter'")
        return self


class Goal(FileModel):
    """What must be true for the task to be solved: every key given must hold.

    On the map: ``at`` (unit → area, or ``pool`` once eliminated), ``inside``, ``cv``,
    ``control``, ``city``, ``siege``, ``blockade``, ``garrison``, ``prestige`` (gained by the
    learner since the start), ``event`` / ``no_event``, ``first`` (initiative), ``actions``
    (the learner's actions this turn), ``sacrifice``, ``result`` (who won the game). On the
    battle board: ``winner``, ``how``, ``lost`` (most steps a side may lose), ``cv``, ``fired``,
    ``routed``, ``prestige``. Anywhere: ``pick``, and ``all`` / ``any`` / ``not`` to combine goals.
    """

    all: Items[Goal] = ()
    any: Items[Goal] = ()
    not_: Goal | None = Field(None, alias="not")
    at: dict[Text, Text] = {}
    inside: Items[Text] = ()
    cv: dict[Text, int] = {}
    control: dict[Text, Holder] = {}
    city: dict[Text, Holder] = {}
    siege: dict[Text, Holder] = {}
    blockade: Items[Text] = ()
    garrison: dict[Text, Holder] = {}
    prestige: int | None = None
    event: EventGoal | None = None
    no_event: EventGoal | None = None
    first: Side | None = None
    actions: int | None = None
    sacrifice: dict[Side, Text] = {}
    result: Literal["athens", "sparta", "draw"] | None = None
    winner: Side | None = None
    how: Literal["retreat", "panic", "elimination", "retire", "treachery_failed"] | None = None
    lost: dict[Side, int] = {}
    fired: Items[Text] = ()
    routed: Items[Text] = ()
    pick: PickGoal | None = None
    #: a game's own conditions, read by its tutorial kit (docs/tutorial.md, "Games")
    state: dict[Text, Any] = {}

    @model_validator(mode="after")
    def _something(self) -> Goal:
        if not self.model_fields_set - {"all", "any"} and not (self.all or self.any):
            raise ValueError("a goal needs at least one condition (see docs/tutorial.md, "
                             "'Goals')")
        return self

    def keys(self) -> list[str]:
        """The conditions this goal names, in the order written."""
        return ["not" if k == "not_" else k for k in self.model_fields_set]


# -- tasks -----------------------------------------------------------------------------------
class StageSpec(FileModel):
    """One stage of a task: what to do, the goal, hints and the actions that do it."""

    text: Text
    goal: Goal | None = None
    hints: Items[Text] = ()
    solution: Actions = ()
    explanation: Text = ""
    dice: Faces = ()


class TaskSpec(FileModel):
    """One task (docs/tutorial.md, "Tasks")."""

    id: Id
    title: Text
    rules: Items[Text]
    #: the learner's side (one of the sides of the chapter's game: its kit checks it)
    side: Id
    example: Text | None = None
    board: MapBoard | None = None
    battle: BattleBoard | None = None
    #: a position in a game's own words, read by its tutorial kit (docs/tutorial.md, "Games")
    position: dict[Text, Any] | None = None
    seed: int = 1
    dice: Faces = ()
    replies: Actions = ()
    focus: Focus = Focus()
    text: Text = ""
    goal: Goal | None = None
    hints: Items[Text] = ()
    solution: Actions = ()
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
        return (StageSpec.model_construct(text=self.text, goal=self.goal, hints=self.hints,
                                          solution=self.solution,
                                          explanation=self.explanation, dice=()),)


class ChapterSpec(FileModel):
    """A chapter file: its number, title, introduction and tasks."""

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


# -- reading ---------------------------------------------------------------------------------
#: problems name a task by number and title: ``task 3 'Title' › goal › at``
_FILE = ItemFile(ChapterSpec, "tasks", "task", renamed=(("not_", "not"),))


def read_chapter_file(path: Path | str) -> tuple[Any, list[Problem]]:
    """A chapter file as plain data: (data or None, problems)."""
    return _FILE.read(path)


def parse_chapter(data: Any, file: str) -> tuple[ChapterSpec | None, list[Problem]]:
    """Check the shape of chapter ``data`` and type it."""
    return _FILE.parse(data, file)


def load_chapter(path: Path | str) -> ChapterSpec:
    """Read and type a chapter file (TaskFormatError listing every problem)."""
    return _FILE.load(path, TaskFormatError)
