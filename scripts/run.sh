#!/usr/bin/env bash
# Main job: install everything, then open JupyterLab on the start-here notebook.
# As root (a container, a classroom server) Jupyter refuses to start without --allow-root:
# it is added, with a line saying so.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh "lab,fast"
extra=()
if [ "$(id -u)" = "0" ]; then
  echo "== running as root (a container or a shared server): starting Jupyter with --allow-root"
  extra+=(--allow-root)
fi
exec .venv/bin/jupyter lab notebooks/00-start-here.ipynb "${extra[@]}" "$@"
