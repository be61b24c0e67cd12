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
