"""Data files as typed models: the one layer through which every file the project reads passes.

A file is read in three steps, whatever the game or the kind of file:

1. **plain data**: YAML through :mod:`hellenes_nb.core.safeyaml` (no anchors, aliases, tags,
   repeated keys, deep nesting or oversized files), CSV tables through :func:`read_csv`
   (a regular UTF-8 file of bounded size, every row with the header's cells);
2. **a typed model** (pydantic v2, :class:`FileModel`): strict types ("3" is not 3, ``yes``
   is not ``true``), no field the format does not name, and each model's own checks;
3. **problems in plain words**: every problem found, not just the first, each a
   :class:`Problem` naming the file, the place in it and what is wrong::

       lessons/pylos-425.yaml: step 3 'The landing' › do item 2: needs a 'side' ...

The saves (:mod:`hellenes_nb.core.savejson`) word their refusals with the same
:func:`plain`. A game's data (``games/<game>/world``), the lessons and the tutorial's task
files each describe their format as models built on :class:`FileModel` and read them with
:func:`validate`; what a model cannot see (references between files, facts the rules imply)
is checked afterwards by the game's own checker.
"""

from __future__ import annotations

import csv
import functools
import io
import types
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, TypeVar, Union, get_args, get_origin

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    TypeAdapter,
    ValidationError,
    ValidationInfo,
    model_validator,
)

from hellenes_nb.core.safeyaml import FileProblem, read_text_file, read_yaml_file

__all__ = ["FileError", "FileModel", "ItemFile", "Items", "Loc", "Problem", "Text", "between",
           "by_record", "known", "option_problems", "place", "plain",
           "problems", "read_csv", "read_yaml", "short", "validate"]

T = TypeVar("T")
Loc = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file: the file, where in it (empty: the whole file), and what."""

    file: str
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.where}: {self.message}" if self.where else \
            f"{self.file}: {self.message}"


class FileError(ValueError):
    """A file (or a set of files) cannot be used; ``problems`` lists every problem found."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class FileModel(BaseModel):
    """A record of a data file: strict types, no unknown field, immutable once read. A field
    written as ``null`` (or left empty: ``do:``) counts as left out: it takes its default, or is
    missing if it has none."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    @model_validator(mode="before")
    @classmethod
    def _null_is_left_out(cls, data: Any) -> Any:
        if isinstance(data, dict) and any(v is None for v in data.values()):
            return {k: v for k, v in data.items() if v is not None}
        return data


def _as_tuple(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def _as_text(value: Any) -> Any:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    return value


#: a YAML list, kept as a tuple (each item still checked strictly)
Items = Annotated[tuple[T, ...], BeforeValidator(_as_tuple)]
#: text; a number written without quotes (``id: 431``, ``section: 6.3``) is read as written
Text = Annotated[str, BeforeValidator(_as_text)]


def between(lo: int, hi: int, rule: str = "") -> AfterValidator:
    """A whole number from ``lo`` to ``hi``; the refusal cites ``rule``."""
    def check(value: int) -> int:
        if not lo <= value <= hi:
            raise ValueError(f"should be from {lo} to {hi}{f' ({rule})' if rule else ''}, "
                             f"not {value}")
        return value
    return AfterValidator(check)


def option_problems(options: Iterable[Any]) -> list[str]:
    """What is wrong with the options of a lesson's decision point (each has ``id`` and
    ``historical``): an id used twice, fewer than two options, not exactly one historical."""
    options = list(options)
    ids = [o.id for o in options]
    wrong = [f"option id {i!r} is used twice" for i in sorted(set(ids)) if ids.count(i) > 1]
    if len(options) < 2:
        wrong.append("a decision needs at least two options")
    if sum(o.historical for o in options) != 1:
        wrong.append("exactly one option must be marked 'historical: true'")
    return wrong


def known(table: str, file: str) -> AfterValidator:
    """An id of ``table``, another file read before: the validation context's ``table`` is the
    set of its ids (unchecked when it is absent, as when that file could not be read, so that
    one broken file does not bring a cascade of problems in the files that name its ids)."""
    def check(value: Any, info: ValidationInfo) -> Any:
        ids = (info.context or {}).get(table)
        if ids is not None and value is not None and value not in ids:
            raise ValueError(f"{value!r} is not in {file}")
        return value
    return AfterValidator(check)


# -- plain words -------------------------------------------------------------------------------
_PLAIN = {
    "missing": "this entry is missing",
    "int_type": "should be a whole number",
    "string_type": "should be text",
    "bool_type": "should be true or false",
    "float_type": "should be a number",
    "list_type": "should be a list",
    "tuple_type": "should be a list",
    "dict_type": "should be a mapping of named entries",
    "model_type": "should be a mapping of named entries",
    "model_attributes_type": "should be a mapping of named entries",
}
#: savejson's words for its objects (kept as they were: a save is JSON, whose mappings are
#: called objects)
_JSON_WORDS = {"dict_type": "should be an object of named entries",
               "model_type": "should be an object of named entries"}


def short(value: Any) -> str:
    """``repr(value)`` cut to 40 characters: what a problem quotes of the file."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def plain(err: dict[str, Any], *, unknown: str = "this entry is not expected here",
          json: bool = False, found: bool = True) -> str:
    """Plain words for one pydantic error (``ValidationError.errors()``): what is wrong,
    and (``found``) what was found. ``unknown`` words an entry the format does not name."""
    kind = err["type"]
    seen = short(err.get("input"))
    ctx = err.get("ctx") or {}
    if kind in ("value_error", "assertion_error"):
        return str(ctx["error"])
    if kind == "extra_forbidden":
        return unknown
    if kind == "missing":
        return _PLAIN[kind]
    words = (_JSON_WORDS if json else {}).get(kind) or _PLAIN.get(kind)
    tail = f", not {seen}" if found else ""
    if words:
        return words + tail
    if kind in ("less_than_equal", "less_than"):
        return f"{seen} is more than the highest allowed, {ctx.get('le', ctx.get('lt'))}"
    if kind in ("greater_than_equal", "greater_than"):
        return f"{seen} is less than the lowest allowed, {ctx.get('ge', ctx.get('gt'))}"
    if kind == "literal_error":
        return f"should be {ctx.get('expected')}{tail}"
    if kind == "too_long":
        return f"holds {ctx.get('actual_length')} entries, more than the {ctx.get('max_length')} " \
               + ("a saved game may have" if json else "allowed")
    if kind == "too_short":
        return f"holds {ctx.get('actual_length')} entries, fewer than the " \
               f"{ctx.get('min_length')} needed"
    return f"{err['msg'][:1].lower()}{err['msg'][1:]} (found {seen})"


def place(loc: Loc) -> str:
    """A place in a file, in words: keys joined by ' › ', list positions counted from 1
    (``('steps', 2, 'do', 0)`` → ``steps item 3 › do item 1``)."""
    words: list[str] = []
    for part in loc:
        if isinstance(part, int):
            item = f"item {part + 1}"
            words[-1:] = [f"{words[-1]} {item}" if words else item]
        else:
            words.append(str(part))
    return " › ".join(words)


def by_record(key: str | None = None, word: str = "record #") -> Callable[[Loc, Any], str]:
    """Names places in a file that is a list of records: by the record's ``key`` when it has
    one (``id 'attica' › city``), else by its position (``record #3``, ``entry 3``)."""
    def where(loc: Loc, data: Any) -> str:
        if not loc or not isinstance(loc[0], int):
            return place(loc)
        raw = data[loc[0]] if isinstance(data, list) and loc[0] < len(data) else None
        name = f"{key} {raw[key]!r}" if key and isinstance(raw, dict) \
            and raw.get(key) is not None else f"{word}{loc[0] + 1}"
        return " › ".join([name, place(loc[1:])]) if len(loc) > 1 else name
    return where


def _unwrap(tp: Any) -> Any:
    while get_origin(tp) is Annotated:
        tp = get_args(tp)[0]
    if get_origin(tp) in (Union, types.UnionType):
        inner = [a for a in get_args(tp) if a is not type(None)]
        tp = inner[0] if len(inner) == 1 else tp
    while get_origin(tp) is Annotated:
        tp = get_args(tp)[0]
    return tp


def _fields_at(root: Any, loc: Loc) -> list[str] | None:
    """The field names of the model at ``loc`` below ``root`` (None when it is not one)."""
    tp = _unwrap(root)
    for part in loc:
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            field = tp.model_fields.get(str(part))
            tp = field.annotation if field is not None else None
        elif get_origin(tp) in (list, tuple) and isinstance(part, int):
            tp = get_args(tp)[0]
        elif get_origin(tp) is dict:
            tp = get_args(tp)[1]
        else:
            return None
        tp = _unwrap(tp)
    if isinstance(tp, type) and issubclass(tp, BaseModel):  # as a file writes them (aliases)
        return sorted(f.alias or name for name, f in tp.model_fields.items())
    return None


def problems(exc: ValidationError, file: str, model: Any = None, data: Any = None,
             where: Callable[[Loc, Any], str] | None = None) -> list[Problem]:
    """Every error of ``exc`` as a :class:`Problem` of ``file``. ``where(loc, data)`` names
    a place (default :func:`place`); ``model`` is the type validated, to list the fields
    allowed where an unknown one was found."""
    name = where or (lambda loc, _data: place(loc))
    out = []
    for err in exc.errors(include_url=False):
        loc, kind = tuple(err["loc"]), err["type"]
        if kind == "missing" and loc:
            loc, message = loc[:-1], f"missing the required field {loc[-1]!r}"
        elif kind == "extra_forbidden" and loc:
            allowed = _fields_at(model, loc[:-1]) if model is not None else None
            message = f"unknown field {loc[-1]!r}" + \
                (f" (allowed here: {', '.join(allowed)})" if allowed else "")
            loc = loc[:-1]
        elif loc and loc[-1] == "[key]":
            loc, key = loc[:-2], loc[-2]
            message = f"the key {short(key)} is not allowed: {plain(err, found=False)}"
        else:
            message = plain(err)
        out.append(Problem(file, name(loc, data), message))
    return out


def validate(model: Any, data: Any, file: str, *, where: Callable[[Loc, Any], str] | None = None,
             context: dict[str, Any] | None = None) -> tuple[Any, list[Problem]]:
    """``data`` as ``model`` (a model class or any type pydantic reads): (the value or None,
    every problem found)."""
    try:
        return _adapter(model).validate_python(data, context=context), []
    except ValidationError as exc:
        return None, problems(exc, file, model, data, where)


@functools.cache
def _adapter(model: Any) -> TypeAdapter:
    return TypeAdapter(model)


# -- reading files ---------------------------------------------------------------------------
def _line_problem(exc: FileProblem) -> Problem:
    return Problem(exc.file, f"line {exc.line}" if exc.line is not None else "", exc.message)


def read_yaml(path: Path | str, name: str | None = None,
              refused: Callable[[FileProblem], Problem] = _line_problem
              ) -> tuple[Any, list[Problem]]:
    """The plain data of a YAML file, read by :mod:`hellenes_nb.core.safeyaml`: (data or
    None, problems). ``refused`` words a refusal (default: naming its line)."""
    try:
        return read_yaml_file(path, name), []
    except FileProblem as exc:
        return None, [refused(exc)]


def read_csv(path: Path | str, name: str | None = None
             ) -> tuple[list[str], list[tuple[int, dict[str, str]]], list[Problem]]:
    """A CSV table read as the YAML files are (a regular UTF-8 file of bounded size): its
    column names, its rows with their line numbers and the cells stripped, and problems (a
    row without the header's cells, text that is not CSV)."""
    name = str(path) if name is None else name
    try:
        text = read_text_file(path, name)
    except FileProblem as exc:
        return [], [], [_line_problem(exc)]
    reader = csv.DictReader(io.StringIO(text, newline=""))
    try:
        rows = list(enumerate(reader, start=2))
    except csv.Error as exc:
        return [], [], [Problem(name, f"line {reader.line_num}", f"not valid CSV: {exc}")]
    fields = list(reader.fieldnames or ())
    out, found = [], []
    for line, row in rows:
        if None in row or None in row.values():
            found.append(Problem(name, f"line {line}",
                                 f"the row does not have the {len(fields)} cells of the header"))
        else:
            out.append((line, {k: v.strip() for k, v in row.items()}))
    return fields, out, found


@dataclass(frozen=True)
class ItemFile:
    """A YAML file whose main list names its items (a lesson's ``steps``, a tutorial chapter's
    ``tasks``): its problems name the item by number and title (``step 3 'Title' › do item
    2``), whether the YAML reader refused the file or the model did."""

    model: Any  # the file's model (a FileModel with a private ``_path``)
    key: str  # the list of items: "steps", "tasks"
    word: str  # what an item is called: "step", "task"
    renamed: tuple[tuple[str, str], ...] = ()  # field names shown otherwise ("not_" as "not")

    def name(self, number: int, title: Any) -> str:
        return f"{self.word} {number}" + (f" {title!r}" if isinstance(title, str) and title else "")

    def where(self, loc: Loc, data: Any) -> str:
        """Name a place: the item and the path inside it, else the path."""
        if len(loc) >= 2 and loc[0] == self.key and isinstance(loc[1], int):
            items = data.get(self.key) if isinstance(data, dict) else None
            raw = items[loc[1]] if isinstance(items, list) and loc[1] < len(items) else None
            head = self.name(loc[1] + 1, raw.get("title") if isinstance(raw, dict) else None)
            names = dict(self.renamed)
            rest = tuple(names.get(p, p) if isinstance(p, str) else p for p in loc[2:])
            return " › ".join([head, place(rest)]) if rest else head
        return place(loc)

    def refused(self, exc: FileProblem) -> Problem:
        """A file the YAML reader refused, named by item when the refusal is inside one."""
        path = exc.path
        if len(path) >= 2 and path[0] == self.key and isinstance(path[1], int):
            where = self.name(path[1] + 1, exc.titles[1])
        else:
            where = ".".join(str(p) for p in path[:4]) + (".…" if len(path) > 4 else "")
        line = f"line {exc.line}: " if exc.line is not None else ""
        return Problem(exc.file, where, line + exc.message)

    def read(self, path: Path | str) -> tuple[Any, list[Problem]]:
        """The file as plain data: (data or None, problems)."""
        data, found = read_yaml(path, str(path), self.refused)
        if not found and data is None:
            found = [Problem(str(path), "", "the file is empty")]
        return data, found

    def parse(self, data: Any, file: str) -> tuple[Any, list[Problem]]:
        """Check the shape of ``data`` (from :meth:`read`) and type it."""
        spec, found = validate(self.model, data, file, where=self.where)
        if spec is not None:
            spec._path = file
        return spec, found

    def load(self, path: Path | str, error: type[FileError]) -> Any:
        """Read and type the file (``error`` listing every problem)."""
        data, found = self.read(path)
        spec, found = self.parse(data, str(path)) if not found else (None, found)
        if spec is None:
            raise error(found)
        return spec
