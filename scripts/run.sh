#!/usr/bin/env bash
# Main job: install everything, then start JupyterLab on the start-here notebook.
# The screen shows the install's steps and then one line with the address that opens
# notebooks/00-start-here.ipynb in Lab (not Lab's Launcher). Everything Jupyter itself says
# (its start-up lines, warnings about untrusted notebooks, kernels, language servers) goes to
# $LAB_LOG (artifacts/jupyter.log). Ctrl+C stops JupyterLab. Arguments are passed on to
# `jupyter lab` (e.g. --port 8890 --no-browser).
# As root (a container, a classroom server) Jupyter refuses to start without --allow-root:
# it is added, and the log says so.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh "lab,fast"
notebook=notebooks/00-start-here.ipynb
log="${LAB_LOG:-artifacts/jupyter.log}"
# how long to wait for Jupyter's address (Lab took 35 s the first time on a classroom laptop)
wait_seconds="${LAB_WAIT_SECONDS:-180}"
mkdir -p "$(dirname "$log")"
: > "$log"
extra=()
if [ "$(id -u)" = "0" ]; then
  echo "== running as root (a container or a shared server): Jupyter gets --allow-root" >> "$log"
  extra+=(--allow-root)
fi
echo "== jupyter lab $notebook ${extra[*]} $*" >> "$log"
printf '== starting JupyterLab (its messages go to %s) ... ' "$log"
.venv/bin/jupyter lab "$notebook" "${extra[@]}" "$@" >> "$log" 2>&1 &
lab=$!

stop() {  # stop JupyterLab (it shuts its kernels down on SIGTERM) and wait for it
  kill -TERM "$lab" 2>/dev/null || true
  wait "$lab" 2>/dev/null || true
}
trap 'stop; exit 130' INT
trap 'stop; exit 143' TERM

address() {  # the first address Jupyter printed, e.g. http://localhost:8888/lab?token=...
  grep -m 1 -oE 'https?://[^[:space:]]+/lab(\?token=[[:alnum:]]+)?' "$log" || true
}

url=""
deadline=$((SECONDS + wait_seconds))
while [ -z "$url" ] && [ "$SECONDS" -lt "$deadline" ] && kill -0 "$lab" 2>/dev/null; do
  sleep 0.2
  url=$(address)
done
[ -n "$url" ] || url=$(address)
if [ -z "$url" ]; then
  if kill -0 "$lab" 2>/dev/null; then
    echo "FAILED: no address after $wait_seconds s"
    stop
  else
    echo "FAILED: JupyterLab stopped"
  fi
  echo "-- the last lines of $log:" >&2
  tail -n 25 "$log" >&2
  echo "-- the whole output is in $log" >&2
  exit 1
fi

# Lab serves the folder it prints ("Serving notebooks from local directory: ..."), the
# notebook's own folder unless --ServerApp.root_dir says otherwise: the address names the
# notebook's path inside it.
root=$(sed -n 's/.*Serving notebooks from local directory: //p' "$log" | head -n 1)
path=$(realpath -m --relative-to="${root:-.}" "$notebook" 2>> "$log" || true)
case "$path" in ..*) path="" ;; esac
query=""
case "$url" in *"?"*) query="?${url#*\?}" ;; esac
echo "ready"
if [ -n "$path" ]; then
  echo "Open the start-here notebook in a browser: ${url%/lab*}/lab/tree/$path$query"
else  # a root folder that does not hold the notebook (the user's own --ServerApp.root_dir)
  echo "Open JupyterLab in a browser: $url"
fi
echo "== Ctrl+C here stops JupyterLab"
set +e
wait "$lab"
rc=$?
trap - INT TERM
exit "$rc"
