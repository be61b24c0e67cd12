"""The data files of *300: Earth & Water* as typed models (docs/architecture.md, "File
formats"; the files are in ``data/earth_water/``, described in docs/earth-water.md, "Data").

Each record carries its ``source``: a rulebook section, or ``reconstruction:`` and why. The
models check what a record alone can show; :mod:`.world` checks what needs every file (ids
that exist, a connected map, the facts the rules state).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, model_validator

from hellenes_nb.core.models import FileModel, Items, Text, between, known

SIDE = Literal["greece", "persia"]
_CITIES = known("cities", "cities.yaml")


def _source(value: str) -> str:
    text = value.strip()
    if not ("§" in text or text.lower().startswith("reconstruction") or "engines.md" in text):
        raise ValueError("should cite a rulebook section (§6.4) or start with "
                         "'reconstruction:' and say why")
    return text


Source = Annotated[Text, AfterValidator(_source)]


class CityFile(FileModel):
    """One city of ``cities.yaml`` (§2.1)."""

    id: Text
    name: Text
    lat: Annotated[float, AfterValidator(lambda v: _within(v, 36.0, 41.5, "latitude"))]
    lon: Annotated[float, AfterValidator(lambda v: _within(v, 21.0, 28.5, "longitude"))]
    region: Text
    major: SIDE | None = None
    amphorae: Annotated[int, between(0, 5, "§2.1")]
    port: bool
    harbour: Items[float] | None = None
    source: Source

    @model_validator(mode="after")
    def _harbour(self) -> CityFile:
        if self.port and self.harbour is None:
            raise ValueError("a port city needs a 'harbour' point where its fleets are drawn")
        if self.harbour is not None and len(self.harbour) != 2:
            raise ValueError("a harbour is one point: [latitude, longitude]")
        if not self.port and self.harbour is not None:
            raise ValueError("a city without a port has no 'harbour'")
        return self


def _within(value: float, lo: float, hi: float, what: str) -> float:
    if not lo <= value <= hi:
        raise ValueError(f"the {what} {value} is off the map of the Aegean ({lo} to {hi})")
    return value


class RoadFile(FileModel):
    """One road of ``roads.yaml`` (§2.1, §6.4); ``bridge``: open only while the pontoon bridge
    stands (§5.1)."""

    a: Annotated[Text, _CITIES]
    b: Annotated[Text, _CITIES]
    bridge: bool = False
    source: Source

    @model_validator(mode="after")
    def _two_ends(self) -> RoadFile:
        if self.a == self.b:
            raise ValueError(f"a road joins two different cities, not {self.a} to itself")
        return self


class HalfFile(FileModel):
    """One side's half of a card."""

    title: Text
    kind: Literal["event", "reaction", "draw", "none"]
    text: Text
    once: bool = False
    sparta: bool = False


class CardFile(FileModel):
    """One card of ``cards.yaml`` (§2.3)."""

    number: Annotated[int, between(1, 16, "§2.3")]
    greek: HalfFile
    persian: HalfFile
    source: Source


class Sourced(FileModel):
    source: Source


class Forces(FileModel):
    armies: Annotated[int, between(0, 40, "§2.2")]
    fleets: Annotated[int, between(0, 40, "§2.2")]


class Pieces(Sourced):
    greece: Forces
    persia: Forces


class Placed(FileModel):
    armies: dict[Annotated[Text, _CITIES], Annotated[int, between(1, 40, "§3")]] = {}
    fleets: dict[Annotated[Text, _CITIES], Annotated[int, between(1, 40, "§3")]] = {}


class Start(Sourced):
    greece: Placed
    persia: Placed


class Budget(Sourced):
    greece: Annotated[int, between(0, 50, "§5.2")]
    persia: Annotated[int, between(0, 50, "§5.1")]
    persia_keeping: Annotated[int, between(0, 50, "§5.1")]


class FleetCost(FileModel):
    greece: Annotated[int, between(1, 10, "§5")]
    persia: Annotated[int, between(1, 10, "§5")]


class Costs(Sourced):
    card: Annotated[int, between(1, 10, "§5")]
    army: Annotated[int, between(1, 10, "§5")]
    fleet: FleetCost
    bridge: Annotated[int, between(1, 20, "§5.1")]


class Limits(Sourced):
    cards: Annotated[int, between(1, 16, "§5")]
    fleets: Annotated[int, between(1, 10, "§5")]


class Keep(Sourced):
    greece: Annotated[int, between(0, 16, "§8.1")]
    persia: Annotated[int, between(0, 16, "§8.1")]


class Campaigns(Sourced):
    count: Annotated[int, between(1, 20, "§4")]


class Track(Sourced):
    max: Annotated[int, between(1, 50, "§4.5")]


class Dice(Sourced):
    most: Annotated[int, between(1, 6, "§7.1")]
    persian_cap: Annotated[int, between(1, 6, "§7.1")]
    asian_cap: Annotated[int, between(1, 6, "§7.1")]


class SetupFile(FileModel):
    """``setup.yaml``: pieces, the start, budgets, costs and limits (§2.2, §3, §5, §8)."""

    pieces: Pieces
    start: Start
    budget: Budget
    costs: Costs
    limits: Limits
    keep: Keep
    campaigns: Campaigns
    track: Track
    dice: Dice


CityList = Items[CityFile]
RoadList = Items[RoadFile]
CardList = Items[CardFile]
