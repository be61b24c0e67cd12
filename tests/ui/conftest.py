"""Real-browser tests: widgets rendered by pytest-ipywidgets' ``solara_test`` in Debian's Chromium.

``scripts/test.sh`` installs Chromium with apt-get; without it these tests are skipped, saying why.
Screenshots go to ``artifacts/screenshots/`` (git-ignored) so a person can look at them.

The widgets are served by Solara on a port of their own: the plugin's default (``PORT`` + 100,
18865 without ``PORT``) when it is free, else any free port the system gives, so another program
on the default port never fails the suite. A ``--solara-port`` given on the command line is kept.
Under pytest-xdist each worker takes the defaults moved by ten ports a worker, so two workers
never ask for the same port.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from support.paths import ROOT
from support.ports import PLUGIN_PORTS, free_port, worker_number, worker_ports

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
    """Serve the widgets on a free port (module docstring), before any test asks for it; each
    pytest-xdist worker in a block of ports of its own (support/ports.py)."""
    if not hasattr(config.option, "solara_port"):
        return
    args = config.invocation_params.args
    n = worker_number()
    # the plugin's defaults already add the worker's number; ports given by hand are kept
    defaults = {name: getattr(config.option, name) - n for name in PLUGIN_PORTS
                if hasattr(config.option, name)
                and not any(str(a).startswith("--" + name.replace("_", "-")) for a in args)}
    host = config.option.solara_host
    for name, port in worker_ports(defaults, n).items():
        setattr(config.option, name, free_port(port, host))


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
