"""A log with private events, read by one reader at a time: the one redaction of the games
that write an event ``private`` to its owner with a ``public`` text for everyone else (300:
Earth & Water, Amphipolis, Athens & Sparta). The owner and the teacher (``"all"``) read the
event whole; any other reader reads only its heading fields and the public text."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["PrivateLog"]


class PrivateLog:
    """How one game's log is read: its readers (its sides and ``"all"``) and the heading fields
    (``kind``, ``rule``, ``side`` and the game's date fields) a private event shows everyone."""

    def __init__(self, readers: Sequence[str], head: Sequence[str]) -> None:
        self.readers = tuple(readers)
        self.head = tuple(head)

    def check(self, reader: str) -> str:
        """``reader``, or a ValueError naming the readers."""
        if reader not in self.readers:
            *first, last = [repr(r) for r in self.readers]
            named = f"{', '.join(first)} or {last}" if first else last
            raise ValueError(f"a log is read by {named}, not {reader!r}")
        return reader

    def read_event(self, ev: dict, reader: str) -> dict:
        """The form of ``ev`` that ``reader`` may read."""
        owner = ev.get("private")
        if owner is None:
            return ev
        if reader in (owner, "all"):
            return {k: v for k, v in ev.items() if k not in ("private", "public")}
        return {**{k: ev[k] for k in self.head}, "text": ev["public"]}

    def read(self, log: Sequence[dict], reader: str, start: int = 0) -> list[dict]:
        """The events of ``log`` from ``start`` on, as ``reader`` may read them."""
        self.check(reader)
        return [self.read_event(ev, reader) for ev in log[start:]]


class PrivateEvents:
    """The writing side, mixed into a game's position: an event log shared by a position and
    its clones (each sees only its first ``_n`` events, so a clone costs nothing and writing
    after a branch forks the list). The position holds ``_log`` and ``_n``; it names its sides
    in ``SIDE_NAMES`` (an int side is looked up there, a str side is kept) and its date fields
    in :meth:`_date`."""

    __slots__ = ()
    SIDE_NAMES: tuple[str, ...] = ()
    _log: list[dict]
    _n: int

    def _date(self) -> dict:
        """The fields that date an event (``{"turn": 3}``)."""
        return {}

    def _side(self, side: int | str | None) -> str | None:
        if side is None or isinstance(side, str):
            return side
        return self.SIDE_NAMES[side] if side >= 0 else None

    @property
    def log(self) -> list[dict]:
        """Every event of this position (a list to read, never to change)."""
        items = self._log
        return items if len(items) == self._n else items[:self._n]

    def event(self, kind: str, rule: str, text: str, side: int | str | None = None, *,
              private: int | str | None = None, public: str | None = None,
              **fields: object) -> dict:
        """Write one event: public unless ``private`` names the side that reads it whole (the
        other side reads only ``public``; the other fields are for the owner only)."""
        ev = {"kind": kind, "rule": rule, "side": self._side(side), **self._date(),
              "text": text, **fields}
        if private is not None:
            if public is None:
                raise ValueError(f"the private event {kind!r} needs public words")
            ev["private"] = self._side(private)
            ev["public"] = public
        if len(self._log) != self._n:
            self._log = self._log[:self._n]
        self._log.append(ev)
        self._n += 1
        return ev
