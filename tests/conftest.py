"""Settings for the whole suite.

Saves against the computer are sealed with a key the installation keeps in the user's config
folder (hellenes_nb/saves/sealed.py). The suite, and the notebook kernels it starts, use a
config folder of their own, so they never make or read the key of the person running them
(platformdirs follows ``XDG_CONFIG_HOME``).
"""

from __future__ import annotations

import os
import shutil
import tempfile

_OWN = tempfile.mkdtemp(prefix="hellenes-tests-config-")
_BEFORE = os.environ.get("XDG_CONFIG_HOME")


def pytest_configure(config):
    os.environ["XDG_CONFIG_HOME"] = _OWN


def pytest_unconfigure(config):
    if _BEFORE is None:
        os.environ.pop("XDG_CONFIG_HOME", None)
    else:
        os.environ["XDG_CONFIG_HOME"] = _BEFORE
    shutil.rmtree(_OWN, ignore_errors=True)
