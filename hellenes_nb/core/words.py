"""Counting words for what a player reads: "no hits", "1 hit", "2 hits" (never "hit(s)"), and
lists joined by "or" or "and". Any game's rules and widgets may use them (docs/engine.md,
"Wording")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["count", "listed", "sentence_start"]


def count(n: int, word: str, many: str = "") -> str:
    """``no hits``, ``1 hit``, ``2 hits`` (``many`` for an irregular plural: die, dice)."""
    if n == 0:
        return f"no {many or word + 's'}"
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"


def listed(items: Sequence[Any], last: str = "or") -> str:
    """``3``, ``1 or 2``, ``4, 5 and 6``."""
    words = [str(i) for i in items]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


def sentence_start(text: str) -> str:
    """``text`` with its first letter in upper case ("the garrison of Corinth ..." starting a
    sentence); the rest is left as written."""
    return text[:1].upper() + text[1:]
