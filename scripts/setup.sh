#!/usr/bin/env bash
# Create .venv (if missing) and install hellenes-nb with the extras named in $1 (default: lab).
# Used by scripts/run.sh (main job) and scripts/test.sh (test suite); safe to re-run.
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-lab}"
py="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  echo "== creating .venv with $($py --version)"
  "$py" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
echo "== installing hellenes-nb[$extras]"
.venv/bin/python -m pip install --quiet -e ".[$extras]"
# JupyterLab in this environment neither asks about Jupyter news nor checks for updates, so a
# class sees the notebook and no pop-up (app-wide setting defaults inside .venv only; a user
# can still change them in Lab's Settings).
lab_settings=.venv/share/jupyter/lab/settings
mkdir -p "$lab_settings"
cat > "$lab_settings/overrides.json" <<'JSON'
{"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": false}}
JSON
