"""scripts/test.sh (issue 27 item 8), run on a copy with stand-ins for the installer, ruff,
``hellenes`` and Python: pytest gets one pytest-xdist worker per core with ``--dist loadscope``
(each file and each notebook on one worker), ``HELLENES_TEST_WORKERS`` chooses, and the lessons
are no longer replayed by ``hellenes lesson check`` apart from the suite."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

from support.paths import ROOT


def _script(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/usr/bin/env bash\n" + text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def _run(tmp_path: Path, **env: str) -> tuple[subprocess.CompletedProcess, list[str], str]:
    """test.sh in a bare copy on a machine of 2 cores; (the run, pytest's arguments, every
    ``hellenes`` command line)."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "test.sh", tmp_path / "scripts" / "test.sh")
    for name in ("setup.sh", "install_chromium.sh"):
        _script(tmp_path / "scripts" / name, "exit 0\n")
    calls = tmp_path / "calls.txt"
    _script(tmp_path / ".venv/bin/ruff", "exit 0\n")
    _script(tmp_path / ".venv/bin/hellenes", f'echo "hellenes $*" >> {calls}\n')
    _script(tmp_path / ".venv/bin/python", f'echo "python $*" >> {calls}\n')
    _script(tmp_path / "bin/nproc", "echo 2\n")
    run = subprocess.run(["bash", str(tmp_path / "scripts" / "test.sh")], capture_output=True,
                         text=True, timeout=60,
                         env={**os.environ, "PATH": f"{tmp_path / 'bin'}:{os.environ['PATH']}",
                              **env})
    lines = calls.read_text().splitlines()
    pytest_args = next(line for line in lines if " -m pytest " in line).split()
    return run, pytest_args, "\n".join(line for line in lines if line.startswith("hellenes"))


def test_pytest_runs_one_worker_per_core_each_file_on_one_worker(tmp_path, monkeypatch):
    monkeypatch.delenv("HELLENES_TEST_WORKERS", raising=False)
    run, args, _ = _run(tmp_path)
    assert run.returncode == 0, run.stderr
    i = args.index("-n")
    assert args[i + 1] == "2" and args[args.index("--dist") + 1] == "loadscope"
    assert "== pytest (2 worker(s))" in run.stdout


def test_one_worker_means_no_xdist(tmp_path):
    run, args, _ = _run(tmp_path, HELLENES_TEST_WORKERS="1")
    assert run.returncode == 0, run.stderr
    assert "-n" not in args and "--dist" not in args
    assert args[-4:] == ["--nbval-lax", "--nbval-current-env", "-p", "no:cacheprovider"]


def test_the_lessons_are_replayed_inside_the_suite_only(tmp_path):
    run, _, hellenes = _run(tmp_path)
    assert "lesson check" not in hellenes
    assert "tutorial check --complete" in hellenes and "data check" in hellenes
    assert (ROOT / "tests/lessons/test_replayed_once.py").is_file()
