"""The *Amphipolis* position in an open save (docs/security.md, "Saves"): the envelope, limits
and plain-words refusals are the core's (:mod:`hellenes_nb.core.savejson`); here the position
is checked for its kinds and names. The rest is checked by replaying the moves."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, ConfigDict, Field
from typing_extensions import TypedDict

from hellenes_nb.core.savejson import (
    OPEN_RECORD,
    DiceRecord,
    Event,
    Strict,
    open_save_checker,
)
from hellenes_nb.games.amphipolis.steps import STEPS
from hellenes_nb.games.amphipolis.world import load_world

__all__ = ["validate_open"]

_W = load_world()


def _kind(kind: str) -> str:
    if kind not in STEPS:
        raise ValueError(f"{kind!r} is not a kind of step this engine knows")
    return kind


def _scenario(name: str) -> str:
    if name.removeprefix("amphipolis-") not in _W.scenarios:
        raise ValueError(f"{name!r} is not a scenario of Amphipolis "
                         f"({', '.join(_W.scenarios)})")
    return name


def _counter(cid: str) -> str:
    if cid not in {c.id for c in _W.counters}:
        raise ValueError(f"{cid!r} is not a strategem counter")
    return cid


Counter = Annotated[str, AfterValidator(_counter)]


class Frame(TypedDict):
    __pydantic_config__ = OPEN_RECORD  # type: ignore[misc]
    kind: Annotated[str, AfterValidator(_kind)]


class Hands(Strict):
    athens: list[Counter]
    sparta: list[Counter]


class StateModel(Strict):
    model_config = ConfigDict(strict=True, extra="allow", frozen=True)
    scenario: Annotated[str, AfterValidator(_scenario)]
    turn: Annotated[int, Field(ge=0, le=9)]
    hands: Hands
    cup: list[Counter]
    stack: list[Frame]
    dice: DiceRecord
    log: list[Event]


#: the check of a whole open save (ValueError in plain words)
validate_open = open_save_checker(StateModel, "*Amphipolis*")
