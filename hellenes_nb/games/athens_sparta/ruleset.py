"""*Athens & Sparta* behind the core's :class:`~hellenes_nb.core.ruleset.Ruleset` protocol
(docs/architecture.md, docs/athens-sparta.md): one scenario, the whole war from 431 BC
(``athens-sparta``), with hidden blocks and hands (``perfect_information`` False)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import AfterValidator, ConfigDict, Field, ValidationError
from typing_extensions import TypedDict

from hellenes_nb.core.plainruleset import PlainRuleset
from hellenes_nb.core.savejson import OPEN_RECORD, DiceRecord, Event, OpenEnvelope, Strict, refusal
from hellenes_nb.core.steps import StepRegistry
from hellenes_nb.games.athens_sparta import shapes
from hellenes_nb.games.athens_sparta.position import SCENARIO, SIDES, Position
from hellenes_nb.games.athens_sparta.rules.victory import victory_points
from hellenes_nb.games.athens_sparta.steps import STEPS
from hellenes_nb.games.athens_sparta.view import log_for, view
from hellenes_nb.games.athens_sparta.world import load_world

__all__ = ["ATHENS_SPARTA", "AthensSparta"]


class AthensSparta(PlainRuleset):
    """The ruleset of *Athens & Sparta* (one instance, :data:`ATHENS_SPARTA`)."""

    name = "athens-sparta"
    title = "Athens & Sparta, 431–404 BC"
    roles = SIDES
    SCENARIOS = (SCENARIO,)
    make = staticmethod(Position)
    checked = staticmethod(shapes.checked)
    view_of = staticmethod(view)
    log_of = staticmethod(log_for)

    def __init__(self, steps: StepRegistry = STEPS):
        super().__init__(steps)

    @staticmethod
    def validate(data: Any) -> Any:
        return validate_open(data)

    def final(self, state: Position, top: dict) -> dict:
        return {"points": victory_points(state.board, state.world)}

    def describe(self, state: Position) -> str:
        p = victory_points(state.board, state.world)
        return (f"Olympiad {state.board.olympiad}, Game Turn {state.board.turn}: Athens "
                f"{p['athens']} points, Sparta {p['sparta']}")


# -- the open save's position, checked for kinds and names (the rest by replaying) ----------------
def _kind(kind: str) -> str:
    if kind not in STEPS:
        raise ValueError(f"{kind!r} is not a kind of step this engine knows")
    return kind


def _scenario(name: str) -> str:
    if name != SCENARIO:
        raise ValueError(f"{name!r} is not a scenario of Athens & Sparta ({SCENARIO})")
    return name


def _card(cid: str) -> str:
    if cid not in {c.id for c in load_world().cards}:
        raise ValueError(f"{cid!r} is not one of the 25 cards")
    return cid


Card = Annotated[str, AfterValidator(_card)]


class Frame(TypedDict):
    __pydantic_config__ = OPEN_RECORD  # type: ignore[misc]
    kind: Annotated[str, AfterValidator(_kind)]


class Hands(Strict):
    athens: Annotated[list[Card], Field(max_length=6)]
    sparta: Annotated[list[Card], Field(max_length=6)]


class StateModel(Strict):
    model_config = ConfigDict(strict=True, extra="allow", frozen=True)
    scenario: Annotated[str, AfterValidator(_scenario)]
    olympiad: Annotated[int, Field(ge=84, le=89)]
    turn: Annotated[int, Field(ge=1, le=6)]
    hands: Hands
    rest: list[Card]
    stack: list[Frame]
    dice: DiceRecord
    log: list[Event]


class OpenSave(OpenEnvelope):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)
    state: StateModel


def validate_open(data: Any) -> OpenSave:
    """The open save ``data`` checked (ValueError in plain words)."""
    try:
        return OpenSave.model_validate(data)
    except ValidationError as exc:
        raise refusal(exc) from None


#: the one ruleset object of the game (registered in the catalogue by ``plugin.py``)
ATHENS_SPARTA = AthensSparta()
