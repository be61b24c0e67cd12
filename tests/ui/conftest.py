"""Real-browser tests: widgets rendered by pytest-ipywidgets' ``solara_test`` in Debian's Chromium.

``scripts/test.sh`` installs Chromium with apt-get; without it these tests are skipped, saying why.
Screenshots go to ``artifacts/screenshots/`` (git-ignored) so a person can look at them.

The widgets are served by Solara on a port the system has free when the run starts (as are the
plugin's Jupyter and Voila ports), not on the plugin's fixed default (18865 and on): another
pytest-xdist worker or another run on the machine starting from the same default could take it
before the first browser test binds it (support/ports.py). A ``--solara-port`` given on the
command line is kept.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from support.paths import ROOT
from support.ports import PLUGIN_PORTS, system_ports

CHROMIUM = os.environ.get("HELLENES_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def pytest_configure(config):
    """Serve the widgets on ports the system has free (module docstring), chosen before any
    test asks for them; a port given on the command line is kept."""
    if not hasattr(config.option, "solara_port"):
        return
    args = config.invocation_params.args
    names = [name for name in PLUGIN_PORTS if hasattr(config.option, name)
             and not any(str(a).startswith("--" + name.replace("_", "-")) for a in args)]
    for name, port in zip(names, system_ports(len(names), config.option.solara_host),
                          strict=True):
        setattr(config.option, name, port)


def pytest_collection_modifyitems(config, items):
    if Path(CHROMIUM).exists():
        return
    skip = pytest.mark.skip(
        reason=f"headless Chromium not found at {CHROMIUM} (scripts/test.sh "
        "installs Debian's chromium package)"
    )
    for item in items:
        if "tests/ui" in str(item.fspath):
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Launch Debian's Chromium headless, offline-friendly (no downloads of a browser build)."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture()
def screenshot_dir() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture()
def console_errors(page_session):
    """Collect browser console errors during a test; assert the list is empty at the end."""
    errors: list[str] = []
    page_session.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page_session.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors
