"""The data files of *Amphipolis* as typed models (``data/amphipolis/``; docs/amphipolis.md,
"Data"). Each record carries its ``source``: a rulebook section, or ``reconstruction:`` and
why. What needs several files or the rules is checked by :mod:`.world`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, model_validator

from hellenes_nb.core.models import FileModel, Items, Text, between

SIDE = Literal["athens", "sparta"]


def _source(value: str) -> str:
    text = value.strip()
    if "§" not in text and "reconstruction" not in text.lower():
        raise ValueError("should cite a rulebook section (§4.3) or say 'reconstruction:' and "
                         "why")
    return text


Source = Annotated[Text, AfterValidator(_source)]


def _two(value: tuple[str, ...]) -> tuple[str, ...]:
    if len(value) != 2 or value[0] == value[1]:
        raise ValueError(f"a border joins two different zones, not {list(value)}")
    return value


class OperationalZone(FileModel):
    """One town of the operational map (§1.1.2) with its garrison (§1.2.3)."""

    id: Text
    name: Text
    lat: float
    lon: float
    va: Annotated[int, between(1, 6, "§4.3.1")]
    pf: Annotated[int, between(1, 9, "§1.2.3")]
    source: Source


class RearBase(FileModel):
    """One rear base (§1.1.3): who may use it, its kind of space (§3), the zones it touches
    (§3.1)."""

    id: Text
    name: Text
    lat: float
    lon: float
    users: Items[SIDE]
    space: Literal["land", "mixed"]
    touches: Items[Text]
    source: Source


class MainZone(FileModel):
    """One zone of the main map (§1.1.1): a land zone T1-T27 (city, clear, humid, elevated) or
    a maritime zone M1-M3 (port, sea)."""

    id: Text
    name: Text
    terrain: Literal["city", "clear", "humid", "elevated", "port", "sea"]
    lat: float
    lon: float
    source: Source


class Border(FileModel):
    """A side shared by two main-map zones (§3.1): plain, across the river, over the bridge;
    with or without a wall and its inside zone (§5.1)."""

    zones: Annotated[Items[Text], AfterValidator(_two)]
    crossing: Literal["none", "river", "bridge"] = "none"
    wall: Literal["none", "permanent", "buildable"] = "none"
    inside: Text = ""
    source: Source

    @model_validator(mode="after")
    def _inside(self) -> Border:
        if (self.wall == "none") != (self.inside == ""):
            raise ValueError("a wall names its inside zone, and only a wall does (§5.1)")
        if self.inside and self.inside not in self.zones:
            raise ValueError(f"the inside zone {self.inside!r} is not one of {self.zones}")
        return self


class Corner(FileModel):
    """Zones meeting only at a point (§3.1), listed in order around it; zones two apart in
    that order (or the two of a pair) are not adjacent."""

    zones: Items[Text]
    edge: bool = False
    source: Source


class ZonesFile(FileModel):
    operational: Items[OperationalZone]
    rear_bases: Items[RearBase]
    main: Items[MainZone] = ()
    borders: Items[Border] = ()
    corners: Items[Corner] = ()


class LeaderFile(FileModel):
    """A leader (§1.2.2): bonus 0 to 3 swords."""

    id: Text
    name: Text
    side: SIDE
    bonus: Annotated[int, between(0, 3, "§1.2.2")]
    source: Source


class UnitFile(FileModel):
    """A combat unit (§1.2.1)."""

    id: Text
    side: SIDE
    nation: Literal["athenian", "spartan", "allied"]
    type: Literal["T", "H", "C", "P", "A"]
    pf: Annotated[int, between(1, 30, "§1.2.1")]
    bonus: bool
    origin: Text = ""
    source: Source

    @model_validator(mode="after")
    def _nation(self) -> UnitFile:
        if (self.nation == "spartan") != (self.side == "sparta" and self.nation != "allied"):
            raise ValueError(f"a {self.side} unit cannot be {self.nation}")
        return self


class Face(FileModel):
    """One face of a strategem counter (§7)."""

    number: Annotated[int, between(1, 22, "§7")]
    name: Text
    english: Text
    colour: Literal["athens", "sparta", "neutral"]
    phase: Literal["B2", "B3", "combat", "D3", "D4", "D5", "any"]
    source: Source


class CounterFile(FileModel):
    """A double-sided strategem counter (§1.2.4)."""

    id: Text
    front: Face
    back: Face
    source: Source


RESULTS = ("R", "1/4", "1/2", "3/4", "A", "E")


def _cell(value: str) -> str:
    parts = value.split()
    if len(parts) != 4 or parts[1] != "-" or parts[0] not in RESULTS \
            or parts[2] not in RESULTS or parts[3] not in ("A", "D"):
        raise ValueError(f"a cell is 'attacker - defender winner' (results {', '.join(RESULTS)};"
                         f" winner A or D), not {value!r}")
    return value


class CrtFile(FileModel):
    """The Combat Results Table (§4.2)."""

    columns: Items[Text]
    rows: Items[Text]
    winner: Source
    source: Source
    cells: Items[Items[Annotated[Text, AfterValidator(_cell)]]]


class Group(FileModel):
    """Leaders and units placed together (a deployment, a reinforcement). ``generic``: units
    named only by type and number, taken from the available supply (§10.4; 0: all of that
    type still available; "any": of any type). ``or_at`` and ``or_type``: the choices the
    scenario leaves to the owner (§10.1, §10.4)."""

    side: SIDE
    at: Text
    turn: int | None = None
    leaders: Items[Text] = ()
    units: Items[Text] = ()
    generic: dict[Literal["T", "H", "C", "P", "A", "any"],
                  Annotated[int, between(0, 9, "§10.4")]] = {}
    #: the other rear bases the owner may bring the group to ("in Thrace or at Thasos")
    or_at: Items[Literal["thasos", "macedonia", "thrace"]] = ()
    #: one generic type the owner may take as another instead ("P or A": {P: A})
    or_type: dict[Literal["T", "H", "C", "P", "A"], Literal["T", "H", "C", "P", "A"]] = {}


class Removal(FileModel):
    """Pieces leaving the game for good in Phase D.7 (§10.4's "retreats"): on ``turn`` (every
    turn when None), only when the citadel is ``citadel``'s (when set)."""

    turn: int | None = None
    citadel: SIDE | None = None
    leaders: Items[Text] = ()
    units: Items[Text] = ()
    strategem: int | None = None


class TownsVp(FileModel):
    side: SIDE
    towns: Items[Text]
    vp: int


class ScenarioFile(FileModel):
    """A scenario (§10)."""

    id: Text
    title: Text
    first_turn: Annotated[int, between(0, 9, "§2 D.7")]
    last_turn: Annotated[int, between(0, 9, "§2 D.7")]
    advantage: SIDE
    main_map: bool
    garrisons: dict[str, SIDE]
    citadel: SIDE
    deploy: Items[Group] = ()
    reinforcements: Items[Group] = ()
    optional: Items[Group] = ()
    s15_once: bool = False
    fixed_vp: dict[str, int] = {}
    both_towns_vp: TownsVp | None = None
    removals: Items[Removal] = ()
    source: Source
