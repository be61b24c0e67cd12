"""The first compile of the numba odds says so (issue 15, item 9): a silent half minute on the
first battle looked like a hang. scripts/setup.sh compiles at install, so this is rare."""

from __future__ import annotations

import os
import subprocess
import sys
from types import SimpleNamespace

import pytest

from hellenes_nb.games.hellenes.odds.statetables import compiled_before

pytest.importorskip("numba")


def _jitted(index_path: str) -> SimpleNamespace:
    return SimpleNamespace(_cache=SimpleNamespace(_cache_file=SimpleNamespace(
        _index_path=index_path)))


def test_compiled_before_reads_numbas_cache_index(tmp_path):
    index = tmp_path / "kernel.sweep_battle-1.py311.nbi"
    assert not compiled_before(_jitted(str(index)))
    index.write_bytes(b"")
    assert compiled_before(_jitted(str(index)))
    assert compiled_before(object()), "a function numba does not cache raises no alarm"


def test_an_empty_cache_prints_a_progress_message(tmp_path):
    code = ("from hellenes_nb.games.hellenes.odds.statetables import compiled_sweep; "
            "assert compiled_sweep() is not None")
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "preparing the fast battle odds, once" in run.stderr
