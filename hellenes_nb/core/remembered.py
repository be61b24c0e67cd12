"""The engine's tables of remembered answers that read positions (docs/engine.md, "Speed").

Each module that keeps such a table makes it here with :func:`table`, so that one call can
empty them all: :func:`forget` (the benchmark starts every timed batch cold) and
:func:`set_aside` (a test compares what the engine answers warm with what it answers cold).
Tables of static facts of a world (labels, distances) are not registered: no position reaches
them. Nor is the plan a step's ``check`` hands to its ``apply_checked`` (``steps.Step``): it is
passed along for one action on one state, never kept.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

_TABLES: dict[str, dict] = {}


def table(name: str) -> dict:
    """The registered table ``name`` ("module._NAME"), made empty on first use."""
    return _TABLES.setdefault(name, {})


def names() -> tuple[str, ...]:
    """The names of the registered tables."""
    return tuple(_TABLES)


def forget() -> None:
    """Empty every registered table."""
    for t in _TABLES.values():
        t.clear()


@contextmanager
def set_aside() -> Iterator[None]:
    """Run the block with every registered table empty, then put back what they held (what
    the block remembered is dropped)."""
    saved = {name: dict(t) for name, t in _TABLES.items()}
    forget()
    try:
        yield
    finally:
        for name, t in _TABLES.items():
            t.clear()
            t.update(saved[name])
