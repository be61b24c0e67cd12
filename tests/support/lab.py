"""A throwaway JupyterLab server for the browser tests and scripts/screenshots.py.

The server listens on 127.0.0.1 on a free port, serves ``work`` and keeps its configuration,
runtime files, workspaces and settings under ``state`` (nothing of the user's own Lab setup is
read or changed); ``window.jupyterapp`` is exposed so a page can run commands. Every wait is
bounded.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from support.paths import ROOT

START_TIMEOUT = 60  # s for the server to answer

#: a page condition: the notebook in front has a kernel and it is idle
KERNEL_IDLE = """() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.context && w.context.sessionContext.session
    && w.context.sessionContext.session.kernel;
  return !!k && k.status === 'idle'; }"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def jupyterlab(work: Path, state: Path) -> Iterator[str]:
    """Run JupyterLab on ``work`` (module docstring); yields its URL, stops it afterwards."""
    state.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(state / "config"),
           "JUPYTER_RUNTIME_DIR": str(state / "runtime"),
           "JUPYTERLAB_WORKSPACES_DIR": str(state / "workspaces"),
           "JUPYTERLAB_SETTINGS_DIR": str(state / "settings")}
    # Lab's app-wide settings from the repository, not from whatever an earlier install left in
    # .venv (scripts/setup.sh copies the same file there)
    settings = state / "app-settings"
    settings.mkdir(exist_ok=True)
    shutil.copy(ROOT / "scripts" / "lab-overrides.json", settings / "overrides.json")
    # the server extension that keeps widgets out of saved notebooks, from the repository too
    # (hellenes_nb/labsave.py; setup.sh enables it in .venv the same way)
    extensions = state / "config" / "jupyter_server_config.d"
    extensions.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "scripts" / "jupyter-server-config.json", extensions / "hellenes-nb.json")
    port = free_port()
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
           "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0",
           "--IdentityProvider.token=", "--ServerApp.password=",
           "--ServerApp.disable_check_xsrf=True", "--LabApp.expose_app_in_browser=True",
           "--LabApp.news_url=", f"--ServerApp.root_dir={work}", "--allow-root",
           f"--LabApp.app_settings_dir={settings}"]
    log_path = state / "lab.log"
    with open(log_path, "w") as log:
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
                                           log_path.read_text()[-2000:]) from None
                    time.sleep(0.5)
            yield url
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=5)


@contextmanager
def serving(notebook: Path, tmp: Path) -> Iterator[str]:
    """JupyterLab serving a copy of ``notebook`` from a folder under ``tmp``; yields its URL."""
    work = tmp / "work"
    work.mkdir()
    shutil.copy(notebook, work / notebook.name)
    with jupyterlab(work, tmp / "lab") as url:
        yield url
