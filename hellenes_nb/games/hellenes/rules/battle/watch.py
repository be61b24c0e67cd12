"""Watching a battle as the engine fights it, for a board that shows that very battle (the
lesson's battle board, docs/writing-lessons.md "Battles"): each time the battle frame stores its
battle, every watcher is told the place and the stored battle (``Battle.to_dict()``). The first
time is the battle as revealed (§6.1); each later time follows one step of the fight (an attack,
a settled tie, an answered retreat question, a round's end; §6.2-§6.4).

Watchers only look: they get the stored dict, which the engine never edits afterwards (a frame
is replaced, not changed), and must not change it. With no watcher, the engine pays one test of
an empty list per stored step and nothing else. An attack rolled again after an appeal to the
Olympians (``rules/appeals.py``, §11.0) is not told: a lesson declines every appeal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["Watcher", "WATCHERS", "tell", "watching"]

#: a watcher: ``watcher(place, battle)``, ``place`` the area index, ``battle`` the stored dict
Watcher = Callable[[int, dict[str, Any]], None]
#: the watchers now listening (read by the battle frame, :mod:`.stages`)
WATCHERS: list[Watcher] = []


def tell(place: int, battle: dict[str, Any]) -> None:
    """Tell every watcher that the battle in ``place`` now stands as ``battle``."""
    for watcher in tuple(WATCHERS):
        watcher(place, battle)


@contextmanager
def watching(watcher: Watcher) -> Iterator[None]:
    """Let ``watcher`` see every battle stored while the ``with`` block runs."""
    WATCHERS.append(watcher)
    try:
        yield
    finally:
        WATCHERS.remove(watcher)
