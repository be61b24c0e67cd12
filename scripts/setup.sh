#!/usr/bin/env bash
# Create .venv (if missing) and install hellenes-nb with the extras named in $1 (default: lab).
# Used by scripts/run.sh (main job) and scripts/test.sh (test suite); safe to re-run.
# The screen gets a short progress summary; pip's whole output goes to $INSTALL_LOG
# (artifacts/install.log), shown in part only if a step fails.
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-lab}"
py="${PYTHON:-python3}"
log="${INSTALL_LOG:-artifacts/install.log}"
mkdir -p "$(dirname "$log")"
: > "$log"

step() {  # step "what it does" command...: the command's output goes to the log only
  local what="$1"
  shift
  printf '== %s ... ' "$what"
  echo "== $what: $*" >> "$log"
  if "$@" >> "$log" 2>&1; then
    echo "done"
  else
    echo "FAILED"
    echo "-- the last lines of $log:" >&2
    tail -n 25 "$log" >&2
    echo "-- the whole output is in $log" >&2
    exit 1
  fi
}

if [ ! -x .venv/bin/python ]; then
  step "creating .venv with $($py --version 2>&1)" "$py" -m venv .venv
fi
step "updating pip" .venv/bin/python -m pip install --upgrade pip
step "installing hellenes-nb[$extras] (a minute or two the first time)" \
  .venv/bin/python -m pip install -e ".[$extras]"
# JupyterLab in this environment neither asks about Jupyter news nor checks for updates, so a
# class sees the notebook and no pop-up (scripts/lab-overrides.json: app-wide setting defaults
# inside .venv only; a user can still change them in Lab's Settings).
lab_settings=.venv/share/jupyter/lab/settings
mkdir -p "$lab_settings"
cp scripts/lab-overrides.json "$lab_settings/overrides.json"
# A notebook saved (or autosaved) in this Lab keeps no widget: each widget output becomes the
# "Run the cells to start" note and saved widget state is dropped (hellenes_nb/labsave.py), so
# it reopens without "model not found" and nothing a widget hid reaches the file. The Jupyter
# server of this environment reads scripts/jupyter-server-config.json from here.
server_config=.venv/etc/jupyter/jupyter_server_config.d
mkdir -p "$server_config"
cp scripts/jupyter-server-config.json "$server_config/hellenes-nb.json"
# With numba installed (the "fast" extra) the battle odds are compiled on first use, which
# takes up to a minute: do it now, so the first battle in a lesson answers at once (numba
# keeps the compiled code in its cache next to the package).
if .venv/bin/python -c "import numba" >> "$log" 2>&1; then
  step "compiling the battle odds once (numba, up to a minute)" .venv/bin/python -c \
    "from hellenes_nb.games.hellenes.odds import battle_odds, make_battle; \
battle_odds(make_battle('B2:3,cav:A1:2', 'C2:4,A1:2'))"
fi
echo "== ready (the whole install output is in $log)"
