"""The *Hellenes* position in an open save, as typed models (docs/security.md, "Saves").

The envelope of a save, the limits on reading it and the plain-words refusals are the core's
(:mod:`hellenes_nb.core.savejson`). Here :class:`OpenSave` checks the position
(``State.to_dict``): types, ranges, that every name exists in the world (the models read the
:class:`~hellenes_nb.games.hellenes.index.WorldIndex` from the validation context), every unit
in one place and every card in one pile. The rest is checked by replaying the moves.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import (
    AfterValidator,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from typing_extensions import TypedDict

from hellenes_nb.core.echo import shown
from hellenes_nb.core.savejson import OPEN_RECORD, DiceRecord, Event, OpenEnvelope, Strict, refusal
from hellenes_nb.games.hellenes.index import N_UNITS, SEASONS, WorldIndex
from hellenes_nb.games.hellenes.rules.olympians import GODS
from hellenes_nb.games.hellenes.state import LOC_CODES
from hellenes_nb.games.hellenes.steps import STEPS

#: prestige beyond this cannot be reached: the game ends at 15 either way (§14.21)
PRESTIGE_LIMIT = 30
Side = Literal["athens", "sparta"]
God = Literal[GODS]  # type: ignore[valid-type]
Flag = Literal[0, 1]
T = TypeVar("T")



class PerSide(Strict, Generic[T]):
    athens: T
    sparta: T


class UnitRecord(Strict):
    """Where a unit is (an area or sea id, or ``pool``, ``aside``, ``out``) and its state."""

    at: str
    cv: int = 0
    inside: Flag = 0
    moved: Flag = 0
    retreated: Flag = 0
    revealed: Flag = 0


class GarrisonRecord(Strict):
    side: Side
    permanent: bool


class InPlay(Strict):
    card: int
    owner: Side


def _known_kind(kind: str) -> str:
    if kind not in STEPS:
        raise ValueError(f"{kind!r} is not a kind of step this engine knows")
    return kind


class Frame(TypedDict):
    """One pending step of the rules; its kind must be one the engine knows."""

    __pydantic_config__ = OPEN_RECORD  # type: ignore[misc]
    kind: Annotated[str, AfterValidator(_known_kind)]


class StateModel(Strict):
    """The position (``State.to_dict``): unit keys and area ids, readable by people."""

    scenario: str
    year: int
    season: Annotated[int, Field(ge=0, le=len(SEASONS) - 1)]
    prestige: Annotated[int, Field(ge=-PRESTIGE_LIMIT, le=PRESTIGE_LIMIT)]
    units: dict[str, UnitRecord]
    garrisons: dict[str, GarrisonRecord]
    sieges: dict[str, dict[str, Any]]
    control: dict[str, Side]
    city_control: dict[str, Side]
    neutral: list[str]
    pillaged: list[str]
    civil_war: list[str]
    deck: list[int]
    hands: PerSide[list[int]]
    discard: list[int]
    in_play: list[InPlay]
    leaders: PerSide[int | None]
    sacrifices: PerSide[list[God]]
    played: PerSide[dict[str, Any] | None]
    active: Side | None
    first: Side | None
    actions_left: Annotated[int, Field(ge=0, le=20)]
    engagements: list[dict[str, Any]]
    pending_rolls: list[dict[str, Any]]
    carry: dict[str, str]
    flags: dict[str, int]
    stack: list[Frame]
    dice: DiceRecord
    log: list[Event]
    barrier: bool

    @field_validator("units")
    @classmethod
    def _units(cls, units: dict[str, UnitRecord], info: ValidationInfo) -> dict:
        ix = _ix(info)
        for key, rec in units.items():
            u = _unit(ix, key)
            if rec.at in LOC_CODES:
                if rec.cv:
                    raise ValueError(f"{key} is {rec.at} (off the map) but has a combat value "
                                     f"({rec.cv}); only units on the map have one")
                continue
            _place(ix, rec.at, f"the place of {key}")
            if not 0 <= rec.cv <= ix.max_cv[u]:
                raise ValueError(f"{key} has combat value {rec.cv}, outside 0 to its maximum "
                                 f"of {ix.max_cv[u]} (§2.12)")
        missing = [ix.unit_key[u] for u in range(N_UNITS) if ix.exists[u]
                   and ix.unit_key[u] not in units]
        if missing:
            shown = ", ".join(missing[:5]) + (" and more" if len(missing) > 5 else "")
            verb = "is" if len(missing) == 1 else "are"
            raise ValueError(f"{'unit' if len(missing) == 1 else 'units'} {shown} {verb} missing: "
                             "every unit must be listed exactly once, in one place (an area, "
                             "the pool, set aside or out of play)")
        return units

    @field_validator("garrisons", "sieges", "control", "city_control")
    @classmethod
    def _place_keys(cls, table: dict[str, Any], info: ValidationInfo) -> dict:
        ix = _ix(info)
        for place in table:
            _place(ix, place, "an entry")
        return table

    @field_validator("neutral", "pillaged", "civil_war")
    @classmethod
    def _place_lists(cls, places: list[str], info: ValidationInfo) -> list:
        ix = _ix(info)
        for place in places:
            _place(ix, place, "an entry")
        if len(set(places)) != len(places):
            raise ValueError("lists a place twice")
        return places

    @field_validator("carry")
    @classmethod
    def _carry(cls, carry: dict[str, str], info: ValidationInfo) -> dict:
        ix = _ix(info)
        for fleet, cargo in carry.items():
            if not ix.is_fleet[_unit(ix, fleet)]:
                raise ValueError(f"{fleet} is not a fleet, so it carries nothing (§5.21)")
            _unit(ix, cargo)
        return carry

    @model_validator(mode="after")
    def _whole(self, info: ValidationInfo) -> StateModel:
        ix = _ix(info)
        sc = ix.world.scenarios.get(self.scenario)
        if sc is None:
            raise ValueError(f"scenario {self.scenario!r} does not exist (known: "
                             f"{', '.join(sorted(ix.world.scenarios))})")
        first, last = sc.years
        if not last - 1 <= self.year <= first:
            raise ValueError(f"year {self.year} is outside scenario {self.scenario}'s years "
                             f"({first} to {last} BC)")
        seen: dict[int, str] = {}
        for where, card in self._cards():
            if card not in ix.world.cards:
                raise ValueError(f"{where} holds card {card}, which does not exist")
            if card in seen and where != "a played card":  # a played card may be in play
                raise ValueError(f"card {card} is in two places ({seen[card]} and {where})")
            seen[card] = where
        return self

    def _cards(self) -> Iterator[tuple[str, int]]:
        """Where each card is; every card is in one of these places at most (the card a side
        played this season may also be in play already)."""
        yield from (("the deck", c) for c in self.deck)
        yield from (("Athens's hand", c) for c in self.hands.athens)
        yield from (("Sparta's hand", c) for c in self.hands.sparta)
        yield from (("the discard pile", c) for c in self.discard)
        yield from (("play", e.card) for e in self.in_play)
        for side, played in (("Athens", self.played.athens), ("Sparta", self.played.sparta)):
            if played is not None:
                card = played.get("card")
                if not isinstance(card, int) or isinstance(card, bool):
                    raise ValueError(f"the card {side} played should be a card number, not "
                                     f"{shown(card, 40)}")
                yield "a played card", card



class OpenSave(OpenEnvelope):
    """A whole game, readable by anyone: hot-seat saves and ``Game.to_json``."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)
    state: StateModel

    @model_validator(mode="after")
    def _same_scenario(self) -> OpenSave:
        if self.state.scenario != self.scenario:
            raise ValueError(f"the file is for scenario {self.scenario!r} but its position is "
                             f"of scenario {self.state.scenario!r}")
        return self


# -- checking ----------------------------------------------------------------------------------
def validate_open(data: Any, ix: WorldIndex) -> OpenSave:
    """The open save ``data`` checked against the world (ValueError in plain words)."""
    try:
        return OpenSave.model_validate(data, context={"ix": ix})
    except ValidationError as exc:
        raise refusal(exc) from None



def _ix(info: ValidationInfo) -> WorldIndex:
    ix = (info.context or {}).get("ix")
    if not isinstance(ix, WorldIndex):
        raise ValueError("internal: a save is checked against a world (context 'ix')")
    return ix


def _unit(ix: WorldIndex, key: str) -> int:
    try:
        return ix.unit(key)
    except KeyError:
        raise ValueError(f"there is no unit {key!r} (keys look like 'A12' or 'S7')") from None


def _place(ix: WorldIndex, place: str, what: str) -> int:
    try:
        return ix.place(place)
    except KeyError:
        raise ValueError(f"{what} names {place!r}, which is no land area or sea of the "
                         "map") from None
