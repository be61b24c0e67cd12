"""The suite keeps to folders of its own (tests/conftest.py): the learner's tutorial stars and
the save key of the person running it are never read or written, and two pytest-xdist workers
never share them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from support.paths import ROOT

from hellenes_nb.tutorial.progress import ENV, default_path

#: loads tests/conftest.py in a fresh process, as each xdist worker does, and prints its folders
_PROBE = """import importlib.util, os
spec = importlib.util.spec_from_file_location("suite_conftest", "tests/conftest.py")
suite = importlib.util.module_from_spec(spec)
spec.loader.exec_module(suite)
suite.pytest_configure(None)
print(os.environ["XDG_CONFIG_HOME"], os.environ["XDG_DATA_HOME"])
suite.pytest_unconfigure(None)
"""


def test_the_tutorial_progress_is_kept_in_the_suites_own_data_folder(monkeypatch):
    monkeypatch.delenv(ENV, raising=False)
    data = Path(os.environ["XDG_DATA_HOME"])
    assert data.name.startswith("hellenes-tests-data-")
    assert default_path().is_relative_to(data)


def test_the_save_key_folder_is_the_suites_own():
    assert Path(os.environ["XDG_CONFIG_HOME"]).name.startswith("hellenes-tests-config-")


def test_each_pytest_process_has_folders_of_its_own():
    """Another process loading the suite's settings, as an xdist worker does, gets other
    folders than this one."""
    run = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True,
                         timeout=60, cwd=ROOT)
    assert run.returncode == 0, run.stderr[-2000:]
    theirs = run.stdout.split()
    ours = [os.environ["XDG_CONFIG_HOME"], os.environ["XDG_DATA_HOME"]]
    assert len(theirs) == 2 and not set(theirs) & set(ours), (theirs, ours)
    assert all(Path(d).name.startswith("hellenes-tests-") for d in theirs)
