"""The *300: Earth & Water* position in an open save, as typed models (docs/security.md,
"Saves"). The envelope, the limits and the plain-words refusals are the core's
(:mod:`hellenes_nb.core.savejson`); here the position is checked for types, ranges, names
that exist and every card in one place. The rest is checked by replaying the moves."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field, model_validator
from typing_extensions import TypedDict

from hellenes_nb.core.savejson import (
    OPEN_RECORD,
    DiceRecord,
    Event,
    Strict,
    open_save_checker,
)
from hellenes_nb.games.earth_water.index import CITY, WORLD
from hellenes_nb.games.earth_water.state import FLAGS
from hellenes_nb.games.earth_water.steps import STEPS

__all__ = ["validate_open"]

Count = Annotated[int, Field(ge=0, le=40)]
Card = Annotated[int, Field(ge=1, le=len(WORLD.cards))]


def _city(name: str) -> str:
    if name not in CITY:
        raise ValueError(f"{name!r} is not a city of the map ({', '.join(CITY)})")
    return name


def _kind(kind: str) -> str:
    if kind not in STEPS:
        raise ValueError(f"{kind!r} is not a kind of step this engine knows")
    return kind


CityCounts = dict[Annotated[str, AfterValidator(_city)], Annotated[int, Field(ge=1, le=40)]]


class PerSide(Strict):
    greece: CityCounts
    persia: CityCounts


class Reserve(Strict):
    armies: Count
    fleets: Count


class Reserves(Strict):
    greece: Reserve
    persia: Reserve


class Hands(Strict):
    greece: list[Card]
    persia: list[Card]


class Frame(TypedDict):
    __pydantic_config__ = OPEN_RECORD  # type: ignore[misc]
    kind: Annotated[str, AfterValidator(_kind)]


class StateModel(Strict):
    """The position (``State.to_dict``), with city ids."""

    scenario: Literal["earth-water"]
    campaign: Annotated[int, Field(ge=1, le=WORLD.setup.campaigns.count)]
    score: Annotated[int, Field(ge=-WORLD.setup.track.max, le=WORLD.setup.track.max)]
    armies: PerSide
    fleets: PerSide
    reserve: Reserves
    hands: Hands
    deck: list[Card]
    discard: list[Card]
    flags: list[Literal[tuple(FLAGS)]]  # type: ignore[valid-type]
    stack: list[Frame]
    dice: DiceRecord
    log: list[Event]

    @model_validator(mode="after")
    def _cards_once(self) -> StateModel:
        seen: dict[int, str] = {}
        for where, cards in (("the draw pile", self.deck), ("the discard pile", self.discard),
                             ("the Greek hand", self.hands.greece),
                             ("the Persian hand", self.hands.persia)):
            for card in cards:
                if card in seen:
                    raise ValueError(f"card {card} is in two places ({seen[card]} and {where})")
                seen[card] = where
        return self


#: the check of a whole open save (ValueError in plain words)
validate_open = open_save_checker(StateModel, "*300: Earth & Water*")
