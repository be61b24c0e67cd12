"""The data files under data/hellenes/ as typed models (docs/data.md, "Schema").

One model per kind of record, with the field names of the files. A model checks what its record
alone can show (types, choices, ranges, a port's offshore sea, a fleet's sea rating) and, given
the ids of the files read before it as validation context, that every name it uses exists
(``'x' is not in nations.yaml``). :mod:`.load` reads the files in that order and builds the
engine's records (:mod:`.records`) with each model's ``record()``; :mod:`.check` then checks
what the rules imply of the whole world.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, ValidationInfo, model_validator

from hellenes_nb.core.models import FileModel, Items, Text, between, known
from hellenes_nb.games.hellenes.world.records import (
    BORDER_TYPES,
    CARD_BORDERS,
    CARD_SIDES,
    FLEET_TYPES,
    LOYALTIES,
    REGIONS,
    SIDES,
    UNIT_TYPES,
    Area,
    Border,
    Card,
    City,
    EventDef,
    LatLon,
    Nation,
    Nationality,
    Rating,
    Scenario,
    Sea,
    SetupEntry,
    SpecialRule,
    SubjectRegion,
    Town,
    Unit,
    frozen_map,
)

Side = Literal[SIDES]  # type: ignore[valid-type]
Loyalty = Literal[LOYALTIES]  # type: ignore[valid-type]
Region = Literal[REGIONS]  # type: ignore[valid-type]

#: the map's box, to catch a latitude and longitude written the wrong way round
LAT, LON = (30, 45), (10, 35)


def _build(record: type, model: FileModel, **given: Any) -> Any:
    """``record`` from the model's fields of the same names (``given`` overrides some)."""
    return record(**{name: given[name] if name in given else getattr(model, name)
                     for name in record.__dataclass_fields__})


def _latlon(value: Any) -> LatLon:
    if not isinstance(value, list | tuple) or len(value) != 2 or not all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in value):
        raise ValueError(f"should be [latitude, longitude], not {value!r}")
    lat, lon = float(value[0]), float(value[1])
    if not (LAT[0] <= lat <= LAT[1] and LON[0] <= lon <= LON[1]):
        raise ValueError(f"[{lat}, {lon}] lies outside the map ({LAT[0]}–{LAT[1]} N, "
                         f"{LON[0]}–{LON[1]} E)")
    return (lat, lon)


Place = Annotated[str, known("places", "areas.yaml or seas.yaml")]
SeaId = Annotated[str, known("seas", "seas.yaml")]
NationalityId = Annotated[str, known("nationalities", "nationalities.yaml")]
Point = Annotated[LatLon, BeforeValidator(_latlon)]


class NationalityFile(FileModel):
    id: str
    name: str
    colour: str
    loyalty: Loyalty
    kind: str
    source: str

    def record(self) -> Nationality:
        return _build(Nationality, self)


class NationFile(FileModel):
    id: str
    name: str
    source: str

    def record(self) -> Nation:
        return _build(Nation, self)


class SeaFile(FileModel):
    id: str
    name: str
    region: Region
    label: Point
    grain_route: bool = False
    source: str
    notes: str = ""

    def record(self) -> Sea:
        return _build(Sea, self)


class SubjectRegionFile(FileModel):
    id: str
    name: str
    cities: Items[str] = ()
    can_revolt: bool = True
    is_subject_region: bool = True
    source: str

    def record(self) -> SubjectRegion:
        return _build(SubjectRegion, self)


class EventFile(FileModel):
    key: str
    name: str
    section: Text
    continuing: bool = False
    summary: str

    def record(self) -> EventDef:
        return _build(EventDef, self)


class SpecialRuleFile(FileModel):
    key: str
    section: Text
    summary: str

    def record(self) -> SpecialRule:
        return _build(SpecialRule, self)


# -- areas.yaml ----------------------------------------------------------------------------------
class CityFile(FileModel):
    """A city (§1.3); ``at`` defaults to its area's label."""

    name: str
    value: Annotated[int, between(1, 9, "§1.3")]
    port: bool
    offshore_sea: SeaId | None = None
    nationality: NationalityId
    loyalty: Loyalty
    subject_region: Annotated[str | None, known("subject_regions", "subject_regions.yaml")] = None
    at: Point | None = None
    notes: str = ""
    source: str = ""

    @model_validator(mode="after")
    def _port(self) -> CityFile:
        if self.port and not self.offshore_sea:
            raise ValueError("a port must name its single offshore sea (§1.3)")
        if not self.port and self.offshore_sea:
            raise ValueError("only ports have an offshore sea (§1.3); set port: true or drop it")
        return self


class TownFile(FileModel):
    name: str
    nationality: NationalityId
    at: Point | None = None


def _not_a_sea(value: str, info: ValidationInfo) -> str:
    if value in ((info.context or {}).get("seas") or ()):
        raise ValueError(f"{value!r} is also the id of a sea")
    return value


class AreaFile(FileModel):
    id: Annotated[str, AfterValidator(_not_a_sea)]
    name: str
    nation: Annotated[str, known("nations", "nations.yaml")]
    region: Region
    island: bool = False
    label: Point
    city: CityFile | None = None
    town: TownFile | None = None
    extra_coasts: Items[SeaId] = ()
    neutral_in: Items[Text] = ()
    source: str
    notes: str = ""

    @model_validator(mode="after")
    def _one_centre(self) -> AreaFile:
        if self.city is not None and self.town is not None:
            raise ValueError("an area holds a city or a town, not both")
        return self

    def record(self) -> Area:
        city = town = None
        if self.city is not None:
            city = _build(City, self.city, at=self.city.at or self.label)
        if self.town is not None:
            town = _build(Town, self.town, at=self.town.at or self.label)
        return _build(Area, self, city=city, town=town)


# -- borders.csv and units.csv: every cell is text --------------------------------------------
def _border_fits(row: BorderRow, info: ValidationInfo) -> None:
    context = info.context or {}
    land, seas = context.get("areas"), context.get("seas")
    if land is None or seas is None:
        return
    unknown = [x for x in (row.a, row.b) if x not in land and x not in seas]
    if unknown:
        raise ValueError(f"{unknown[0]!r} is not in areas.yaml or seas.yaml")
    ends = (row.a in land) + (row.b in land)
    want = {2: ("land", "strait"), 1: ("coast",), 0: ("sea", "deepsea", "narrows")}[ends]
    if row.type not in want:
        raise ValueError(f"type {row.type!r} does not fit; between these it must be "
                         f"{' or '.join(want)}")


class BorderRow(FileModel):
    a: str
    b: str
    type: Literal[BORDER_TYPES]  # type: ignore[valid-type]
    source: str

    @model_validator(mode="after")
    def _ends(self, info: ValidationInfo) -> BorderRow:
        if self.a == self.b:
            raise ValueError("an area cannot border itself")
        _border_fits(self, info)
        return self

    def record(self) -> Border:
        a, b = sorted((self.a, self.b))
        return Border(a=a, b=b, type=self.type, source=self.source)


def _cell_number(lo: int, hi: int) -> Callable[[Any], Any]:
    def read(text: Any) -> Any:
        if isinstance(text, str):
            if not text.isdigit() or not lo <= int(text) <= hi:
                raise ValueError(f"should be a whole number from {lo} to {hi}, not {text!r}")
            return int(text)
        return text
    return read


def _cell_flag(text: Any) -> Any:
    if isinstance(text, str):
        if text.lower() not in ("true", "false", ""):
            raise ValueError(f"should be true or false, not {text!r}")
        return text.lower() == "true"
    return text


def _cell_list(text: Any) -> Any:
    return tuple(x for x in text.split(";") if x) if isinstance(text, str) else text


def _rating(letters: str) -> Callable[[Any], Any]:
    def read(text: Any) -> Any:
        if not isinstance(text, str) or text == "":
            return None
        if len(text) != 2 or text[0] not in letters or text[1] not in "123":
            raise ValueError(f"{text!r} should be an agility letter ({letters}) and a power "
                             "1–3, e.g. B2")
        return Rating(text[0], int(text[1]))
    return read


UnitNumber = Annotated[int, BeforeValidator(_cell_number(1, 60))]
MaxCv = Annotated[int, BeforeValidator(_cell_number(1, 4))]
Move = Annotated[int, BeforeValidator(_cell_number(1, 6))]
Cells = Annotated[tuple[str, ...], BeforeValidator(_cell_list)]
Flag = Annotated[bool, BeforeValidator(_cell_flag)]


class UnitRow(FileModel):
    """A row of units.csv (§2.1)."""

    side: Side
    id: UnitNumber
    name: str
    nationality: NationalityId
    type: Literal[UNIT_TYPES]  # type: ignore[valid-type]
    max_cv: MaxCv
    rating: Annotated[Rating, BeforeValidator(_rating("ABCD"))]
    sea_rating: Annotated[Rating | None, BeforeValidator(_rating("EF"))] = None
    move: Move
    elite: Flag = False
    home: Cells = ()
    scenarios: Cells = ()
    availability: str = ""
    source: str

    @model_validator(mode="after")
    def _sea_rating(self) -> UnitRow:
        if (self.type in FLEET_TYPES) != (self.sea_rating is not None):
            raise ValueError("fleets (and only fleets) have a sea rating E/F (§2.26, §6.5)")
        return self

    def record(self) -> Unit:
        return _build(Unit, self)


# -- cards.yaml ----------------------------------------------------------------------------------
class CardFile(FileModel):
    number: Annotated[int, between(1, 55, "§3.0")]
    title: str
    border: Literal[CARD_BORDERS]  # type: ignore[valid-type]
    actions: Annotated[int, between(1, 3, "§3.2")]
    event: str
    side: Literal[CARD_SIDES]  # type: ignore[valid-type]
    continuing: bool = False
    new_year_ok: bool = True
    condition: str = ""
    params: dict[str, Any] = {}
    leader_value: int | None = None
    text: str
    source: str

    @model_validator(mode="after")
    def _event(self, info: ValidationInfo) -> CardFile:
        events = (info.context or {}).get("events")
        if events is not None:
            if self.event not in events:
                raise ValueError(f"event {self.event!r} is not in events.yaml")
            if events[self.event] != self.continuing:
                raise ValueError(f"continuing must match events.yaml "
                                 f"({events[self.event]}) for {self.event!r}")
        return self

    def record(self) -> Card:
        return _build(Card, self, params=frozen_map(self.params))


# -- scenarios/<id>.yaml -------------------------------------------------------------------------
def _span(descending: bool) -> Callable[[Any], Any]:
    """A [first, last] pair; years BC count down, so they are descending."""
    def read(value: Any) -> Any:
        ok = isinstance(value, list) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value)
        if not ok or (value[0] < value[1] if descending else value[0] > value[1]):
            order = "first year BC, last year BC (e.g. [431, 422])" if descending \
                else "first, last"
            raise ValueError(f"should be [{order}], not {value!r}")
        return (value[0], value[1])
    return read


def _ranges(value: Any) -> Any:
    """``[first, last]`` or a list of such ranges → a tuple of ranges."""
    ranges = [value] if isinstance(value, list) and value and isinstance(value[0], int) \
        else value
    if not isinstance(ranges, list) or not ranges or not all(
            isinstance(x, list) and len(x) == 2 for x in ranges):
        raise ValueError(f"should be [first, last] or a list of such ranges, not {value!r}")
    return tuple(tuple(x) for x in ranges)


def _one_track(value: dict[str, int]) -> dict[str, int]:
    if len([v for v in value.values() if v]) > 1:
        raise ValueError("name at most one side, e.g. {athens: 3} (one track, §14.1)")
    return value


class SetupItem(FileModel):
    unit: int
    area: Place
    cv: int
    besieged: bool = False
    besieging: bool = False
    expedition: int | None = None
    note: str = ""


class ScenarioFile(FileModel):
    """A scenario of §15; ``notes``, ``description``, ``sicily_units`` and ``set_aside`` are
    kept as they are written (``Scenario.extra``)."""

    id: Text
    name: str
    years: Annotated[tuple[int, int], BeforeValidator(_span(descending=True))]
    cards: Annotated[tuple[int, int], BeforeValidator(_span(descending=False))]
    unit_ids: Annotated[tuple[tuple[int, int], ...], BeforeValidator(_ranges)]
    neutral: Items[Place] = ()
    prestige: Annotated[dict[Side, int], AfterValidator(_one_track)] = {}
    leaders: dict[str, Any]
    captured: dict[Side, Items[str] | None] = {}
    setup: dict[Side, list[SetupItem] | None]
    garrisons: dict[Side, Items[str] | None] = {}
    rules: Items[Annotated[str, known("special_rules", "special_rules.yaml")]] = ()
    source: str
    notes: str = ""
    description: str = ""
    sicily_units: Any = None
    set_aside: Items[int] = ()

    def record(self) -> Scenario:
        setup = tuple(SetupEntry(side=side, **entry.model_dump())
                      for side, entries in self.setup.items() for entry in entries or ())
        extra = {k: getattr(self, k) for k in ("notes", "description", "sicily_units",
                                                "set_aside") if k in self.model_fields_set}
        return _build(
            Scenario, self, prestige=self.prestige.get("athens", 0)
            - self.prestige.get("sparta", 0), leaders=frozen_map(self.leaders),
            captured=frozen_map({s: v or () for s, v in self.captured.items()}),
            garrisons=frozen_map({s: v or () for s, v in self.garrisons.items()}),
            setup=setup, extra=frozen_map(extra))
