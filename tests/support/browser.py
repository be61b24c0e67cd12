"""Helpers for the real-browser tests (tests/ui): bounded waits, never fixed sleeps."""

from __future__ import annotations

from collections.abc import Callable

#: ms: the longest a browser test waits for the frontend (generous: CI shares 2 cores)
SETTLE = 30_000


def wait_python(page, predicate: Callable[[], bool], what: str) -> None:
    """Let the page run until ``predicate()`` holds in Python (a click reached the kernel),
    for at most 15 s; fail naming ``what`` otherwise."""
    for _ in range(300):
        if predicate():
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"timed out waiting for {what}")
