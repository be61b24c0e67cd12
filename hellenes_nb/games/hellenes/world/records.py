"""Typed, immutable records for the Hellenes world (map, roster, cards, scenarios).

Field names follow the data files one to one (see docs/data.md). Records are frozen dataclasses;
collections inside them are tuples or read-only mappings, so a loaded world can be shared freely.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

SIDES = ("athens", "sparta")
LOYALTIES = ("athens", "sparta", "neutral")
REGIONS = ("greece", "italy", "sicily", "persia")
BORDER_TYPES = ("land", "coast", "sea", "deepsea", "narrows", "strait")
UNIT_TYPES = (
    "hoplite",
    "elite_hoplite",
    "archer",
    "cavalry",
    "infantry",
    "barbarian",
    "fleet",
    "elite_fleet",
    "improved_fleet",
    "persian",
)
FLEET_TYPES = ("fleet", "elite_fleet", "improved_fleet")
BARBARIAN_TYPES = ("barbarian", "persian")
CARD_BORDERS = ("gold", "silver", "bronze")
CARD_SIDES = ("athens", "sparta", "both")

LatLon = tuple[float, float]


def frozen_map(d: dict | None = None) -> MappingProxyType:
    """A read-only view of a fresh dict (nested dicts frozen too)."""
    out = {}
    for k, v in (d or {}).items():
        out[k] = frozen_map(v) if isinstance(v, dict) else (tuple(v) if isinstance(v, list) else v)
    return MappingProxyType(out)


@dataclass(frozen=True, slots=True)
class Nationality:
    """A colour group: units build and recruit only in cities/towns of their nationality (§2.11)."""

    id: str
    name: str
    colour: str
    loyalty: str
    kind: str
    source: str


@dataclass(frozen=True, slots=True)
class Nation:
    """Provinces grouped inside thick borders (§1.1)."""

    id: str
    name: str
    source: str


@dataclass(frozen=True, slots=True)
class City:
    """A city (square) or port (hexagon) with its value (§1.3)."""

    name: str
    value: int
    port: bool
    offshore_sea: str | None
    nationality: str
    loyalty: str
    subject_region: str | None
    at: LatLon

    @property
    def capacity(self) -> int:
        """Units that fit inside: twice the value (§1.3)."""
        return 2 * self.value


@dataclass(frozen=True, slots=True)
class Town:
    """A barbarian centre: home of barbarian units, no city advantages (§1.3)."""

    name: str
    nationality: str
    at: LatLon


@dataclass(frozen=True, slots=True)
class Area:
    """A land area: a province, or a CityState when it holds a city (§1.1)."""

    id: str
    name: str
    nation: str
    region: str
    island: bool
    label: LatLon
    city: City | None
    town: Town | None
    extra_coasts: tuple[str, ...]
    neutral_in: tuple[str, ...]
    source: str
    notes: str = ""

    is_sea = False

    @property
    def is_citystate(self) -> bool:
        return self.city is not None


@dataclass(frozen=True, slots=True)
class Sea:
    """A sea area (§1.2)."""

    id: str
    name: str
    region: str
    label: LatLon
    grain_route: bool
    source: str
    notes: str = ""

    is_sea = True


@dataclass(frozen=True, slots=True)
class Border:
    """One adjacency between two areas, typed (§1.1, §1.2, §5.22, §6.5)."""

    a: str
    b: str
    type: str
    source: str


@dataclass(frozen=True, slots=True)
class SubjectRegion:
    """A group of Athenian subject cities that revolt together (§1.33, §3.12)."""

    id: str
    name: str
    cities: tuple[str, ...]
    can_revolt: bool
    is_subject_region: bool
    source: str


@dataclass(frozen=True, slots=True)
class Rating:
    """A combat rating: agility letter (A fires first) and power 1–3 (§2.14)."""

    agility: str
    power: int

    def __str__(self) -> str:
        return f"{self.agility}{self.power}"


@dataclass(frozen=True, slots=True)
class Unit:
    """One labelled block of a side's roster (§2.1)."""

    side: str
    id: int
    name: str
    nationality: str
    type: str
    max_cv: int
    rating: Rating
    sea_rating: Rating | None
    move: int
    elite: bool
    home: tuple[str, ...]
    scenarios: tuple[str, ...]
    availability: str
    source: str

    @property
    def key(self) -> str:
        """Short unique key: 'A12' for Athens #12, 'S7' for Sparta #7."""
        return f"{self.side[0].upper()}{self.id}"

    @property
    def is_fleet(self) -> bool:
        return self.type in FLEET_TYPES

    @property
    def is_barbarian(self) -> bool:
        return self.type in BARBARIAN_TYPES

    @property
    def is_cavalry(self) -> bool:
        return self.type == "cavalry" or (self.is_barbarian and "cavalry" in self.name.lower())


@dataclass(frozen=True, slots=True)
class EventDef:
    """An event key the engine implements (§3.1)."""

    key: str
    name: str
    section: str
    continuing: bool
    summary: str


@dataclass(frozen=True, slots=True)
class Card:
    """One of the 55 cards: action value at one end, event at the other (§3.0)."""

    number: int
    title: str
    border: str
    actions: int
    event: str
    side: str
    continuing: bool
    new_year_ok: bool
    condition: str
    params: MappingProxyType
    leader_value: int | None
    text: str
    source: str


@dataclass(frozen=True, slots=True)
class SpecialRule:
    """A scenario special rule switched on by key (§12, §15)."""

    key: str
    section: str
    summary: str


@dataclass(frozen=True, slots=True)
class SetupEntry:
    """One unit placed by a scenario setup."""

    side: str
    unit: int
    area: str
    cv: int
    besieged: bool = False
    besieging: bool = False
    expedition: int | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class Scenario:
    """A scenario of §15: years, deck, units, neutrals, setup and special rules."""

    id: str
    name: str
    years: tuple[int, int]  # first and last year BC, e.g. (431, 422)
    cards: tuple[int, int]
    unit_ids: tuple[tuple[int, int], ...]
    neutral: tuple[str, ...]
    prestige: int  # the single prestige track: > 0 favours Athens, < 0 favours Sparta
    leaders: MappingProxyType
    captured: MappingProxyType  # side -> tuple of area ids
    setup: tuple[SetupEntry, ...]
    garrisons: MappingProxyType  # side -> tuple of area ids
    rules: tuple[str, ...]
    source: str
    extra: MappingProxyType = field(default_factory=frozen_map)

    def uses_unit(self, unit_id: int) -> bool:
        return any(lo <= unit_id <= hi for lo, hi in self.unit_ids)

    @property
    def deck(self) -> tuple[int, ...]:
        lo, hi = self.cards
        return tuple(range(lo, hi + 1))


@dataclass(frozen=True, slots=True)
class World:
    """Everything static about the game, loaded once and shared."""

    nationalities: MappingProxyType
    nations: MappingProxyType
    areas: MappingProxyType
    seas: MappingProxyType
    borders: tuple[Border, ...]
    subject_regions: MappingProxyType
    units: MappingProxyType  # (side, id) -> Unit
    cards: MappingProxyType  # number -> Card
    events: MappingProxyType
    special_rules: MappingProxyType
    scenarios: MappingProxyType
    adjacency: MappingProxyType  # area id -> tuple of (neighbour id, border type)

    def place(self, area_id: str) -> Area | Sea:
        """The land or sea area with this id (KeyError naming it if unknown)."""
        if area_id in self.areas:
            return self.areas[area_id]
        if area_id in self.seas:
            return self.seas[area_id]
        raise KeyError(f"no land or sea area has the id {area_id!r}")

    def neighbours(self, area_id: str) -> tuple[str, ...]:
        return tuple(n for n, _ in self.adjacency.get(area_id, ()))

    def border_type(self, a: str, b: str) -> str | None:
        for n, t in self.adjacency.get(a, ()):
            if n == b:
                return t
        return None

    def unit(self, side: str, unit_id: int) -> Unit:
        return self.units[(side, unit_id)]

    def frames(self) -> Any:
        """Polars DataFrames of areas, seas, borders, units and cards (see world.frames)."""
        from hellenes_nb.games.hellenes.world.frames import world_frames

        return world_frames(self)
