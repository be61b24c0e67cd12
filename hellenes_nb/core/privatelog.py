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
