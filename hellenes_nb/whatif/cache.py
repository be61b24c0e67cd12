"""The What-if lab's results on disk, so a class sees a run it already made at once.

A run is keyed by where it starts (the lesson and step, or the save's text), the levels, the
number of games, the seed, the horizon and the code version: the package's version and a hash
of the game's own source files and the lab's (a change to the rules makes a new key)."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import platformdirs
import polars as pl

import hellenes_nb
from hellenes_nb.core.catalog import ruleset_for

__all__ = ["cache_dir", "run_key", "load", "store"]


def cache_dir() -> Path:
    """The folder of cached runs (the user's cache folder, ``whatif`` under it)."""
    return Path(platformdirs.user_cache_dir("hellenes-nb")) / "whatif"


@lru_cache(maxsize=8)
def _sources_hash(scenario: str) -> str:
    ruleset = ruleset_for(scenario)
    parts = type(ruleset).__module__.split(".")
    game_pkg = Path(hellenes_nb.__file__).parent.joinpath(*parts[1:3])
    lab = Path(__file__).parent
    h = hashlib.sha256()
    for folder in (game_pkg, lab):
        for f in sorted(folder.rglob("*.py")):
            h.update(f.read_bytes())
    return h.hexdigest()[:16]


def run_key(start: Any, levels: tuple[str, str], games: int, seed: int, horizon: Any,
            lesson_text: str = "") -> str:
    """The key of a run (module docstring)."""
    data = {"kind": start.kind, "name": start.name, "step": start.step,
            "save": hashlib.sha256(start.save_text.encode()).hexdigest(),
            "lesson": hashlib.sha256(lesson_text.encode()).hexdigest(),
            "levels": list(levels), "games": games, "seed": seed, "horizon": str(horizon),
            "version": hellenes_nb.__version__, "code": _sources_hash(start.scenario)}
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:24]


def load(key: str, folder: Path | None = None) -> list[dict[str, Any]] | None:
    """The rows of a cached run, or None (also for a file that cannot be read)."""
    path = (folder or cache_dir()) / f"{key}.parquet"
    try:
        return pl.read_parquet(path).to_dicts()
    except (OSError, pl.exceptions.PolarsError):
        return None


def store(key: str, table: pl.DataFrame, folder: Path | None = None) -> Path | None:
    """Write a finished run's table; None when the cache folder cannot be written."""
    folder = folder or cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp = folder / f"{key}.tmp.parquet"
        table.write_parquet(tmp)
        return tmp.replace(folder / f"{key}.parquet")
    except OSError:
        return None
