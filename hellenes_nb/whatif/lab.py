"""The What-if lab: from a decision point, N continuations after each alternative, played by
the chosen computer levels, on every core or a Dask cluster (docs/whatif.md).

    lab = WhatIf("sicilian-expedition-415-413", games=100, seed=1)
    result = lab.run()
    result.frame            # polars, one row per game
    result.summary          # one entry per alternative, outcomes with Wilson 95 % intervals
    result.sentence         # the plain sentence, its numbers from the table
    result.how_won          # what decided the games: how each alternative's games ended
    result.telling          # ... and the columns that most set the won games apart
    result.to_parquet("sicily.parquet")
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from hellenes_nb.batch import iter_all, worker_count
from hellenes_nb.whatif import cache
from hellenes_nb.whatif.play import check_horizon, check_levels, play_continuation
from hellenes_nb.whatif.position import (
    Start,
    WhatIfError,
    _lesson,
    lesson_start,
    position_after,
    save_start,
)
from hellenes_nb.whatif.report import frame, how_won, sentence, summary, telling

__all__ = ["WhatIf", "WhatIfResult", "MAX_GAMES"]

#: continuations per alternative at most
MAX_GAMES = 100_000


@dataclass
class WhatIfResult:
    """The games played so far (all of them once ``complete``)."""

    start: Start
    levels: tuple[str, str]
    roles: tuple[str, ...]
    games: int
    seed: int
    horizon: Any
    rows: list[dict[str, Any]] = field(default_factory=list)
    complete: bool = False
    cached: bool = False
    seconds: float = 0.0

    @property
    def frame(self) -> pl.DataFrame:
        return frame(self.rows, self.start)

    @property
    def summary(self) -> list[dict[str, Any]]:
        return summary(self.frame, self.start)

    @property
    def sentence(self) -> str:
        return sentence(self.summary, self.start, self.levels, self.roles)

    @property
    def how_won(self) -> pl.DataFrame:
        """How the games of each alternative ended (report.how_won: the stacked bars)."""
        return how_won(self.frame, self.start)

    @property
    def telling(self) -> pl.DataFrame:
        """The columns that most set the deciding side's won games apart (report.telling)."""
        return telling(self.frame, self.start)

    def to_parquet(self, path: str | Path) -> Path:
        """Write the table as Parquet (one row per game)."""
        self.frame.write_parquet(path)
        return Path(path)

    def to_json(self) -> dict[str, Any]:
        """What ``hellenes whatif --json`` prints."""
        s = self.start
        return {"kind": s.kind, "name": s.name, "step": s.step, "title": s.title,
                "side": s.side, "scenario": s.scenario, "levels": list(self.levels),
                "games_per_alternative": self.games, "seed": self.seed,
                "horizon": str(self.horizon), "complete": self.complete,
                "cached": self.cached, "seconds": round(self.seconds, 2),
                **({"note": s.note} if s.note else {}),
                "alternatives": self.summary, "sentence": self.sentence}


class WhatIf:
    """A run, checked before any game starts (:class:`WhatIfError` in plain words)."""

    def __init__(self, lesson: str | None = None, decision: str | int | None = None, *,
                 save: str | Path | None = None, games: int = 100, seed: int = 1,
                 levels: Any = ("normal", "normal"), horizon: Any = "end",
                 workers: int | None = None, cluster: Any = None, use_cache: bool = True,
                 cache_dir: Path | None = None):
        if (lesson is None) == (save is None):
            raise WhatIfError("start from a lesson (lesson=NAME) or a saved game (save=FILE)")
        if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_GAMES:
            raise WhatIfError(f"games is a whole number of continuations from 1 to "
                              f"{MAX_GAMES:,}, not {games!r}")
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise WhatIfError(f"the seed is a whole number from 0, not {seed!r}")
        self.lesson_text = ""
        if lesson is not None:
            self.start = lesson_start(lesson, decision)
            self.lesson_text = Path(_lesson(lesson).spec.path).read_text(encoding="utf-8")
        else:
            path = Path(save)
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                raise WhatIfError(f"cannot read the save {path}: {exc}") from None
            self.start = save_start(text, path.name)
        self.levels = check_levels(levels)
        game = position_after(self.start, self.start.alternatives[0].id)
        self.roles = game.ruleset.roles
        check_horizon(game, horizon)
        self.games, self.seed, self.horizon = games, seed, horizon
        total = games * len(self.start.alternatives)
        self.workers = worker_count(os.cpu_count() or 1 if workers is None else workers, total)
        self.cluster = cluster
        self.use_cache, self.cache_dir = use_cache, cache_dir
        self.key = cache.run_key(self.start, self.levels, games, seed, horizon,
                                 self.lesson_text)

    def jobs(self) -> list[tuple]:
        """Every game's job, game 0 of each alternative first (so results come evenly)."""
        return [(self.start, a.id, i, self.seed, self.levels, self.horizon)
                for i in range(self.games) for a in self.start.alternatives]

    def result(self) -> WhatIfResult:
        return WhatIfResult(self.start, self.levels, self.roles, self.games, self.seed,
                            self.horizon)

    def cached(self) -> WhatIfResult | None:
        """The finished run from the cache, or None."""
        rows = cache.load(self.key, self.cache_dir) if self.use_cache else None
        if rows is None:
            return None
        res = self.result()
        res.rows, res.complete, res.cached = rows, True, True
        return res

    def run(self, *, progress: bool = False,
            on_result: Callable[[WhatIfResult, int], None] | None = None,
            stop: Callable[[], bool] | None = None) -> WhatIfResult:
        """Play every continuation (or read the run from the cache). ``on_result(result,
        done)`` is called as games finish; ``stop()`` returning True ends the run early,
        keeping the games finished (``complete`` stays False and nothing is cached)."""
        hit = self.cached()
        if hit is not None:
            if on_result:
                on_result(hit, len(hit.rows))
            return hit
        import sys

        from tqdm import tqdm

        res = self.result()
        jobs = self.jobs()
        t0 = time.perf_counter()
        bar = tqdm(total=len(jobs), unit="game", desc="what if", file=sys.stderr,
                   disable=None if progress else True)
        stopped = False
        with bar:
            for _, row in iter_all(play_continuation, jobs, workers=self.workers,
                                   cluster=self.cluster,
                                   chunksize=max(1, min(8, len(jobs) // (8 * self.workers)))):
                res.rows.append(row)
                bar.update(1)
                if on_result:
                    on_result(res, len(res.rows))
                if stop is not None and stop():
                    stopped = True
                    break
        res.seconds = time.perf_counter() - t0
        res.complete = not stopped and len(res.rows) == len(jobs)
        if res.complete and self.use_cache:
            cache.store(self.key, res.frame, self.cache_dir)
        return res
