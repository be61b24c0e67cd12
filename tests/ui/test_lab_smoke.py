"""One smoke test in real JupyterLab: run the map notebook and wait for the maps to draw.

JupyterLab runs on 127.0.0.1 with a throwaway config, data-free workspace and notebook folder, so
nothing from the user's own Lab setup is read or changed. Every wait is bounded.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from support.paths import NOTEBOOKS, ROOT

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = NOTEBOOKS / "01-the-map.ipynb"
START_TIMEOUT = 60  # s for the server to answer
RUN_TIMEOUT = 120_000  # ms for the notebook to run and the maps to draw


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture()
def lab(tmp_path):
    """A JupyterLab server serving a copy of the notebook; stopped after the test."""
    work = tmp_path / "work"
    work.mkdir()
    shutil.copy(NOTEBOOK, work / NOTEBOOK.name)
    # Lab's app-wide settings from the repository, not from whatever an earlier install left
    # in .venv (scripts/setup.sh copies the same file there)
    settings = tmp_path / "app-settings"
    settings.mkdir()
    shutil.copy(ROOT / "scripts" / "lab-overrides.json", settings / "overrides.json")
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
           "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
           "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces")}
    port = _free_port()
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
           "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0",
           "--IdentityProvider.token=", "--ServerApp.password=",
           "--ServerApp.disable_check_xsrf=True", "--LabApp.expose_app_in_browser=True",
           "--LabApp.news_url=", "--ServerApp.root_dir=" + str(work), "--allow-root",
           f"--LabApp.app_settings_dir={settings}"]
    log = open(tmp_path / "lab.log", "w")  # noqa: SIM115  (closed below)
    proc = subprocess.Popen(cmd, cwd=work, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            try:
                urllib.request.urlopen(url + "/api", timeout=2)
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("JupyterLab did not start: " +
                                       (tmp_path / "lab.log").read_text()[-2000:]) from None
                time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)
        log.close()


def test_map_notebook_runs_in_jupyterlab(lab, browser, screenshot_dir):
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{lab}/lab/tree/{NOTEBOOK.name}?reset", timeout=RUN_TIMEOUT)
        page.wait_for_function(
            """() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
              const k = w && w.context && w.context.sessionContext.session
                && w.context.sessionContext.session.kernel;
              return k && k.status === 'idle'; }""", timeout=RUN_TIMEOUT)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_function("() => document.querySelectorAll('.hmap-svg').length >= 3",
                               timeout=RUN_TIMEOUT)
        page.wait_for_function(
            """() => window.jupyterapp.shell.currentWidget.context.sessionContext.session
              .kernel.status === 'idle'""", timeout=RUN_TIMEOUT)
        first = page.locator(".hmap").first
        assert first.locator("path[data-area]").count() > 100
        first.scroll_into_view_if_needed()
        first.screenshot(path=screenshot_dir / "lab-smoke.png")
        assert page.locator('.jp-OutputArea-output[data-mime-type*="stderr"]').count() == 0
        assert page.locator(".jp-OutputArea-output", has_text="Error").count() == 0
        assert errors == []
        # scripts/lab-overrides.json sets Lab's news and update checks off: no question pops up
        assert page.get_by_text("notified about official Jupyter news").count() == 0
    finally:
        page.close()
