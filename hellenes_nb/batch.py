"""Playing many games in a row or side by side, for ``hellenes selfplay`` and ``hellenes
match`` (a library module: the command line's options are in :mod:`hellenes_nb.cliargs`)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tqdm import tqdm

from hellenes_nb.core.catalog import ruleset_for, scenario_ids
from hellenes_nb.core.ruleset import Ruleset


def worker_count(requested: int, games: int) -> int:
    """Worker processes actually started: never more than the games to play or the cores of
    this machine, and at least 1."""
    return max(1, min(requested, games, os.cpu_count() or 1))


def scenario_ruleset(scenario: str, **options: Any) -> Ruleset:
    """The game that sets up ``scenario`` (with the game's ``options``); one ValueError listing
    the registered scenarios when no game does."""
    try:
        ruleset = ruleset_for(scenario, **options)
    except ValueError:
        ruleset = None
    if ruleset is None or not ruleset.sets_up(scenario, **options):
        raise ValueError(f"unknown scenario {scenario!r}; choose one of "
                         f"{', '.join(sorted(scenario_ids()))}")
    return ruleset


def play_all(job: Callable[[Any], dict], jobs: Sequence[Any], *, workers: int, desc: str,
             progress: bool, chunksize: int = 1) -> list[dict]:
    """``job`` of every item of ``jobs``, in order: in this process, or in ``workers`` worker
    processes (the caller has capped them with :func:`worker_count`). ``progress`` shows a bar
    on standard error (when it is a terminal)."""
    bar = {"total": len(jobs), "unit": "game", "desc": desc, "file": sys.stderr,
           "disable": None if progress else True}
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            return list(tqdm(pool.map(job, jobs, chunksize=chunksize), **bar))
    return [job(j) for j in tqdm(jobs, **bar)]
