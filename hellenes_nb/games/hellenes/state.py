"""The game state: one object of flat int tables, lists and plain dicts (docs/engine.md).

Rule modules read and write these fields directly. ``clone()`` never uses ``copy.deepcopy``:
the tables most moves change are copied one level deep at once; the fields listed in
:data:`COPY_ON_USE` (read by few steps) are shared by the clone and its original until either
first uses them, then copied (:class:`_CopyOnUse`); ``neutral``, ``pillaged`` and ``civil_war`` are
immutable and shared. The event log is shared too: clones hold one list and each its own
length, and :meth:`State.event` copies the list first when another clone has appended past that
length (copy-on-append), so a clone costs the same however long the game has run. Entries of
``stack``, ``engagements``, ``pending_rolls``, ``sieges``, ``garrisons`` and ``in_play`` are
treated as immutable: a rule replaces a frame or record instead of mutating it, so clones share
them.

``to_dict()`` writes unit keys ("A12") and area ids so that a saved game can be read by people;
keys named in :data:`PLACE_KEYS`, :data:`UNIT_KEYS` and :data:`SIDE_KEYS` inside frames and
records are translated both ways, so every module should use those key names.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from itertools import islice
from typing import Any, overload

from hellenes_nb.core.dice import Dice
from hellenes_nb.games.hellenes import eventlog
from hellenes_nb.games.hellenes.eventlog import Text
from hellenes_nb.games.hellenes.index import N_UNITS, SIDE_NAMES, WorldIndex

POOL, ASIDE, OUT = -1, -2, -3
LOC_NAMES = {POOL: "pool", ASIDE: "aside", OUT: "out"}
LOC_CODES = {v: k for k, v in LOC_NAMES.items()}

#: keys whose values are place indices inside frames/records (translated to area ids on save)
PLACE_KEYS = frozenset({"area", "from", "to", "target", "at", "place"})
#: keys whose values are lists of place indices
PLACE_LIST_KEYS = frozenset({"path", "places", "areas"})
#: keys whose values are one unit index
UNIT_KEYS = frozenset({"unit", "fleet", "carry"})
#: keys whose values are lists of unit indices
UNIT_LIST_KEYS = frozenset({"units", "drawn", "group_units"})
#: keys whose values are a side index (0 Athens, 1 Sparta, -1 none)
SIDE_KEYS = frozenset({"side", "besieger", "owner", "roller"})

_BYTE_FIELDS = ("inside", "moved", "retreated", "revealed")


#: every field of a :class:`State` (all but ``ix`` are compared by ``==`` and saved)
FIELDS = (
    "ix", "scenario", "year", "season", "prestige", "loc", "cv", "inside", "moved", "retreated",
    "revealed", "garrisons", "sieges", "control", "city_control", "neutral", "pillaged",
    "civil_war", "deck", "hands", "discard", "in_play", "leaders", "sacrifices", "played",
    "active", "first", "actions_left", "engagements", "pending_rolls", "carry", "flags", "stack",
    "dice", "log", "barrier",
)


class EventLog(Sequence):
    """A read-only view of the first ``n`` events of a log list that clones may share.

    Other clones only ever append past ``n`` (see :meth:`State.event`), so the view never
    changes once made. Indexing, ``len``, iteration and ``reversed`` see those ``n`` events;
    a slice is a new plain list; it compares equal to any list or view of the same events.
    """

    __slots__ = ("_items", "_n")

    def __init__(self, items: list[dict], n: int):
        self._items = items
        self._n = n

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> dict: ...
    @overload
    def __getitem__(self, i: slice) -> list[dict]: ...
    def __getitem__(self, i: int | slice) -> dict | list[dict]:
        if isinstance(i, slice):
            start, stop, step = i.indices(self._n)
            if step > 0:  # the usual case: slice the shared list without copying n events first
                return self._items[start:stop:step]
            return self._items[: self._n][i]
        if not -self._n <= i < self._n:
            raise IndexError(f"log index {i} is out of range (the log holds {self._n} events)")
        return self._items[i if i >= 0 else self._n + i]

    def __iter__(self) -> Iterator[dict]:
        return islice(self._items, self._n)

    def __reversed__(self) -> Iterator[dict]:
        return (self._items[i] for i in range(self._n - 1, -1, -1))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, (str, bytes)):
            return NotImplemented
        return len(other) == self._n and all(a == b for a, b in zip(self, other, strict=True))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"EventLog({self[:]!r})"


def _pair(v: list[list]) -> list[list]:
    return [v[0][:], v[1][:]]


def _copy(v: Any) -> Any:
    return v[:] if type(v) is not dict else v.copy()


#: fields shared between a clone and its original until one of them first uses the field, and
#: how each is copied then (one level deep, like the eager fields; ``dice`` by its own clone)
COPY_ON_USE: dict[str, Any] = {
    "cv": _copy, "retreated": _copy, "revealed": _copy, "garrisons": _copy, "control": _copy,
    "deck": _copy, "hands": _pair, "discard": _copy, "in_play": _copy, "leaders": _copy,
    "sacrifices": _pair, "played": _copy, "engagements": _copy, "pending_rolls": _copy,
    "carry": _copy, "dice": lambda d: d.clone(),
}


class _CopyOnUse:
    """A field of :data:`COPY_ON_USE`: the value lives in the instance dict under ``_name``;
    the bit of the field in ``_own`` says whether this state owns it. The first read or write
    by a state that does not own it takes a private copy first, so a clone only clears ``_own``
    (its own and its original's) instead of copying the field. Code must therefore not keep a
    reference to such a field across a ``clone()`` and change it afterwards."""

    __slots__ = ("bit", "copy", "key")

    def __init__(self, bit: int, copy: Any, name: str):
        self.bit = bit
        self.copy = copy
        self.key = "_" + name

    def __get__(self, st: State | None, owner: type | None = None) -> Any:
        if st is None:
            return self
        d = st.__dict__
        if d["_own"] & self.bit:
            return d[self.key]
        value = d[self.key] = self.copy(d[self.key])
        d["_own"] |= self.bit
        return value

    def __set__(self, st: State, value: Any) -> None:
        d = st.__dict__
        d[self.key] = value
        d["_own"] |= self.bit


class State:
    """Everything that changes during a game (field meanings: docs/engine.md, "State fields").

    Per-unit and per-place tables of small ints are ``array`` objects (``loc`` signed 16-bit,
    ``cv``, ``control`` and ``city_control`` signed 8-bit) and flags are ``bytearray``s, so a
    clone copies each with one memory copy. ``neutral`` (``bytes``), ``pillaged`` and
    ``civil_war`` (``frozenset``) are immutable: a rule assigns a new value and clones share them.
    """

    def __init__(self, ix: WorldIndex, scenario: str = "", seed: int = 0):
        self._own = 0
        n = ix.n_places
        self.ix = ix
        self.scenario = scenario
        self.year = 0
        self.season = 0
        self.prestige = 0
        self.loc = array("h", [OUT] * N_UNITS)
        self.cv = array("b", bytes(N_UNITS))
        self.inside = bytearray(N_UNITS)
        self.moved = bytearray(N_UNITS)
        self.retreated = bytearray(N_UNITS)
        self.revealed = bytearray(N_UNITS)
        self.garrisons: dict[int, list[int]] = {}
        self.sieges: dict[int, dict] = {}
        self.control = array("b", [-1] * n)
        self.city_control = array("b", [-1] * n)
        self.neutral = bytes(n)
        self.pillaged: frozenset[int] = frozenset()
        self.civil_war: frozenset[int] = frozenset()
        self.deck: list[int] = []
        self.hands: list[list[int]] = [[], []]
        self.discard: list[int] = []
        self.in_play: list[list[int]] = []
        self.leaders: list[int | None] = [None, None]
        self.sacrifices: list[list[str]] = [[], []]
        self.played: list[dict | None] = [None, None]
        self.active = -1
        self.first = -1
        self.actions_left = 0
        self.engagements: list[dict] = []
        self.pending_rolls: list[dict] = []
        self.carry: dict[int, int] = {}
        self.flags: dict[str, int] = {}
        self.stack: list[dict] = []
        self.dice = Dice(seed)
        self._log: list[dict] = []
        self._log_n = 0
        self.barrier = False

    # -- copying ---------------------------------------------------------------------------
    def clone(self) -> State:
        """An independent copy: one dict copy of the fields, then a copy of the tables most
        moves change. The :data:`COPY_ON_USE` fields and the log are shared until used (see
        :class:`_CopyOnUse` and :meth:`event`). Entries of ``garrisons``, ``sieges`` and
        ``in_play`` are replaced, never changed in place (like frames), so they are shared; so
        are the immutable ``neutral``, ``pillaged`` and ``civil_war``."""
        s = State.__new__(State)
        mine = self.__dict__
        mine["_own"] = 0
        d = mine.copy()
        s.__dict__ = d
        d["loc"] = mine["loc"][:]
        d["inside"] = mine["inside"][:]
        d["moved"] = mine["moved"][:]
        d["sieges"] = mine["sieges"].copy()
        d["city_control"] = mine["city_control"][:]
        d["flags"] = mine["flags"].copy()
        d["stack"] = mine["stack"][:]
        return s

    def __copy__(self) -> State:
        """``copy.copy`` gives an independent clone (a plain shallow copy would share fields
        that both would then believe they own)."""
        return self.clone()

    # -- logging ---------------------------------------------------------------------------
    @property
    def log(self) -> EventLog:
        """This state's events, oldest first, as a read-only :class:`EventLog` (a snapshot:
        later events, here or in a clone, never show up in it). Append with :meth:`event`."""
        return EventLog(self._log, self._log_n)

    @log.setter
    def log(self, events: Sequence[dict]) -> None:
        """Replace the whole log (for instance with a list of events loaded from a save)."""
        self._log = list(events)
        self._log_n = len(self._log)

    def event(self, kind: str, rule: str, text: Text, side: int = -1, *,
              private: int | None = None, public: Text | None = None, **fields: Any) -> dict:
        """Append a log event, the only way to add one, redacted for each side as it is made
        (``rules/eventlog.py``): ``text`` is plain words naming no unit, or a function of an
        :class:`~.eventlog.Reader` that names units only for readers who know them; fields
        named in ``eventlog.UNIT_FIELDS`` hold unit keys and are cut to the known ones for
        each side; ``private`` (a side) keeps the event from the other side, which reads only
        the head and ``public`` (str or function of a Reader). Returns the stored event, the
        full record: show a side only ``eventlog.read_event(event, side)``.

        If a clone sharing the log list has already appended past this state's length, this
        state first takes its own copy of its events (copy-on-append)."""
        ev = eventlog.make(self, kind, rule, text, side, private, public, fields)
        if len(self._log) != self._log_n:
            self._log = self._log[: self._log_n]
        self._log.append(ev)
        self._log_n += 1
        return ev

    # -- saving ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with unit keys and area ids (readable by people)."""
        ix = self.ix
        units = {}
        for u in range(N_UNITS):
            if not ix.exists[u]:
                continue
            loc = self.loc[u]
            rec: dict[str, Any] = {"at": ix.place_ids[loc] if loc >= 0 else LOC_NAMES[loc]}
            if loc >= 0:
                rec["cv"] = self.cv[u]
            for name in _BYTE_FIELDS:
                if getattr(self, name)[u]:
                    rec[name] = 1
            units[ix.unit_key[u]] = rec
        tr = _Translator(ix)
        return {
            "scenario": self.scenario,
            "year": self.year,
            "season": self.season,
            "prestige": self.prestige,
            "units": units,
            "garrisons": {ix.place_ids[p]: {"side": SIDE_NAMES[g[0]], "permanent": bool(g[1])}
                          for p, g in sorted(self.garrisons.items())},
            "sieges": {ix.place_ids[p]: tr.out(v) for p, v in sorted(self.sieges.items())},
            "control": {ix.place_ids[p]: SIDE_NAMES[c] for p, c in enumerate(self.control)
                        if c >= 0},
            "city_control": {ix.place_ids[p]: SIDE_NAMES[c]
                             for p, c in enumerate(self.city_control) if c >= 0},
            "neutral": [ix.place_ids[p] for p in range(ix.n_places) if self.neutral[p]],
            "pillaged": sorted(ix.place_ids[p] for p in self.pillaged),
            "civil_war": sorted(ix.place_ids[p] for p in self.civil_war),
            "deck": self.deck[:],
            "hands": {"athens": self.hands[0][:], "sparta": self.hands[1][:]},
            "discard": self.discard[:],
            "in_play": [{"card": c, "owner": SIDE_NAMES[o]} for c, o in self.in_play],
            "leaders": {"athens": self.leaders[0], "sparta": self.leaders[1]},
            "sacrifices": {"athens": self.sacrifices[0][:], "sparta": self.sacrifices[1][:]},
            "played": {"athens": self.played[0], "sparta": self.played[1]},
            "active": _side_name(self.active),
            "first": _side_name(self.first),
            "actions_left": self.actions_left,
            "engagements": [tr.out(e) for e in self.engagements],
            "pending_rolls": [tr.out(r) for r in self.pending_rolls],
            "carry": {ix.unit_key[f]: ix.unit_key[c] for f, c in sorted(self.carry.items())},
            "flags": dict(self.flags),
            "stack": [tr.out(f) for f in self.stack],
            "dice": self.dice.to_dict(),
            "log": self._log[: self._log_n],
            "barrier": self.barrier,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], ix: WorldIndex) -> State:
        """Rebuild a state saved by :meth:`to_dict` (ValueError naming a bad entry). This
        trusts its input to be a position of a game; a file someone hands in is read with
        ``Game.from_json``, which checks every entry and replays the moves first."""
        s = cls(ix, data["scenario"])
        tr = _Translator(ix)
        try:
            s.year, s.season, s.prestige = data["year"], data["season"], data["prestige"]
            for key, rec in data["units"].items():
                u = ix.unit(key)
                at = rec["at"]
                s.loc[u] = LOC_CODES[at] if at in LOC_CODES else ix.place(at)
                s.cv[u] = rec.get("cv", 0)
                for name in _BYTE_FIELDS:
                    getattr(s, name)[u] = rec.get(name, 0)
            s.garrisons = {ix.place(p): [_side_code(g["side"]), int(g["permanent"])]
                           for p, g in data["garrisons"].items()}
            s.sieges = {ix.place(p): tr.back(v) for p, v in data["sieges"].items()}
            for name in ("control", "city_control"):
                table = getattr(s, name)
                for p, side in data[name].items():
                    table[ix.place(p)] = _side_code(side)
            neutral = bytearray(ix.n_places)
            for p in data["neutral"]:
                neutral[ix.place(p)] = 1
            s.neutral = bytes(neutral)
            s.pillaged = frozenset(ix.place(p) for p in data["pillaged"])
            s.civil_war = frozenset(ix.place(p) for p in data["civil_war"])
            s.deck = list(data["deck"])
            s.hands = [list(data["hands"]["athens"]), list(data["hands"]["sparta"])]
            s.discard = list(data["discard"])
            s.in_play = [[e["card"], _side_code(e["owner"])] for e in data["in_play"]]
            s.leaders = [data["leaders"]["athens"], data["leaders"]["sparta"]]
            s.sacrifices = [list(data["sacrifices"]["athens"]),
                            list(data["sacrifices"]["sparta"])]
            s.played = [data["played"]["athens"], data["played"]["sparta"]]
            s.active = _side_code(data["active"])
            s.first = _side_code(data["first"])
            s.actions_left = data["actions_left"]
            s.engagements = [tr.back(e) for e in data["engagements"]]
            s.pending_rolls = [tr.back(r) for r in data["pending_rolls"]]
            s.carry = {ix.unit(f): ix.unit(c) for f, c in data["carry"].items()}
            s.flags = dict(data["flags"])
            s.stack = [tr.back(f) for f in data["stack"]]
            s.dice = Dice.from_dict(data["dice"])
            s.log = list(data["log"])
            s.barrier = bool(data["barrier"])
        except (KeyError, TypeError, IndexError, AttributeError, OverflowError) as exc:
            raise ValueError(f"the saved game is missing or has a bad entry: {exc}") from exc
        return s

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in FIELDS if f != "ix")

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        on_map = sum(1 for x in self.loc if x >= 0)
        return (f"State(scenario={self.scenario!r}, year={self.year}, season={self.season}, "
                f"prestige={self.prestige}, units_on_map={on_map}, frames={len(self.stack)})")


for _bit, (_name, _how) in enumerate(COPY_ON_USE.items()):
    setattr(State, _name, _CopyOnUse(1 << _bit, _how, _name))
del _bit, _name, _how


def _side_name(code: int | None) -> str | None:
    return SIDE_NAMES[code] if code is not None and code >= 0 else None


def _side_code(name: str | None) -> int:
    return -1 if name is None else SIDE_NAMES.index(name)


class _Translator:
    """Translates frames and records between indices (in play) and ids (in saves).

    Values under the key names listed at the top of this module become ids; tuples are written
    as ``{"tuple": [...]}`` and dicts as ``{"dict": {...}}`` so that loading restores exactly
    the types that were saved.
    """

    def __init__(self, ix: WorldIndex):
        self.ix = ix

    def out(self, obj: Any) -> Any:
        if not isinstance(obj, dict):
            return self._value(obj)
        ix = self.ix
        res = {}
        for k, v in obj.items():
            if _is_int(v) and k in PLACE_KEYS and v >= 0:
                res[k] = {"place": ix.place_ids[v]}
            elif _is_int(v) and k in UNIT_KEYS and v >= 0:
                res[k] = {"unit": ix.unit_key[v]}
            elif _is_int(v) and k in SIDE_KEYS:
                res[k] = {"side": _side_name(v)}
            elif k in PLACE_LIST_KEYS and _int_seq(v):
                res[k] = {"places": [ix.place_ids[p] for p in v], "as": type(v).__name__}
            elif k in UNIT_LIST_KEYS and _int_seq(v):
                res[k] = {"units": [ix.unit_key[u] for u in v], "as": type(v).__name__}
            else:
                res[k] = self._value(v)
        return res

    def _value(self, v: Any) -> Any:
        if isinstance(v, dict):
            return {"dict": self.out(v)}
        if isinstance(v, tuple):
            return {"tuple": [self._value(x) for x in v]}
        if isinstance(v, list):
            return [self._value(x) for x in v]
        return v

    def back(self, obj: Any) -> Any:
        """Inverse of :meth:`out`."""
        if not isinstance(obj, dict):
            return self._unvalue(obj)
        ix = self.ix
        res = {}
        for k, v in obj.items():
            if isinstance(v, dict):
                if "place" in v and len(v) == 1:
                    res[k] = ix.place(v["place"])
                elif "unit" in v and len(v) == 1:
                    res[k] = ix.unit(v["unit"])
                elif "side" in v and len(v) == 1:
                    res[k] = _side_code(v["side"])
                elif "places" in v:
                    seq = tuple if v.get("as") == "tuple" else list
                    res[k] = seq(ix.place(p) for p in v["places"])
                elif "units" in v:
                    seq = tuple if v.get("as") == "tuple" else list
                    res[k] = seq(ix.unit(u) for u in v["units"])
                else:
                    res[k] = self._unvalue(v)
            else:
                res[k] = self._unvalue(v)
        return res

    def _unvalue(self, v: Any) -> Any:
        if isinstance(v, dict):
            if "dict" in v:
                return self.back(v["dict"])
            if "tuple" in v:
                return tuple(self._unvalue(x) for x in v["tuple"])
            return v
        if isinstance(v, list):
            return [self._unvalue(x) for x in v]
        return v


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _int_seq(v: Any) -> bool:
    return isinstance(v, (list, tuple)) and all(_is_int(x) for x in v)
