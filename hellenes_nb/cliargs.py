"""Argument types shared by the ``hellenes`` subcommands.

Every option is checked while the command line is parsed, so a bad value ends in argparse's
usage line and a plain-words error (exit code 2) before any work starts (docs/security.md,
"Hostile files and arguments").
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path

from hellenes_nb.batch import worker_count
from hellenes_nb.core.catalog import scenario_ids
from hellenes_nb.core.echo import ECHO, cut, shown
from hellenes_nb.core.words import count

#: seeds are 32-bit: the dice keep 64 bits of state, and a negative seed would repeat a positive one
MAX_SEED = 2**32 - 1
#: games in one selfplay run or match (a long fuzz run plays 10,000)
MAX_GAMES = 1_000_000
#: decisions before a game is stopped (a full game takes a few thousand)
MAX_DECISIONS = 10_000_000


def _whole(value: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {value!r}") from None


def int_between(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``lo`` to ``hi``, or a plain-words error."""

    def parse(value: str) -> int:
        if len(value) > 30:
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi:,}, "
                                             f"not a {len(value)}-character value")
        n = _whole(value)
        if n < lo:
            raise argparse.ArgumentTypeError(f"expected {lo} or more, not {n}")
        if n > hi:
            raise argparse.ArgumentTypeError(f"expected at most {hi:,}, not {n:,}")
        return n

    return parse


seed_value = int_between(0, MAX_SEED)
games_value = int_between(1, MAX_GAMES)
decisions_value = int_between(1, MAX_DECISIONS)
#: ``--workers`` before :func:`capped_workers` lowers it to the games and cores
workers_value = int_between(1, 1_000_000)


def float_between(lo: float, hi: float) -> Callable[[str], float]:
    """An argparse type: a finite number from ``lo`` to ``hi``, or a plain-words error."""

    def parse(value: str) -> float:
        try:
            x = float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, not {shown(value)}") from None
        if not math.isfinite(x) or not lo <= x <= hi:
            raise argparse.ArgumentTypeError(f"expected a number from {lo:g} to {hi:g}, "
                                             f"not {cut(value, ECHO)}")
        return x

    return parse


def scenario_id(value: str) -> str:
    """A scenario of a registered game (Hellenes §15: 431, sicily, 413, 415; ids are unique
    across games); an unknown one lists the known ones."""
    known = sorted(scenario_ids())
    if value not in known:
        raise argparse.ArgumentTypeError(f"unknown scenario {value!r}: choose one of "
                                         f"{', '.join(known)}")
    return value


def existing_folder(value: str) -> Path:
    """A folder that exists (``--folder`` of ``hellenes data``)."""
    path = Path(value)
    if not path.is_dir():
        raise argparse.ArgumentTypeError(f"{value!r} is not a folder" if path.exists()
                                         else f"the folder {value!r} does not exist")
    return path


def capped_workers(requested: int, games: int) -> int:
    """:func:`worker_count`, with a note on standard error when ``--workers`` was lowered."""
    n = worker_count(requested, games)
    if n < requested:
        cores = os.cpu_count() or 1
        print(f"note: --workers {requested} lowered to {n} ({count(games, 'game')}, "
              f"{count(cores, 'core')})", file=sys.stderr)
    return n


def add_batch_options(p: argparse.ArgumentParser, *, games: int, seed: int) -> None:
    """The options of the subcommands that play many games: ``--scenario``, ``--games``,
    ``--seed``, ``--max-decisions``, ``--workers`` and ``--no-progress`` (defaults ``games``
    and ``seed``)."""
    p.add_argument("--scenario", type=scenario_id, default="431",
                   help="scenario id (default 431)")
    p.add_argument("--games", type=games_value, default=games,
                   help=f"number of games (default {games}, at most {MAX_GAMES:,})")
    p.add_argument("--seed", type=seed_value, default=seed,
                   help=f"seed of the first game, 0 to {MAX_SEED} (default {seed})")
    p.add_argument("--max-decisions", type=decisions_value, default=20000,
                   help="stop a game after this many decisions (default 20000)")
    p.add_argument("--workers", type=workers_value, default=1,
                   help="worker processes playing games side by side (default 1; at most one "
                        "per game and per core)")
    p.add_argument("--cluster", metavar="ADDRESS", default=None,
                   help="play the games on a Dask distributed cluster, its scheduler's address "
                        "(tcp://HOST:8786); the same seeds give the same games as locally")
    p.add_argument("--no-progress", action="store_true",
                   help="hide the progress bar (shown on standard error when it is a terminal)")
