"""Argument types shared by the ``hellenes`` subcommands."""

from __future__ import annotations

import argparse


def positive_int(value: str) -> int:
    """A whole number of at least 1 (games, workers, decision limits), or a plain-words error."""
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {value!r}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, not {n}")
    return n


def add_batch_options(p: argparse.ArgumentParser) -> None:
    """``--workers`` and ``--no-progress``, for the subcommands that play many games."""
    p.add_argument("--workers", type=positive_int, default=1,
                   help="worker processes playing games side by side (default 1)")
    p.add_argument("--no-progress", action="store_true",
                   help="hide the progress bar (shown on standard error when it is a terminal)")
