"""Who may read what in a log event (docs/engine.md, "Hidden information"; §2.0, §6.1).

Every event is written once, by :meth:`State.event`, and redacted right there, with what each
side knows at that moment; the stored event is the engine's full record (the teacher's view,
saves and replays) plus, under ``"redacted"``, the form each side reads where it differs:

- the head (``kind``, ``rule``, ``side``, ``year``, ``season``) is public;
- ``text`` is written for each reader: a text that names units is a function of a
  :class:`Reader`, whose :meth:`Reader.unit` names a block the reader knows (its own, or one
  revealed in the battle being fought) and says only "a Spartan block" of any other;
- fields named in :data:`UNIT_FIELDS` hold unit keys: a reader keeps only the keys of units it
  knows (garrisons, ``"garrison:<area>"``, are public);
- a ``private`` event (card deals, recruit draws, moves ...) belongs to one side: the other side
  reads only the head and the ``public`` text;
- every other field is public.

:func:`read_event` gives one reader's form; nothing shown to a side reads the stored event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hellenes_nb.games.hellenes.index import ATHENS, SIDE_ADJECTIVES, SIDE_NAMES, side_of

#: the public head of every event
HEAD = ("kind", "rule", "side", "year", "season")
#: event fields holding unit keys (one key or a list of keys)
UNIT_FIELDS = frozenset({"unit", "units", "fleet", "carry", "block", "blocks", "target_block"})
#: the key under which an event keeps the forms of the sides that may not read all of it
REDACTED = "redacted"
#: who may read an event: a side's name, or "all" for the teacher (everything)
READERS = ("athens", "sparta", "all")

def a_block(side: int, what: str = "block") -> str:
    """'An Athenian block', 'A Spartan fleet': an unnamed unit of ``side``, starting a
    sentence."""
    return f"{'An' if side == ATHENS else 'A'} {SIDE_ADJECTIVES[side]} {what}"


class Reader:
    """One reader of an event being written: side 0 or 1, or -1 for the teacher, with what
    that reader knows now (§2.0: own blocks; §6.1: blocks revealed in the battle fought)."""

    __slots__ = ("side", "state")

    def __init__(self, state: Any, side: int):
        """``state`` is the :class:`~.state.State` writing the event (not imported here: the
        state imports this module)."""
        self.state = state
        self.side = side

    def knows(self, u: int) -> bool:
        """May this reader see unit ``u``'s identity, type and cv now?"""
        return self.side < 0 or side_of(u) == self.side or bool(self.state.revealed[u])

    def unit(self, u: int, *, fleet: bool = False, start: bool = False) -> str:
        """Unit ``u`` in words: 'Spartan fleet #20 (Corinthian fleet)' when known, else 'a
        Spartan block' ('a Spartan fleet' with ``fleet``: only where being a fleet is public,
        e.g. at sea); ``start`` capitalises for the start of a sentence."""
        if self.knows(u):
            return self.state.ix.describe(u)
        words = a_block(side_of(u), "fleet" if fleet else "block")
        return words if start else words[0].lower() + words[1:]

    def fighter(self, key: str) -> str:
        """A battle fighter key ('S20', 'garrison:attica') in words (garrisons are public)."""
        ix = self.state.ix
        if key.startswith("garrison:"):
            return f"the garrison of {ix.place_name[ix.place(key.split(':', 1)[1])]}"
        return self.unit(ix.unit(key))

    def key_known(self, key: str) -> bool:
        return key.startswith("garrison:") or self.knows(self.state.ix.unit(key))


#: an event text: plain words naming no unit, or a function writing them for one reader
Text = str | Callable[[Reader], str]


def _words(text: Text, reader: Reader) -> str:
    return text(reader) if callable(text) else text


def _units_for(value: Any, reader: Reader) -> Any:
    """A unit field as ``reader`` may read it: unknown keys dropped (None for a single one)."""
    if isinstance(value, str):
        return value if reader.key_known(value) else None
    return [k for k in value if reader.key_known(k)]


def make(state: Any, kind: str, rule: str, text: Text, side: int,
         private: int | None, public: Text | None, fields: dict[str, Any]) -> dict:
    """The stored event: the full record, with ``"redacted"`` forms for the sides that may
    not read all of it (module docstring)."""
    if private is not None and public is None:
        raise ValueError(f"the private event {kind!r} needs a public text for the other side")
    head = {"kind": kind, "rule": rule, "side": SIDE_NAMES[side] if side >= 0 else None,
            "year": state.year, "season": state.season}
    full = _words(text, Reader(state, -1))
    ev = {**head, "text": full, **fields}
    units = [k for k in fields if k in UNIT_FIELDS]
    if private is None and not callable(text) and not units:
        return ev  # plain public words and no unit: both sides read it all
    forms = {}
    for r in (0, 1):
        reader = Reader(state, r)
        if private is not None and private != r:
            assert public is not None
            forms[SIDE_NAMES[r]] = {"text": _words(public, reader)}
            continue
        words = _words(text, reader)
        kept = {k: _units_for(fields[k], reader) for k in units}
        if words != full or any(kept[k] != fields[k] for k in units):
            forms[SIDE_NAMES[r]] = {"text": words,
                                    **{k: v for k, v in fields.items() if k not in kept},
                                    **{k: v for k, v in kept.items() if v is not None}}
    if forms:
        ev[REDACTED] = forms
    return ev


def read_event(ev: dict, reader: str) -> dict:
    """The form of stored event ``ev`` that ``reader`` ("athens", "sparta" or "all") reads."""
    if reader == "all":
        return {k: v for k, v in ev.items() if k != REDACTED and k not in _LEGACY}
    if "private" in ev:  # a save written before events were redacted where they are made
        if ev["private"] in (None, SIDE_NAMES.index(reader)):
            return {k: v for k, v in ev.items() if k not in _LEGACY}
        return {**{k: ev[k] for k in HEAD}, "text": ev.get("public", "(hidden)")}
    form = ev.get(REDACTED, {}).get(reader)
    if form is None:
        return {k: v for k, v in ev.items() if k != REDACTED}
    return {**{k: ev[k] for k in HEAD}, **form}


#: keys of events in saves made before ``"redacted"`` (who owned a private event, and the
#: text the other side read)
_LEGACY = ("private", "public")
