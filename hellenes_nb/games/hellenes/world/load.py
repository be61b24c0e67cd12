"""Read the data files under data/hellenes/ into typed records.

YAML files are read by :mod:`hellenes_nb.core.safeyaml` (plain data only: no anchors, aliases, tags
or merge keys, capped in size and depth) and the tables with ``csv``: nothing in them is ever
executed. A malformed record raises :class:`DataError` naming the file, the record and the problem.
"""

from __future__ import annotations

import csv
import functools
import io
from pathlib import Path
from typing import Any

from hellenes_nb.core.safeyaml import FileProblem, read_text_file, read_yaml_file
from hellenes_nb.games.hellenes.world.records import (
    BORDER_TYPES,
    CARD_BORDERS,
    CARD_SIDES,
    LOYALTIES,
    REGIONS,
    SIDES,
    UNIT_TYPES,
    Area,
    Border,
    Card,
    City,
    EventDef,
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
    World,
    frozen_map,
)


class DataError(ValueError):
    """A data file is malformed: the message names the file, the record and the problem."""

    def __init__(self, file: str, record: str, problem: str):
        self.file, self.record, self.problem = file, record, problem
        super().__init__(f"{file}: {record}: {problem}")


def data_dir() -> Path:
    """The folder holding the Hellenes data files (inside a wheel, or the source checkout)."""
    here = Path(__file__).resolve().parents[3]  # the hellenes_nb package
    for candidate in (here / "_data" / "hellenes", here.parent / "data" / "hellenes"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("cannot find the data/hellenes folder next to the hellenes_nb package")


class _Reader:
    """Field access for one record, raising DataError with context."""

    def __init__(self, file: str, record: str, raw: Any, allowed: set[str] | None = None):
        if not isinstance(raw, dict):
            raise DataError(file, record, f"expected a mapping of fields, got {type(raw).__name__}")
        self.file, self.record, self.raw = file, record, raw
        if allowed is not None:
            unknown = sorted(set(raw) - allowed)
            if unknown:
                raise DataError(file, record, f"unknown field(s) {', '.join(unknown)}")

    def fail(self, problem: str) -> DataError:
        return DataError(self.file, self.record, problem)

    def get(self, name: str, kind: type | tuple, default: Any = ..., choices=None) -> Any:
        if name not in self.raw or self.raw[name] is None:
            if default is ...:
                raise self.fail(f"missing required field {name!r}")
            return default
        value = self.raw[name]
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if kind is int and isinstance(value, bool):
            raise self.fail(f"field {name!r} must be a whole number, got {value!r}")
        if not isinstance(value, kind):
            want = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
            raise self.fail(f"field {name!r} must be {want}, got {value!r}")
        if choices is not None and value not in choices:
            raise self.fail(f"field {name!r} is {value!r}; it must be one of {', '.join(choices)}")
        return value

    def latlon(self, name: str, default: Any = ...) -> tuple[float, float]:
        value = self.get(name, list, default)
        if value is None:
            return None
        if len(value) != 2 or not all(isinstance(v, int | float) for v in value):
            raise self.fail(f"field {name!r} must be [lat, lon], got {value!r}")
        lat, lon = float(value[0]), float(value[1])
        if not (30 <= lat <= 45 and 10 <= lon <= 35):
            raise self.fail(
                f"field {name!r} = [{lat}, {lon}] lies outside the map (30–45 N, 10–35 E)"
            )
        return (lat, lon)

    def strs(self, name: str) -> tuple[str, ...]:
        value = self.get(name, list, [])
        if not all(isinstance(v, str) for v in value):
            raise self.fail(f"field {name!r} must be a list of ids, got {value!r}")
        return tuple(value)


def _yaml_list(path: Path) -> list:
    data = _read_yaml(path)
    if not isinstance(data, list):
        raise DataError(path.name, "file", "expected a list of records at the top level")
    return data


def _as_data_error(exc: FileProblem) -> DataError:
    return DataError(exc.file, f"line {exc.line}" if exc.line is not None else "file",
                     exc.message)


def _read_yaml(path: Path) -> Any:
    try:
        return read_yaml_file(path, path.name)
    except FileProblem as exc:
        raise _as_data_error(exc) from None


def _csv_rows(d: Path, name: str) -> tuple[list[str], list[tuple[int, dict[str, str]]]]:
    """The column names of the table ``name`` and its rows with their line numbers, each row
    with exactly the header's cells. Read as the YAML files are: a regular UTF-8 file of bounded
    size (:func:`hellenes_nb.core.safeyaml.read_text_file`)."""
    try:
        text = read_text_file(d / name, name)
    except FileProblem as exc:
        raise _as_data_error(exc) from None
    reader = csv.DictReader(io.StringIO(text, newline=""))
    try:
        rows = list(enumerate(reader, start=2))
    except csv.Error as exc:
        raise DataError(name, f"line {reader.line_num}", f"not valid CSV: {exc}") from None
    fields = list(reader.fieldnames or ())
    for line, row in rows:
        if None in row or None in row.values():
            raise DataError(name, f"line {line}", f"the row does not have the {len(fields)} "
                                                  "cells of the header")
    return fields, rows


def _rid(file: str, i: int, raw: Any, key: str = "id") -> str:
    if isinstance(raw, dict) and raw.get(key) is not None:
        return f"{key} {raw[key]!r}"
    return f"record #{i + 1}"


def _check_unique(file: str, ids: list) -> None:
    seen = set()
    for x in ids:
        if x in seen:
            raise DataError(file, f"id {x!r}", "this id appears more than once")
        seen.add(x)


def _load_simple(d: Path, name: str, fields: set[str], build) -> dict:
    out = {}
    for i, raw in enumerate(_yaml_list(d / name)):
        r = _Reader(name, _rid(name, i, raw), raw, fields)
        rec = build(r)
        key = rec.id if hasattr(rec, "id") else rec.key
        if key in out:
            raise DataError(name, r.record, "this id appears more than once")
        out[key] = rec
    return out


def _nationality(r: _Reader) -> Nationality:
    return Nationality(
        id=r.get("id", str),
        name=r.get("name", str),
        colour=r.get("colour", str),
        loyalty=r.get("loyalty", str, choices=LOYALTIES),
        kind=r.get("kind", str),
        source=r.get("source", str),
    )


def _nation(r: _Reader) -> Nation:
    return Nation(id=r.get("id", str), name=r.get("name", str), source=r.get("source", str))


_CITY_FIELDS = {
    "name",
    "value",
    "port",
    "offshore_sea",
    "nationality",
    "loyalty",
    "subject_region",
    "at",
    "notes",
    "source",
}
_AREA_FIELDS = {
    "id",
    "name",
    "nation",
    "region",
    "island",
    "label",
    "city",
    "town",
    "extra_coasts",
    "neutral_in",
    "source",
    "notes",
}


def _area(r: _Reader) -> Area:
    city = town = None
    if r.raw.get("city") is not None:
        c = _Reader(r.file, f"{r.record} city", r.raw["city"], _CITY_FIELDS)
        value = c.get("value", int)
        if not 1 <= value <= 9:
            raise c.fail(f"city value must be 1–9, got {value}")
        port = c.get("port", bool)
        city = City(
            name=c.get("name", str),
            value=value,
            port=port,
            offshore_sea=c.get("offshore_sea", str, None),
            nationality=c.get("nationality", str),
            loyalty=c.get("loyalty", str, choices=LOYALTIES),
            subject_region=c.get("subject_region", str, None),
            at=c.latlon("at", r.latlon("label")),
        )
        if port and not city.offshore_sea:
            raise c.fail("a port must name its single offshore sea (§1.3)")
        if not port and city.offshore_sea:
            raise c.fail("only ports have an offshore sea (§1.3); set port: true or drop it")
    if r.raw.get("town") is not None:
        t = _Reader(r.file, f"{r.record} town", r.raw["town"], {"name", "nationality", "at"})
        town = Town(
            name=t.get("name", str),
            nationality=t.get("nationality", str),
            at=t.latlon("at", r.latlon("label")),
        )
    if city and town:
        raise r.fail("an area holds a city or a town, not both")
    return Area(
        id=r.get("id", str),
        name=r.get("name", str),
        nation=r.get("nation", str),
        region=r.get("region", str, choices=REGIONS),
        island=r.get("island", bool, False),
        label=r.latlon("label"),
        city=city,
        town=town,
        extra_coasts=r.strs("extra_coasts"),
        neutral_in=tuple(str(s) for s in r.get("neutral_in", list, [])),
        source=r.get("source", str),
        notes=r.get("notes", str, ""),
    )


def _sea(r: _Reader) -> Sea:
    return Sea(
        id=r.get("id", str),
        name=r.get("name", str),
        region=r.get("region", str, choices=REGIONS),
        label=r.latlon("label"),
        grain_route=r.get("grain_route", bool, False),
        source=r.get("source", str),
        notes=r.get("notes", str, ""),
    )


def _subject_region(r: _Reader) -> SubjectRegion:
    return SubjectRegion(
        id=r.get("id", str),
        name=r.get("name", str),
        cities=r.strs("cities"),
        can_revolt=r.get("can_revolt", bool, True),
        is_subject_region=r.get("is_subject_region", bool, True),
        source=r.get("source", str),
    )


def _borders(d: Path) -> tuple[Border, ...]:
    name = "borders.csv"
    fields, rows = _csv_rows(d, name)
    if not {"a", "b", "type", "source"} <= set(fields):
        raise DataError(name, "header", "columns must include a,b,type,source")
    out, seen = [], set()
    for line, row in rows:
        rec = f"line {line} ({row['a']}–{row['b']})"
        a, b, kind = row["a"].strip(), row["b"].strip(), row["type"].strip()
        if kind not in BORDER_TYPES:
            raise DataError(
                name, rec, f"type {kind!r} must be one of {', '.join(BORDER_TYPES)}"
            )
        if a == b:
            raise DataError(name, rec, "an area cannot border itself")
        pair = tuple(sorted((a, b)))
        if pair in seen:
            raise DataError(name, rec, "this pair of areas is listed twice")
        seen.add(pair)
        out.append(Border(a=pair[0], b=pair[1], type=kind, source=row["source"].strip()))
    return tuple(out)


def _rating(r: _Reader, text: str, what: str, letters: str) -> Rating:
    if len(text) != 2 or text[0] not in letters or text[1] not in "123":
        raise r.fail(
            f"{what} {text!r} must be an agility letter ({letters}) and power 1–3, e.g. B2"
        )
    return Rating(text[0], int(text[1]))


def _units(d: Path) -> dict:
    name = "units.csv"
    out = {}
    for line, row in _csv_rows(d, name)[1]:
        rec = f"line {line} ({row.get('side')} #{row.get('id')})"
        r = _Reader(
            name, rec, {k: (v.strip() if isinstance(v, str) else v) for k, v in row.items()}
        )

        def num(field: str, lo: int, hi: int, r=r) -> int:
            text = r.get(field, str)
            if not text.isdigit() or not lo <= int(text) <= hi:
                raise r.fail(f"{field} must be a whole number {lo}–{hi}, got {text!r}")
            return int(text)

        def flag(field: str, r=r) -> bool:
            text = r.get(field, str, "false").lower()
            if text not in ("true", "false", ""):
                raise r.fail(f"{field} must be true or false, got {text!r}")
            return text == "true"

        sea = r.get("sea_rating", str, "")
        unit = Unit(
            side=r.get("side", str, choices=SIDES),
            id=num("id", 1, 60),
            name=r.get("name", str),
            nationality=r.get("nationality", str),
            type=r.get("type", str, choices=UNIT_TYPES),
            max_cv=num("max_cv", 1, 4),
            rating=_rating(r, r.get("rating", str), "rating", "ABCD"),
            sea_rating=_rating(r, sea, "sea_rating", "EF") if sea else None,
            move=num("move", 1, 6),
            elite=flag("elite"),
            home=tuple(x for x in r.get("home", str, "").split(";") if x),
            scenarios=tuple(x for x in r.get("scenarios", str, "").split(";") if x),
            availability=r.get("availability", str, ""),
            source=r.get("source", str),
        )
        if unit.is_fleet != (unit.sea_rating is not None):
            raise r.fail("fleets (and only fleets) have a sea rating E/F (§2.26, §6.5)")
        if (unit.side, unit.id) in out:
            raise r.fail("this side already has a unit with that id")
        out[(unit.side, unit.id)] = unit
    return out


_CARD_FIELDS = {
    "number",
    "title",
    "border",
    "actions",
    "event",
    "side",
    "continuing",
    "new_year_ok",
    "condition",
    "params",
    "leader_value",
    "text",
    "source",
}


def _card(r: _Reader) -> Card:
    number, actions = r.get("number", int), r.get("actions", int)
    if not 1 <= number <= 55:
        raise r.fail(f"card number must be 1–55, got {number}")
    if not 1 <= actions <= 3:
        raise r.fail(f"action value must be 1–3 (§3.2), got {actions}")
    return Card(
        number=number,
        title=r.get("title", str),
        border=r.get("border", str, choices=CARD_BORDERS),
        actions=actions,
        event=r.get("event", str),
        side=r.get("side", str, choices=CARD_SIDES),
        continuing=r.get("continuing", bool, False),
        new_year_ok=r.get("new_year_ok", bool, True),
        condition=r.get("condition", str, ""),
        params=frozen_map(r.get("params", dict, {})),
        leader_value=r.get("leader_value", int, None),
        text=r.get("text", str),
        source=r.get("source", str),
    )


def _cards(d: Path) -> dict:
    out = {}
    for i, raw in enumerate(_yaml_list(d / "cards.yaml")):
        card = _card(_Reader("cards.yaml", _rid("cards.yaml", i, raw, "number"), raw, _CARD_FIELDS))
        if card.number in out:
            raise DataError("cards.yaml", f"number {card.number}", "two cards share this number")
        out[card.number] = card
    return out


def _event(r: _Reader) -> EventDef:
    return EventDef(
        key=r.get("key", str),
        name=r.get("name", str),
        section=str(r.get("section", (str, float, int))),
        continuing=r.get("continuing", bool, False),
        summary=r.get("summary", str),
    )


def _special_rule(r: _Reader) -> SpecialRule:
    return SpecialRule(
        key=r.get("key", str),
        section=str(r.get("section", (str, float, int))),
        summary=r.get("summary", str),
    )


_SCENARIO_FIELDS = {
    "id",
    "name",
    "years",
    "cards",
    "unit_ids",
    "neutral",
    "prestige",
    "leaders",
    "captured",
    "setup",
    "garrisons",
    "rules",
    "source",
    "notes",
    "description",
    "sicily_units",
    "set_aside",
}
_SETUP_FIELDS = {"unit", "area", "cv", "besieged", "besieging", "expedition", "note"}


def _pair(r: _Reader, name: str, descending: bool = False) -> tuple[int, int]:
    """A [first, last] pair; years BC count down, so they are descending."""
    value = r.get(name, list)
    shape_ok = len(value) == 2 and all(isinstance(v, int) for v in value)
    if not shape_ok or (value[0] < value[1] if descending else value[0] > value[1]):
        order = "first year BC, last year BC (e.g. [431, 422])" if descending else "first, last"
        raise r.fail(f"field {name!r} must be [{order}], got {value!r}")
    return (value[0], value[1])


def _scenario(path: Path) -> Scenario:
    raw = _read_yaml(path)
    r = _Reader(path.name, _rid(path.name, 0, raw), raw, _SCENARIO_FIELDS)
    ids = r.get("unit_ids", list)
    ranges = [ids] if ids and isinstance(ids[0], int) else ids
    if not ranges or not all(isinstance(x, list) and len(x) == 2 for x in ranges):
        raise r.fail(f"unit_ids must be [first, last] or a list of such ranges, got {ids!r}")
    prestige_raw = r.get("prestige", dict, {})
    bad = set(prestige_raw) - set(SIDES)
    if bad or len([v for v in prestige_raw.values() if v]) > 1:
        raise r.fail("prestige must name at most one side, e.g. {athens: 3} (one track, §14.1)")
    prestige = prestige_raw.get("athens", 0) - prestige_raw.get("sparta", 0)
    setup = []
    sides_setup = r.get("setup", dict)
    for side, entries in sides_setup.items():
        if side not in SIDES:
            raise r.fail(f"setup side {side!r} must be athens or sparta")
        for j, e in enumerate(entries or []):
            er = _Reader(path.name, f"{r.record} setup.{side}[{j}]", e, _SETUP_FIELDS)
            cv = er.get("cv", int)
            setup.append(
                SetupEntry(
                    side=side,
                    unit=er.get("unit", int),
                    area=er.get("area", str),
                    cv=cv,
                    besieged=er.get("besieged", bool, False),
                    besieging=er.get("besieging", bool, False),
                    expedition=er.get("expedition", int, None),
                    note=er.get("note", str, ""),
                )
            )

    def side_lists(name: str) -> Any:
        value = r.get(name, dict, {})
        if set(value) - set(SIDES):
            raise r.fail(f"{name} keys must be athens/sparta, got {sorted(value)}")
        return frozen_map({s: list(v or []) for s, v in value.items()})

    extra = {k: raw[k] for k in ("notes", "description", "sicily_units", "set_aside") if k in raw}
    return Scenario(
        id=str(r.get("id", (str, int))),
        name=r.get("name", str),
        years=_pair(r, "years", descending=True),
        cards=_pair(r, "cards"),
        unit_ids=tuple(tuple(x) for x in ranges),
        neutral=r.strs("neutral"),
        prestige=prestige,
        leaders=frozen_map(r.get("leaders", dict)),
        captured=side_lists("captured"),
        setup=tuple(setup),
        garrisons=side_lists("garrisons"),
        rules=r.strs("rules"),
        source=r.get("source", str),
        extra=frozen_map(extra),
    )


def _adjacency(borders: tuple[Border, ...]) -> dict:
    adj: dict[str, list] = {}
    for b in borders:
        adj.setdefault(b.a, []).append((b.b, b.type))
        adj.setdefault(b.b, []).append((b.a, b.type))
    return frozen_map({k: tuple(sorted(v)) for k, v in adj.items()})


def read_world(folder: Path | str | None = None) -> World:
    """Parse every data file in ``folder`` (default: the packaged data) into a :class:`World`."""
    d = Path(folder) if folder is not None else data_dir()
    borders = _borders(d)
    scenarios = {}
    for path in sorted((d / "scenarios").glob("*.yaml")):
        sc = _scenario(path)
        if sc.id != path.stem:
            raise DataError(
                path.name, f"id {sc.id!r}", f"the id must match the file name {path.stem!r}"
            )
        scenarios[sc.id] = sc
    return World(
        nationalities=frozen_map(
            _load_simple(
                d,
                "nationalities.yaml",
                {"id", "name", "colour", "loyalty", "kind", "source"},
                _nationality,
            )
        ),
        nations=frozen_map(_load_simple(d, "nations.yaml", {"id", "name", "source"}, _nation)),
        areas=frozen_map(_load_simple(d, "areas.yaml", _AREA_FIELDS, _area)),
        seas=frozen_map(
            _load_simple(
                d,
                "seas.yaml",
                {"id", "name", "region", "label", "grain_route", "source", "notes"},
                _sea,
            )
        ),
        borders=borders,
        subject_regions=frozen_map(
            _load_simple(
                d,
                "subject_regions.yaml",
                {"id", "name", "cities", "can_revolt", "is_subject_region", "source"},
                _subject_region,
            )
        ),
        units=frozen_map(_units(d)),
        cards=frozen_map(_cards(d)),
        events=frozen_map(
            _load_simple(
                d, "events.yaml", {"key", "name", "section", "continuing", "summary"}, _event
            )
        ),
        special_rules=frozen_map(
            _load_simple(d, "special_rules.yaml", {"key", "section", "summary"}, _special_rule)
        ),
        scenarios=frozen_map(scenarios),
        adjacency=_adjacency(borders),
    )


@functools.lru_cache(maxsize=1)
def load_world() -> World:
    """The packaged world, loaded once per process and shared (records are immutable)."""
    return read_world()
