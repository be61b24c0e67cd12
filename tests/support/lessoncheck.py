"""Each lesson replayed once per test session: the checker's verdict on a lesson file, kept.

``hellenes lesson check`` replays a lesson step by step, and with ``--seeds N`` N times more:
the slowest thing the lesson tests do. Several test files ask for the same verdict (the
packaged lessons with ten other seeds, Pylos and Amphipolis alone, the command line on the
whole folder), so :func:`checked` computes it once per process and hands back the same
answer after (under pytest-xdist a process is one worker's session). The verdict comes from
the public :func:`hellenes_nb.lessons.check.check_paths`, the very function the command line
calls, so a test that reads it asserts what ``lesson check`` says.

The key is the file's resolved path, its text and the seeds: a lesson edited during the run, or
a file a test writes under ``tmp_path``, is checked anew. A clean verdict with seeds 1-10 also
answers for the same file with fewer seeds or none (the lesson's own seed is always replayed
first, then each seed alone), so asking for less never replays again.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

from hellenes_nb.lessons.check import check_paths, lesson_files
from hellenes_nb.lessons.runner import lessons_dir

#: the seeds ``scripts/test.sh`` once passed to ``hellenes lesson check --seeds 10``
TEN_SEEDS = tuple(range(1, 11))

_VERDICTS: dict[tuple[str, str, tuple[int, ...]], list[str]] = {}
#: how many replays of a whole lesson file this process did (for tests of this module)
replays = {"files": 0}


def checked(path: str | Path, seeds: Iterable[int] = ()) -> list[str]:
    """The problems ``hellenes lesson check`` finds in the one lesson file ``path`` (also
    replayed with ``seeds``), one line each; computed once per process for the same file text
    and seeds."""
    path = Path(path).resolve()
    seeds = tuple(seeds)
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    key = (str(path), digest, seeds)
    if key not in _VERDICTS and _clean_with_more(key):
        return []
    if key not in _VERDICTS:
        _files, problems = check_paths([path], seeds=seeds)
        replays["files"] += 1
        _VERDICTS[key] = [str(p) for p in problems]
    return list(_VERDICTS[key])


def _clean_with_more(key: tuple[str, str, tuple[int, ...]]) -> bool:
    """Did a replay of the same text with every seed of ``key`` and more find nothing? Each seed
    is replayed after the lesson's own, so a clean verdict holds for any part of its seeds."""
    path, digest, seeds = key
    return any(p == path and d == digest and set(seeds) <= set(s) and not problems
               for (p, d, s), problems in _VERDICTS.items())


def packaged() -> list[Path]:
    """Every packaged lesson file (Hellenes' and each game's sub-folder), as the command line
    finds them with no path."""
    return [p.resolve() for p in lesson_files([lessons_dir()])]


def all_packaged_checked(seeds: Iterable[int] = TEN_SEEDS) -> dict[str, list[str]]:
    """Every packaged lesson's problems by file stem (:func:`checked` for each)."""
    seeds = tuple(seeds)
    return {p.stem: checked(p, seeds) for p in packaged()}
