"""Deterministic dice kept inside the game state.

All randomness in a game (combat dice §6.31, siege attrition §8.2, storms §5.22, recruit draws,
card shuffles §3) comes from one :class:`Dice` object whose whole generator state is a single
int, so a saved game or a lesson replays exactly. The generator is SplitMix64 (Steele, Lea and
Flood 2014): tiny, fast in pure Python and good enough for a board game.

Forced faces (:meth:`Dice.force`) let tests and lessons reproduce the rulebook's worked examples:
queued faces are returned by the next rolls before the generator resumes.
"""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence
from typing import Any, TypeVar

__all__ = ["Dice"]

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB

T = TypeVar("T")


class Dice:
    """Six-sided dice driven by SplitMix64, with an optional queue of forced faces.

    ``Dice(seed)`` with the same seed always yields the same sequence. ``state`` is the whole
    generator state (one int in ``0 .. 2**64-1``); ``to_dict``/``from_dict`` also keep any
    forced faces still queued.
    """

    __slots__ = ("_state", "_forced")

    def __init__(self, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"a dice seed must be an int, not {type(seed).__name__}")
        self._state = seed & _MASK
        self._forced: tuple[int, ...] = ()  # immutable, so a clone shares it

    # -- generator -------------------------------------------------------------------------
    def next64(self) -> int:
        """Advance SplitMix64 and return the next 64-bit output."""
        s = (self._state + _GOLDEN) & _MASK
        self._state = s
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform int in ``0 .. n-1`` (rejection sampling, no modulo bias).

        Forced faces do not apply here; they are for :meth:`roll` only.
        """
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise ValueError(f"randbelow needs a positive int bound, got {n!r}")
        limit = ((1 << 64) // n) * n
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def roll(self) -> int:
        """One d6: the next forced face if any is queued, else a fresh roll (1..6)."""
        forced = self._forced
        if forced:
            self._forced = forced[1:]
            return forced[0]
        return self.randbelow(6) + 1

    def rolls(self, n: int) -> list[int]:
        """``n`` d6 in order (a unit attack rolls one die per cv, §2.12, §6.31)."""
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise ValueError(f"the number of dice must be a non-negative int, got {n!r}")
        return [self.roll() for _ in range(n)]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place with Fisher-Yates (card decks §3, recruit draws §4)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    # -- forced faces ----------------------------------------------------------------------
    def force(self, faces: Iterable[int]) -> None:
        """Queue faces that the next :meth:`roll` calls return, in order, before the PRNG resumes.

        Raises ``ValueError`` naming the first face that is not an int from 1 to 6.
        """
        new = list(faces)
        for f in new:
            if not isinstance(f, int) or isinstance(f, bool) or not 1 <= f <= 6:
                raise ValueError(f"a forced die face must be an int from 1 to 6, got {f!r}")
        self._forced += tuple(new)

    @property
    def forced(self) -> tuple[int, ...]:
        """Forced faces still waiting to be rolled."""
        return self._forced

    # -- state -----------------------------------------------------------------------------
    @property
    def state(self) -> int:
        """The generator state: one int that, with :attr:`forced`, fixes every future roll."""
        return self._state

    @state.setter
    def state(self, value: int) -> None:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= _MASK:
            raise ValueError(f"a dice state must be an int in 0..2**64-1, got {value!r}")
        self._state = value

    def clone(self) -> Dice:
        """An independent copy with the same state and forced queue (the queue is a tuple,
        replaced on every change, so the copy shares it)."""
        d = Dice.__new__(Dice)
        d._state = self._state
        d._forced = self._forced
        return d

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready snapshot: ``{"state": int, "forced": [faces]}``."""
        return {"state": self._state, "forced": list(self._forced)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Dice:
        """Rebuild dice saved by :meth:`to_dict`."""
        try:
            state, forced = data["state"], data.get("forced", [])
        except (KeyError, TypeError) as exc:
            raise ValueError(f"saved dice need a 'state' int, got {data!r}") from exc
        d = cls()
        d.state = state
        d.force(forced)
        return d

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dice):
            return NotImplemented
        return self._state == other._state and self._forced == other._forced

    def __repr__(self) -> str:
        extra = f", forced={list(self._forced)}" if self._forced else ""
        return f"Dice(state={self._state:#x}{extra})"
