"""Helpers for the real-browser tests (tests/ui): bounded waits, never fixed sleeps."""

from __future__ import annotations

#: ms: the longest a browser test waits for the frontend (generous: CI shares 2 cores)
SETTLE = 30_000

