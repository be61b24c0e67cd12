"""Reusable zeroed buffers lent to the compiled sweep of :mod:`.fast`."""

from __future__ import annotations

import math
import threading

import numpy as np


class Scratch:
    """A zeroed float buffer lent to the compiled sweep and taken back after it.

    The sweep empties every cell it reads, so a sweep that ends normally leaves the buffer all
    zeros again and the next battle can reuse it without allocating (fresh pages cost a page
    fault each on first touch). A sweep that fails, or a second sweep running at the same time
    in another thread, gets a fresh buffer instead. Buffers above :data:`MAX_KEPT` floats are
    not kept."""

    MAX_KEPT = 2_000_000

    def __init__(self) -> None:
        self.buffer = np.zeros(0)
        self.lock = threading.Lock()

    def lend(self, shape: tuple[int, ...]) -> np.ndarray:
        size = math.prod(shape)
        if not self.lock.acquire(blocking=False):
            return np.zeros(shape)
        if len(self.buffer) < size:
            self.buffer = np.zeros(
                size if size > self.MAX_KEPT else max(size, 2 * len(self.buffer))
            )
        return self.buffer[:size].reshape(shape)

    def give_back(self, view: np.ndarray, clean: bool) -> None:
        """Take back a buffer from :meth:`lend`; ``clean``: the sweep ended normally, so it is
        all zeros (a fresh buffer lent while this one was out is simply dropped)."""
        if view.base is self.buffer and self.lock.locked():
            if not clean or len(self.buffer) > self.MAX_KEPT:
                self.buffer = np.zeros(0)
            self.lock.release()


FLOW, STARTS = Scratch(), Scratch()
#: the endings found by the compiled sweep, one buffer per victor (emptied when settled)
FOUND = (Scratch(), Scratch())
