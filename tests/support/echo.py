"""Browser tests wait on the page, never on a fixed sleep or by polling Python from the test
thread: :class:`PythonEcho` is a small widget that the kernel writes to when a Python-side
condition holds, so the test waits for that mark to appear in the page.

A click travels page → kernel (its thread changes the widgets) → page; the echo is the last
leg, so when the mark shows, the kernel has finished the change it waited for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as W
from IPython.display import display

SETTLE = 30_000  # ms: bounded wait for the frontend (generous: CI shares 2 cores)


class PythonEcho:
    """Display it beside the widgets under test; :meth:`wait` for a condition in Python."""

    def __init__(self) -> None:
        self.html = W.HTML("")
        self._n = 0
        display(self.html)

    def wait(self, page: Any, holds: Callable[[], bool], what: str, *watch: W.Widget,
             timeout: int = SETTLE) -> None:
        """Wait until ``holds()`` is true, checked in the kernel each time a trait of one of
        ``watch`` changes (and once now); the page then shows a mark the test waits for."""
        self._n += 1
        mark = f"hn-echo-{self._n}"

        def check(_change: Any = None) -> None:
            if holds():
                self.html.value = f"<span class='{mark}'>{what}</span>"

        for w in watch:
            w.observe(check)
        try:
            check()
            try:
                page.locator(f".{mark}").wait_for(state="attached", timeout=timeout)
            except Exception as exc:  # playwright's TimeoutError, said in words
                raise AssertionError(f"timed out after {timeout // 1000} s waiting for "
                                     f"{what}") from exc
        finally:
            for w in watch:
                w.unobserve(check)
