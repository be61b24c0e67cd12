"""Settings for the whole suite.

Saves against the computer are sealed with a key the installation keeps in the user's config
folder (hellenes_nb/saves/sealed.py). Tests use a config folder of their own, so they never
make or read the key of the person running them (platformdirs follows ``XDG_CONFIG_HOME``).
"""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session", autouse=True)
def own_config_folder(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("config")))
        yield
