"""Playing many games in a row or side by side: the one batch runner of ``hellenes selfplay``,
``hellenes match`` and the What-if lab (a library module: the command line's options are in
:mod:`hellenes_nb.cliargs`). Games run in this process, in local worker processes (never more
than the cores), or on a Dask ``distributed`` cluster (``cluster=ADDRESS``); a game's result
depends only on its job (its seeds), so every way gives the same results."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from tqdm import tqdm

from hellenes_nb.core.catalog import ruleset_for, scenario_ids
from hellenes_nb.core.ruleset import Ruleset

#: seconds to wait for a Dask scheduler to answer
CLUSTER_TIMEOUT = 10


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


def _chunk_job(args: tuple[Callable[[Any], dict], list[Any]]) -> list[dict]:
    job, items = args
    return [job(j) for j in items]


def _client(cluster: Any) -> tuple[Any, bool]:
    """A Dask ``distributed`` client for ``cluster`` (an address such as
    ``tcp://10.0.0.5:8786``, a ``LocalCluster`` or a ``Client``) and whether we opened it (and
    must close it). ValueError in plain words when the package is missing or the scheduler does
    not answer within :data:`CLUSTER_TIMEOUT` seconds."""
    try:
        from distributed import Client
    except ImportError:
        raise ValueError("running on a cluster needs the Dask 'distributed' package: "
                         "pip install 'hellenes-nb[cluster]'") from None
    if isinstance(cluster, Client):
        return cluster, False
    address = getattr(cluster, "scheduler_address", cluster)
    if not isinstance(address, str) or not address.strip():
        raise ValueError(f"a cluster is a Dask scheduler's address such as "
                         f"tcp://127.0.0.1:8786, not {address!r}")
    try:
        return Client(address, timeout=f"{CLUSTER_TIMEOUT}s"), True
    except (OSError, TimeoutError, ValueError) as exc:
        raise ValueError(f"cannot reach a Dask scheduler at {address} within "
                         f"{CLUSTER_TIMEOUT} s ({exc})") from None


def iter_all(job: Callable[[Any], dict], jobs: Sequence[Any], *, workers: int = 1,
             cluster: Any = None, chunksize: int = 1) -> Iterator[tuple[int, dict]]:
    """``(index, job(jobs[index]))`` for every item as it finishes (in order locally, in any
    order on a cluster): in this process, in ``workers`` local processes, or on the Dask
    cluster ``cluster``. Leaving the
    loop early (a Cancel) drops the games not yet started; a game already running on a
    worker finishes there and is thrown away."""
    chunks = [list(range(i, min(i + chunksize, len(jobs))))
              for i in range(0, len(jobs), max(1, chunksize))]
    if cluster is not None:
        client, opened = _client(cluster)
        from distributed import as_completed as dask_completed
        futures = client.map(_chunk_job, [(job, [jobs[i] for i in c]) for c in chunks],
                             pure=False)
        where = {f.key: c for f, c in zip(futures, chunks, strict=True)}
        try:
            for f in dask_completed(futures):
                for i, r in zip(where[f.key], f.result(), strict=True):
                    yield i, r
        finally:
            client.cancel(futures)
            if opened:
                client.close()
        return
    if workers <= 1:
        for i, item in enumerate(jobs):
            yield i, job(item)
        return
    with ProcessPoolExecutor(workers) as pool:
        results = pool.map(_chunk_job, [(job, [jobs[i] for i in c]) for c in chunks])
        try:  # in order; closing the map early cancels the chunks not yet started
            for c, rs in zip(chunks, results, strict=True):
                yield from zip(c, rs, strict=True)
        finally:
            if hasattr(results, "close"):
                results.close()


def play_all(job: Callable[[Any], dict], jobs: Sequence[Any], *, workers: int, desc: str,
             progress: bool, chunksize: int = 1, cluster: Any = None) -> list[dict]:
    """``job`` of every item of ``jobs``, in order: in this process, in ``workers`` worker
    processes (the caller has capped them with :func:`worker_count`), or on the Dask cluster
    ``cluster`` (an address, or a ``LocalCluster``/``Client``; ``workers`` is then the
    cluster's business). ``progress`` shows a bar on standard error (when it is a terminal).
    The same jobs give the same results, in the same order, whichever runs them."""
    bar = tqdm(total=len(jobs), unit="game", desc=desc, file=sys.stderr,
               disable=None if progress else True)
    out: list[Any] = [None] * len(jobs)
    with bar:
        for i, r in iter_all(job, jobs, workers=workers, cluster=cluster,
                             chunksize=chunksize):
            out[i] = r
            bar.update(1)
    return out
