"""Read the data files under data/hellenes/ into the engine's records.

Each file goes through the shared file layer (:mod:`hellenes_nb.core.models`): plain data only
(YAML without anchors, aliases, tags or merge keys; CSV of bounded size), then the models of
:mod:`.files`. The files are read in the order of their references (nations before the areas
that name them, events before the cards...), each with the ids read so far as context, and every
problem of every file is collected: :class:`DataError` lists them all, each naming the file,
the record and the problem.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hellenes_nb.core.models import (
    FileError,
    Loc,
    Problem,
    by_record,
    place,
    read_csv,
    read_yaml,
    validate,
)
from hellenes_nb.games.hellenes.world.files import (
    AreaFile,
    BorderRow,
    CardFile,
    EventFile,
    NationalityFile,
    NationFile,
    ScenarioFile,
    SeaFile,
    SpecialRuleFile,
    SubjectRegionFile,
    UnitRow,
)
from hellenes_nb.games.hellenes.world.records import Border, World, frozen_map


class DataError(FileError):
    """The data files cannot be read: ``problems`` lists every problem found, each naming the
    file, the record and what is wrong."""


def data_dir() -> Path:
    """The folder holding the Hellenes data files (inside a wheel, or the source checkout)."""
    here = Path(__file__).resolve().parents[3]  # the hellenes_nb package
    for candidate in (here / "_data" / "hellenes", here.parent / "data" / "hellenes"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("cannot find the data/hellenes folder next to the hellenes_nb package")


def _prefixed(prefix: str) -> Callable[[Loc, Any], str]:
    return lambda loc, _data: " › ".join(x for x in (prefix, place(loc)) if x)


class _Reader:
    """Reads the files of one folder, collecting problems and the ids each file declares."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.problems: list[Problem] = []
        #: the ids of each table read so far (see :func:`hellenes_nb.core.models.known`)
        self.context: dict[str, Any] = {}

    def _unique(self, name: str, records: list, key: Callable[[Any], Any], word: str,
                where: Callable[[Any], str]) -> dict:
        out: dict = {}
        for rec in records:
            k = key(rec)
            if k in out:
                self.problems.append(Problem(name, where(rec), word))
            out[k] = rec
        return out

    def table(self, name: str, model: type, key: str = "id") -> dict | None:
        """A YAML list of records by ``key`` (None, with its problems noted, if it fails)."""
        data, found = read_yaml(self.folder / name, name)
        if not found and not isinstance(data, list):
            found = [Problem(name, "", "expected a list of records at the top level")]
        if not found:
            records, found = validate(list[model], data, name, where=by_record(key),
                                      context=self.context)
        self.problems += found
        if found:
            return None
        return self._unique(name, records, lambda r: getattr(r, key),
                            "this id appears more than once",
                            lambda r: f"{key} {getattr(r, key)!r}")

    def rows(self, name: str, model: type, columns: tuple[str, ...],
             label: Callable[[dict[str, str]], str]) -> list | None:
        """The rows of a CSV table as ``model`` (None, with its problems noted, if it fails)."""
        fields, rows, found = read_csv(self.folder / name, name)
        if not found and not set(columns) <= set(fields):
            found = [Problem(name, "header", f"columns must include {','.join(columns)}")]
        out = []
        for line, row in rows if not found else ():
            rec, more = validate(model, row, name, where=_prefixed(f"line {line} ({label(row)})"),
                                 context=self.context)
            found += more
            out.append((line, row, rec))
        self.problems += found
        return None if found else out

    def scenario(self, path: Path) -> ScenarioFile | None:
        name = f"scenarios/{path.name}"
        data, found = read_yaml(path, name)
        if not found:
            sc, found = validate(ScenarioFile, data, name, context=self.context)
        if not found and sc.id != path.stem:
            found = [Problem(name, f"id {sc.id!r}", f"the id must match the file name "
                                                    f"{path.stem!r}")]
        self.problems += found
        return None if found else sc


def _ids(table: dict | None) -> set | None:
    return None if table is None else set(table)


def read_world(folder: Path | str | None = None) -> World:
    """Parse every data file in ``folder`` (default: the packaged data) into a :class:`World`;
    :class:`DataError` listing every problem of every file."""
    r = _Reader(Path(folder) if folder is not None else data_dir())
    tables = {
        "nationalities": r.table("nationalities.yaml", NationalityFile),
        "nations": r.table("nations.yaml", NationFile),
        "seas": r.table("seas.yaml", SeaFile),
        "subject_regions": r.table("subject_regions.yaml", SubjectRegionFile),
        "events": r.table("events.yaml", EventFile, "key"),
        "special_rules": r.table("special_rules.yaml", SpecialRuleFile, "key"),
    }
    r.context.update({k: _ids(v) for k, v in tables.items()})
    if tables["events"] is not None:
        r.context["events"] = {k: e.continuing for k, e in tables["events"].items()}
    areas = tables["areas"] = r.table("areas.yaml", AreaFile)
    if areas is not None:
        cities = [a for a in areas.values() if a.city is not None]
        r._unique("areas.yaml", cities, lambda a: a.city.name,
                  "two areas hold a city with this name", lambda a: f"city {a.city.name!r}")
        r.context["areas"] = set(areas)
        if tables["seas"] is not None:
            r.context["places"] = set(areas) | set(tables["seas"])
    borders = r.rows("borders.csv", BorderRow, ("a", "b", "type", "source"),
                     lambda row: f"{row['a']}–{row['b']}")
    if borders is not None:
        pairs = r._unique("borders.csv", [(line, row, rec.record()) for line, row, rec in borders],
                          lambda x: (x[2].a, x[2].b), "this pair of areas is listed twice",
                          lambda x: f"line {x[0]} ({x[1]['a']}–{x[1]['b']})")
        borders = tuple(x[2] for x in pairs.values())
    units = r.rows("units.csv", UnitRow, ("side", "id"),
                   lambda row: f"{row.get('side')} #{row.get('id')}")
    if units is not None:
        units = r._unique("units.csv", units, lambda x: (x[2].side, x[2].id),
                          "this side already has a unit with that id",
                          lambda x: f"line {x[0]} ({x[1]['side']} #{x[1]['id']})")
    cards = r.table("cards.yaml", CardFile, "number")
    scenarios = [r.scenario(p) for p in sorted((r.folder / "scenarios").glob("*.yaml"))]
    if r.problems:
        raise DataError(r.problems)
    return World(
        **{k: frozen_map({key: rec.record() for key, rec in v.items()})
           for k, v in tables.items()},
        borders=borders,
        units=frozen_map({k: x[2].record() for k, x in units.items()}),
        cards=frozen_map({k: c.record() for k, c in cards.items()}),
        scenarios=frozen_map({sc.id: sc.record() for sc in scenarios}),
        adjacency=_adjacency(borders),
    )


def _adjacency(borders: tuple[Border, ...]) -> Any:
    adj: dict[str, list] = {}
    for b in borders:
        adj.setdefault(b.a, []).append((b.b, b.type))
        adj.setdefault(b.b, []).append((b.a, b.type))
    return frozen_map({k: tuple(sorted(v)) for k, v in adj.items()})


@functools.lru_cache(maxsize=1)
def load_world() -> World:
    """The packaged world, loaded once per process and shared (records are immutable)."""
    return read_world()
