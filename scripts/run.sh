#!/usr/bin/env bash
# Main job: install everything, then open JupyterLab on the start-here notebook.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh "lab,fast"
exec .venv/bin/jupyter lab notebooks/00-start-here.ipynb "$@"
