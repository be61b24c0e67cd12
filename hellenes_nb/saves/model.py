"""The save formats as typed models, and reading a save's JSON within limits.

Two formats, both JSON (a save never holds code, and nothing in it is ever executed):

- the **open save** (:class:`OpenSave`, ``"format": "hellenes-nb game"``): the scenario, the
  seed, every move so far and the whole position (``State.to_dict``). Hot-seat games and the
  teacher's ``Game.to_json`` write it.
- the **sealed save** (:class:`SealedSave`, ``"format": "hellenes-nb sealed game"``): a game
  against the computer. It shows only what the human side may see (``game.view(side)``) and
  carries the rest in ``sealed``, a token only the installation that wrote it can open
  (:mod:`hellenes_nb.saves.sealed`); inside it is :class:`SealedContent`.

:func:`parse_json` refuses files that are too large, not UTF-8, not JSON, nested too deeply or
that repeat a key. The models check types, ranges and that every name exists in the world (they
read the :class:`~hellenes_nb.rules.world_index.WorldIndex` from the validation context). Every
refusal is a ``ValueError`` in plain words naming where the problem is (:func:`refusal`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)
from typing_extensions import TypedDict

from ..rules.olympians import GODS
from ..rules.state import LOC_CODES
from ..rules.steps import STEPS
from ..rules.world_index import N_UNITS, SEASONS, WorldIndex

__all__ = [
    "MAX_DEPTH", "MAX_HISTORY", "MAX_SAVE_BYTES", "OPEN_FORMAT", "SAVE_VERSION", "SEALED_FORMAT",
    "OpenSave", "SealedContent", "SealedSave", "first_difference", "parse_json", "refusal",
    "save_kind", "validate_open",
]

OPEN_FORMAT = "hellenes-nb game"
SEALED_FORMAT = "hellenes-nb sealed game"
SAVE_VERSION = 1
#: a save larger than this is refused before it is parsed (a whole 27-year game is ~2 MB)
MAX_SAVE_BYTES = 5_000_000
#: the most moves a save may hold (the longest games measured have a few thousand); replaying
#: this many legal moves takes about a second
MAX_HISTORY = 20_000
#: the deepest nesting of lists and objects a save may have (real saves reach about 8)
MAX_DEPTH = 40
#: prestige beyond this cannot be reached: the game ends at 15 either way (§14.21)
PRESTIGE_LIMIT = 30
#: how many problems one refusal lists
SHOWN_PROBLEMS = 3

Side = Literal["athens", "sparta"]
God = Literal[GODS]  # type: ignore[valid-type]
Flag = Literal[0, 1]
T = TypeVar("T")


# -- reading the JSON --------------------------------------------------------------------------
def parse_json(text: str | bytes | bytearray | memoryview, what: str = "the file") -> Any:
    """The JSON value of a save file, or ValueError in plain words (size, encoding, syntax,
    repeated keys, numbers JSON does not have, nesting deeper than :data:`MAX_DEPTH`)."""
    if isinstance(text, bytes | bytearray | memoryview):
        raw = bytes(text)
        if len(raw) > MAX_SAVE_BYTES:
            raise ValueError(f"{what} is {len(raw):,} bytes; a saved game is far smaller "
                             f"(limit {MAX_SAVE_BYTES:,})")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(f"{what} is not text (UTF-8): is it really a saved game?") from exc
    if not isinstance(text, str):
        raise ValueError(f"a saved game is JSON text, not {type(text).__name__}")
    if len(text) > MAX_SAVE_BYTES:
        raise ValueError(f"{what} is {len(text):,} characters; a saved game is far smaller "
                         f"(limit {MAX_SAVE_BYTES:,})")
    try:
        data = json.loads(text, object_pairs_hook=_no_repeats, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise ValueError(f"the saved game is not valid JSON: {exc}") from exc
    except RecursionError as exc:
        raise ValueError(f"{what} nests lists or objects far too deeply for a saved game "
                         f"(at most {MAX_DEPTH} levels)") from exc
    except ValueError as exc:  # a repeated key, NaN, or an integer with thousands of digits
        raise ValueError(f"{what} is refused: {exc}") from exc
    depth = _depth(data)
    if depth > MAX_DEPTH:
        raise ValueError(f"{what} nests lists or objects {depth} levels deep; a saved game "
                         f"has at most {MAX_DEPTH}")
    return data


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        key = next(k for k, _v in pairs if k in seen or seen.add(k))
        raise ValueError(f"the key {key!r} appears twice in one object (each unit, place "
                         "and entry may be listed once)")
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a saved game can hold")


def _depth(data: Any) -> int:
    """The nesting depth of a JSON value, without recursion (a hostile file cannot overflow
    the stack); stops counting once past :data:`MAX_DEPTH`."""
    if type(data) is not dict and type(data) is not list:
        return 0
    deepest, todo = 0, [(data, 1)]
    while todo:
        value, d = todo.pop()
        if d > deepest:
            deepest = d
            if d > MAX_DEPTH:
                return d
        inner = value.values() if type(value) is dict else value
        todo.extend((v, d + 1) for v in inner if type(v) is dict or type(v) is list)
    return deepest


def save_kind(data: Any) -> str:
    """``"open"`` or ``"sealed"`` from the file's format marker; ValueError for anything else
    (not a save, or another version)."""
    if not isinstance(data, dict) or data.get("format") not in (OPEN_FORMAT, SEALED_FORMAT):
        raise ValueError("this is not a saved Hellenes game (no 'format' marker)")
    if data.get("version") != SAVE_VERSION:
        raise ValueError(f"saved game version {data.get('version')!r} is not supported "
                         f"(this engine reads version {SAVE_VERSION})")
    return "open" if data["format"] == OPEN_FORMAT else "sealed"


# -- refusals in plain words -------------------------------------------------------------------
_PLAIN = {
    "missing": "this entry is missing",
    "extra_forbidden": "this entry is not part of a saved game",
    "int_type": "should be a whole number",
    "string_type": "should be text",
    "bool_type": "should be true or false",
    "list_type": "should be a list",
    "dict_type": "should be an object of named entries",
    "model_type": "should be an object of named entries",
}


def refusal(exc: ValidationError, what: str = "the saved game") -> ValueError:
    """A ValueError naming up to :data:`SHOWN_PROBLEMS` problems of ``exc``, each with its place
    in the file ("state › units › A12 › cv")."""
    errors = exc.errors(include_url=False)
    parts = []
    for err in errors[:SHOWN_PROBLEMS]:
        where = " › ".join(str(p) for p in err["loc"]) or "the file"
        parts.append(f"{where}: {_plain(err)}")
    more = len(errors) - SHOWN_PROBLEMS
    tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more > 0 else ""
    return ValueError(f"{what} is damaged: {'; '.join(parts)}{tail}")


def _plain(err: dict[str, Any]) -> str:
    kind = err["type"]
    found = _short(err.get("input"))
    if kind == "value_error":
        return str(err["ctx"]["error"])
    if kind in ("missing", "extra_forbidden"):
        return _PLAIN[kind]
    if kind in _PLAIN:
        return f"{_PLAIN[kind]}, not {found}"
    ctx = err.get("ctx") or {}
    if kind in ("less_than_equal", "less_than"):
        return f"{found} is more than the highest allowed, {ctx.get('le', ctx.get('lt'))}"
    if kind in ("greater_than_equal", "greater_than"):
        return f"{found} is less than the lowest allowed, {ctx.get('ge', ctx.get('gt'))}"
    if kind == "literal_error":
        return f"should be {ctx.get('expected')}, not {found}"
    if kind == "too_long":
        return f"holds {ctx.get('actual_length')} entries, more than the {ctx.get('max_length')} " \
               "a saved game may have"
    return f"{err['msg'][:1].lower()}{err['msg'][1:]} (found {found})"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# -- the models --------------------------------------------------------------------------------
class _Strict(BaseModel):
    """No coercion ("3" is not 3, true is not 1) and no entry the format does not name."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


#: records whose other entries the rules modules own (checked by replaying the moves)
_OPEN = ConfigDict(strict=True, extra="allow")


class PerSide(_Strict, Generic[T]):
    athens: T
    sparta: T


class UnitRecord(_Strict):
    """Where a unit is (an area or sea id, or ``pool``, ``aside``, ``out``) and its state."""

    at: str
    cv: int = 0
    inside: Flag = 0
    moved: Flag = 0
    retreated: Flag = 0
    revealed: Flag = 0


class GarrisonRecord(_Strict):
    side: Side
    permanent: bool


class InPlay(_Strict):
    card: int
    owner: Side


class DiceRecord(_Strict):
    """The dice generator's whole state and any faces queued for the next rolls."""

    state: Annotated[int, Field(ge=0, le=(1 << 64) - 1)]
    forced: Annotated[list[Annotated[int, Field(ge=1, le=6)]], Field(max_length=1000)] = []


# Log lines, frames and moves are many (a long game has thousands): typed dicts validate several
# times faster than models. Their other entries belong to the rules modules, which the replay of
# the moves checks.
class Event(TypedDict):
    """One log line (its other entries vary by kind)."""

    __pydantic_config__ = _OPEN  # type: ignore[misc]
    kind: str
    rule: str
    text: str


def _known_kind(kind: str) -> str:
    if kind not in STEPS:
        raise ValueError(f"{kind!r} is not a kind of step this engine knows")
    return kind


class Frame(TypedDict):
    """One pending step of the rules; its kind must be one the engine knows."""

    __pydantic_config__ = _OPEN  # type: ignore[misc]
    kind: Annotated[str, AfterValidator(_known_kind)]


class StateModel(_Strict):
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
            raise ValueError(f"unit(s) {shown} are missing: every unit must be listed exactly "
                             "once, in one place (an area, the pool, set aside or out of play)")
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
                                     f"{_short(card)}")
                yield "a played card", card


class Move(TypedDict):
    """One action of the history (the rules check the rest when the moves are replayed)."""

    __pydantic_config__ = _OPEN  # type: ignore[misc]
    type: str


class OpenSave(_Strict):
    """A whole game, readable by anyone: hot-seat saves and ``Game.to_json``."""

    format: Literal["hellenes-nb game"]
    version: Literal[1]
    scenario: str
    seed: Annotated[int, Field(ge=-(1 << 63), le=(1 << 64) - 1)]
    history: list[Move]
    state: StateModel

    @field_validator("history", mode="before")
    @classmethod
    def _not_too_long(cls, history: Any) -> Any:
        if isinstance(history, list) and len(history) > MAX_HISTORY:
            raise ValueError(f"holds {len(history):,} moves; a saved game has at most "
                             f"{MAX_HISTORY:,}")
        return history

    @model_validator(mode="after")
    def _same_scenario(self) -> OpenSave:
        if self.state.scenario != self.scenario:
            raise ValueError(f"the file is for scenario {self.scenario!r} but its position is "
                             f"of scenario {self.state.scenario!r}")
        return self


class SealedSave(_Strict):
    """A game against the computer: ``view`` is what ``side`` may see, for a person to read;
    ``sealed`` is a token of :class:`SealedContent` that only the installation whose key has
    the id ``key_id`` can open."""

    format: Literal["hellenes-nb sealed game"]
    version: Literal[1]
    note: str
    side: Side
    scenario: str
    key_id: Annotated[str, Field(pattern=r"^[0-9a-f]{16}$")]
    view: dict[str, Any]
    sealed: Annotated[str, Field(min_length=1, max_length=MAX_SAVE_BYTES)]


class SealedContent(_Strict):
    """What a sealed save carries: the open save of the game and how it was being played."""

    human: Side
    bot: str
    seed_secret: bool
    game: str


# -- checking ----------------------------------------------------------------------------------
def validate_open(data: Any, ix: WorldIndex) -> OpenSave:
    """The open save ``data`` checked against the world (ValueError in plain words)."""
    try:
        return OpenSave.model_validate(data, context={"ix": ix})
    except ValidationError as exc:
        raise refusal(exc) from None


def first_difference(saved: Any, replayed: Any, where: str = "state") -> str | None:
    """Plain words for the first place where two JSON values differ, or None if they agree."""
    todo = [(saved, replayed, where)]
    while todo:
        a, b, at = todo.pop(0)
        if a == b:
            continue
        if isinstance(a, dict) and isinstance(b, dict):
            for key in sorted(a.keys() | b.keys(), key=str):
                if key not in b:
                    return f"{at} › {key} is in the file but not in the replayed game"
                if key not in a:
                    return f"{at} › {key} is missing from the file"
                if a[key] != b[key]:
                    todo.append((a[key], b[key], f"{at} › {key}"))
                    break
        elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            i = next(i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y)
            todo.append((a[i], b[i], f"{at} › {i}"))
        elif isinstance(a, list) and isinstance(b, list):
            return f"{at} holds {len(a)} entries in the file but {len(b)} after the moves"
        elif a != b:
            return f"{at} is {_short(a)} in the file but {_short(b)} after the moves"
    return None


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
