"""scripts/run.sh and scripts/setup.sh (issue 15, item 12), run on a copy with stand-ins for
Python, pip and Jupyter: as root Jupyter gets --allow-root; the install prints a short
summary and keeps pip's chatter in a log file, shown in part when a step fails. run.sh
prints one address that opens the start-here notebook and keeps Jupyter's own messages in
artifacts/jupyter.log (issue 28 item 8): with a stand-in here, with the real JupyterLab in
tests/test_run_lab.py."""

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


def _copy(tmp_path: Path, *, pip_fails: bool = False) -> tuple[Path, dict]:
    """The two scripts in a bare copy, with a stand-in .venv whose python chatters like pip
    and whose jupyter prints its arguments; ``id -u`` says 0 (root)."""
    (tmp_path / "scripts").mkdir()
    for name in ("setup.sh", "run.sh", "lab-overrides.json", "jupyter-server-config.json"):
        shutil.copy(ROOT / "scripts" / name, tmp_path / "scripts" / name)
    fail = "exit 3" if pip_fails else "exit 0"
    _script(tmp_path / ".venv/bin/python",
            'if [ "$2" = "pip" ]; then\n'
            '  for i in $(seq 100); do echo "WARNING: pip warning $i" >&2; done\n'
            f'  case "$*" in *" -e "*) {fail};; esac\n'
            "fi\nexit 0\n")
    # Jupyter's start-up as it prints it: warnings, the folder it serves, the Launcher's address
    _script(tmp_path / ".venv/bin/jupyter",
            'echo "jupyter $*"\n'
            'echo "[W ServerApp] Notebook 00-start-here.ipynb is not trusted" >&2\n'
            f'echo "[I ServerApp] Serving notebooks from local directory: {tmp_path}/notebooks" '
            '>&2\n'
            'echo "[I ServerApp] http://localhost:8888/lab?token=abc123" >&2\n'
            'echo "[I ServerApp] Skipped non-installed server(s): bash-language-server" >&2\n')
    _script(tmp_path / "bin/id", 'echo 0\n')
    env = {**os.environ, "PATH": f"{tmp_path / 'bin'}:{os.environ['PATH']}"}
    return tmp_path, env


def test_run_sh_as_root_starts_jupyter_with_allow_root(tmp_path):
    root, env = _copy(tmp_path)
    run = subprocess.run(["bash", "scripts/run.sh"], cwd=root, env=env, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    log = (root / "artifacts/jupyter.log").read_text()
    assert "jupyter lab notebooks/00-start-here.ipynb --allow-root" in log
    assert "running as root" in log


def test_run_sh_prints_the_start_here_address_and_logs_what_jupyter_says(tmp_path):
    """Issue 28 item 8: the address opens the notebook (Lab's /lab/tree/<path>), not the
    Launcher (/lab), and Jupyter's warnings stay in the log."""
    root, env = _copy(tmp_path)
    run = subprocess.run(["bash", "scripts/run.sh"], cwd=root, env=env, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    link = [line for line in run.stdout.splitlines() if "http" in line]
    assert link == ["Open the start-here notebook in a browser: "
                    "http://localhost:8888/lab/tree/00-start-here.ipynb?token=abc123"]
    assert "artifacts/jupyter.log" in run.stdout
    shown = run.stdout + run.stderr
    for said in ("not trusted", "Skipped non-installed", "ServerApp", "jupyter lab"):
        assert said not in shown
    log = (root / "artifacts/jupyter.log").read_text()
    assert "not trusted" in log and "Skipped non-installed server(s)" in log


def test_run_sh_says_when_jupyter_stops_before_it_is_ready(tmp_path):
    root, env = _copy(tmp_path)
    _script(root / ".venv/bin/jupyter", 'echo "[C ServerApp] Running as root is not '
            'recommended" >&2\nexit 1\n')
    run = subprocess.run(["bash", "scripts/run.sh"], cwd=root, env=env, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 1
    assert "FAILED: JupyterLab stopped" in run.stdout
    assert "Running as root is not recommended" in run.stderr
    assert "artifacts/jupyter.log" in run.stderr


def test_the_install_prints_a_short_summary_and_logs_the_rest(tmp_path):
    root, env = _copy(tmp_path)
    run = subprocess.run(["bash", "scripts/setup.sh", "test"], cwd=root, env=env,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    shown = (run.stdout + run.stderr).splitlines()
    assert len(shown) <= 8, shown
    assert not any("WARNING" in line for line in shown)
    log = (root / "artifacts/install.log").read_text()
    assert log.count("WARNING: pip warning") == 200
    assert "artifacts/install.log" in run.stdout
    # Lab's settings in the environment: no news or update question over the notebook
    overrides = root / ".venv/share/jupyter/lab/settings/overrides.json"
    assert overrides.read_text() == (ROOT / "scripts/lab-overrides.json").read_text()
    # its Jupyter server strips widgets from saved notebooks (tests/test_labsave.py)
    server = root / ".venv/etc/jupyter/jupyter_server_config.d/hellenes-nb.json"
    assert server.read_text() == (ROOT / "scripts/jupyter-server-config.json").read_text()


def test_a_failed_install_shows_the_end_of_the_log(tmp_path):
    root, env = _copy(tmp_path, pip_fails=True)
    run = subprocess.run(["bash", "scripts/setup.sh", "test"], cwd=root, env=env,
                         capture_output=True, text=True, timeout=60)
    assert run.returncode != 0
    assert "FAILED" in run.stdout
    assert "WARNING: pip warning 100" in run.stderr and "artifacts/install.log" in run.stderr
