"""The Hellenes parts of a tutorial chapter (``lessons/tutorial/*.yaml``; the common format is
:mod:`hellenes_nb.tutorial.format`): a task's map position (``board``) or battle (``battle``),
its ``focus``, its goals (map, battle board and click goals) and how its ``solution`` and
``replies`` items become engine actions (the lessons' ``verb: details`` items, plus the battle
board's ``attack``, ``choose: X``, ``appeal: GOD`` and the click answer ``pick: X``). The
tutorial kit (``tutorialkit.py``) hands them to the common format."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from hellenes_nb.core.models import FileModel, Items, Text, short
from hellenes_nb.games.hellenes.lessonformat import Focus, UnitSpec, parse_action
from hellenes_nb.tutorial.format import GoalBase
from hellenes_nb.tutorial.stategoals import actions_reader

__all__ = ["SIDES", "AreaFacts", "BattleBoard", "EventGoal", "Focus", "Goal", "MapBoard",
           "PickGoal", "StartSpec", "UnitFacts", "parse_actions"]

SIDES = ("athens", "sparta")
#: the seasons a task's position may start in (§3.3, §9, §10)
SEASONS = ("spring", "summer", "highsummer", "fall", "winter")
Side = Literal[SIDES]  # type: ignore[valid-type]
Holder = Literal["athens", "sparta", "none"]


def parse_actions(value: Any) -> tuple[dict, ...]:
    """A list of ``verb: details`` items (see :func:`parse_action`), as engine action dicts;
    on a battle board the items ``attack``, ``choose: X`` and ``appeal: GOD`` are kept as they
    are, and ``pick: X`` answers a question by a click."""
    if not isinstance(value, list):
        raise ValueError(f"should be a list of actions, not {short(value)}")
    return _read_items(value)


def _item(item: Any) -> tuple[dict, ...]:
    """One ``solution`` or ``replies`` item: a battle board's word or answer, else a
    lessons' ``verb: details`` item."""
    if item in ("attack", "accept", "battle"):
        return ({"type": item},)
    if isinstance(item, dict) and len(item) == 1 and next(iter(item)) in ("choose", "pick",
                                                                          "appeal"):
        verb, arg = next(iter(item.items()))
        if not isinstance(arg, str):
            raise ValueError(f"{verb} needs a block key or a choice, not {short(arg)}")
        return ({"type": verb, "choice": arg},)
    return parse_action(item)


#: the items of a list read one by one, every wrong one named (tutorial/stategoals.py)
_read_items = actions_reader(_item)


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


class Goal(GoalBase):
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
