"""Saved games as JSON: reading a file within limits, the formats' envelopes, refusals in
plain words, and comparing a saved position with the replayed one (docs/security.md, "Saves").

Two formats, both JSON (a save never holds code, and nothing in it is ever executed):

- the **open save** (``"format": "hellenes-nb game"``): the scenario, the seed, every move so
  far and the whole position as the game writes it. Hot-seat games and the teacher's
  ``Game.to_json`` write it; each game checks the position with its own model.
- the **sealed save** (:class:`SealedSave`, ``"format": "hellenes-nb sealed game"``): a game
  against the computer. It shows only what the human side may see (its view) and carries the
  rest in ``sealed``, a token only the installation that wrote it can open
  (:mod:`hellenes_nb.core.sealed`); inside it is :class:`SealedContent`.

:func:`parse_json` refuses files that are too large, not UTF-8, not JSON, nested too deeply or
that repeat a key. Every refusal is a ``ValueError`` in plain words naming where the problem is
(:func:`refusal`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model, field_validator
from typing_extensions import TypedDict

from hellenes_nb.core.models import plain, short

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

SHOWN_PROBLEMS = 3


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
def refusal(exc: ValidationError, what: str = "the saved game") -> ValueError:
    """A ValueError naming up to :data:`SHOWN_PROBLEMS` problems of ``exc``, each with its place
    in the file ("state › units › A12 › cv"), worded as every file's problems are
    (:func:`hellenes_nb.core.models.plain`)."""
    errors = exc.errors(include_url=False)
    parts = []
    for err in errors[:SHOWN_PROBLEMS]:
        where = " › ".join(str(p) for p in err["loc"]) or "the file"
        parts.append(f"{where}: {plain(err, unknown=_UNKNOWN, json=True)}")
    more = len(errors) - SHOWN_PROBLEMS
    tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more > 0 else ""
    return ValueError(f"{what} is damaged: {'; '.join(parts)}{tail}")


_UNKNOWN = "this entry is not part of a saved game"


#: records whose other entries a game's rules own (checked by replaying the moves)
OPEN_RECORD = ConfigDict(strict=True, extra="allow")


class Strict(BaseModel):
    """No coercion ("3" is not 3, true is not 1) and no entry the format does not name."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)




class DiceRecord(Strict):
    """The dice generator's whole state and any faces queued for the next rolls (core/dice)."""

    state: Annotated[int, Field(ge=0, le=(1 << 64) - 1)]
    forced: Annotated[list[Annotated[int, Field(ge=1, le=6)]], Field(max_length=1000)] = []


# Log lines, frames and moves are many (a long game has thousands): typed dicts validate several
# times faster than models. Their other entries belong to a game's rules, which the replay of the
# moves checks.
class Event(TypedDict):
    """One log line (its other entries vary by kind)."""

    __pydantic_config__ = OPEN_RECORD  # type: ignore[misc]
    kind: str
    rule: str
    text: str


class Move(TypedDict):
    """One action of the history (the rules check the rest when the moves are replayed)."""

    __pydantic_config__ = OPEN_RECORD  # type: ignore[misc]
    type: str



class Origin(Strict):
    """Where a game began when not at its scenario's setup: a step of a packaged lesson, by
    the lesson's name, the step and the option chosen there (``Game.rebase``). The loader
    rebuilds that position from the installed lesson, never from the file."""

    kind: Literal["lesson"]
    name: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,79}$")]
    step: Annotated[int, Field(ge=0, le=500)]
    option: Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,79}$")] | None = None


class OpenEnvelope(Strict):
    """The parts every open save has, whatever the game: the position is checked by the
    game's own model (its ``read_save``)."""

    model_config = ConfigDict(strict=True, extra="allow", frozen=True)
    format: Literal["hellenes-nb game"]
    version: Literal[1]
    scenario: str
    seed: Annotated[int, Field(ge=-(1 << 63), le=(1 << 64) - 1)]
    history: list[Move]
    origin: Origin | None = None

    @field_validator("history", mode="before")
    @classmethod
    def _not_too_long(cls, history: Any) -> Any:
        if isinstance(history, list) and len(history) > MAX_HISTORY:
            raise ValueError(f"holds {len(history):,} moves; a saved game has at most "
                             f"{MAX_HISTORY:,}")
        return history


class SealedSave(Strict):
    """A game against the computer: ``view`` is what ``side`` may see, for a person to read;
    ``sealed`` is a token of :class:`SealedContent` that only the installation whose key has
    the id ``key_id`` can open."""

    format: Literal["hellenes-nb sealed game"]
    version: Literal[1]
    note: str
    side: str
    scenario: str
    key_id: Annotated[str, Field(pattern=r"^[0-9a-f]{16}$")]
    view: dict[str, Any]
    sealed: Annotated[str, Field(min_length=1, max_length=MAX_SAVE_BYTES)]


class SealedContent(Strict):
    """What a sealed save carries: the open save of the game and how it was being played."""

    human: str
    bot: str
    seed_secret: bool
    game: str



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
            return f"{at} is {short(a)} in the file but {short(b)} after the moves"
    return None



class _WholeOpenSave(OpenEnvelope):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


def open_save_checker(state_model: type[BaseModel], game: str) -> Callable[[Any], BaseModel]:
    """The check of a game's whole open save: the envelope every game shares with its
    ``state`` read by ``state_model``; the check raises ValueError in plain words."""
    model = create_model("OpenSave", __base__=_WholeOpenSave, __doc__=f"A whole game of "
                         f"{game}, readable by anyone.", state=(state_model, ...))

    def validate_open(data: Any) -> BaseModel:
        """The open save ``data`` checked (ValueError in plain words)."""
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            raise refusal(exc) from None

    return validate_open
