"""The side the learner does not play, for every game's tutorial kit: a scripted reply when
one fits a legal action, else the game's most passive choice (docs/tutorial.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hellenes_nb.core.steps import strip_label

__all__ = ["matches", "opponent_answer"]


def matches(action: dict, wanted: dict) -> bool:
    """Does a legal ``action`` fit a scripted one (every key the script gives is equal)?"""
    plain = strip_label(action)
    return all(plain.get(k) == v for k, v in wanted.items())


def opponent_answer(game: Any, side: str, replies: list[dict],
                    passive: Callable[[list[dict]], dict]) -> dict | None:
    """The answer of ``side`` now, or None when it has nothing to decide. A reply that fits a
    legal action is used (and removed from ``replies``); otherwise ``passive(legal)``."""
    if game.over or game.prompt.side not in (side, "both"):
        return None
    legal = game.legal_actions(side)
    if not legal:
        return None
    for i, wanted in enumerate(replies):
        hit = next((a for a in legal if matches(a, wanted)), None)
        if hit is not None:
            del replies[i]
            return hit
    return passive(legal)
