"""Settings for the whole suite.

Saves against the computer are sealed with a key the installation keeps in the user's config
folder (hellenes_nb/saves/sealed.py), and the tutorial keeps the learner's stars in the user's
data folder (hellenes_nb/tutorial/progress.py). The suite, and the notebook kernels it starts,
use config and data folders of their own, so they never make or read the key or the progress of
the person running them (platformdirs follows ``XDG_CONFIG_HOME`` and ``XDG_DATA_HOME``).

Each pytest process makes its own folders: under pytest-xdist every worker is a process of its
own, so two workers never share a key, a progress file or Jupyter's runtime files either.
"""

from __future__ import annotations

import os
import shutil
import tempfile

_OWN = tempfile.mkdtemp(prefix="hellenes-tests-config-")
_OWN_DATA = tempfile.mkdtemp(prefix="hellenes-tests-data-")
_ISOLATED = {"XDG_CONFIG_HOME": _OWN, "XDG_DATA_HOME": _OWN_DATA}
_BEFORE = {name: os.environ.get(name) for name in _ISOLATED}


def pytest_configure(config):
    os.environ.update(_ISOLATED)


def pytest_unconfigure(config):
    for name, before in _BEFORE.items():
        if before is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = before
    for folder in _ISOLATED.values():
        shutil.rmtree(folder, ignore_errors=True)
