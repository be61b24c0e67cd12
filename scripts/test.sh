#!/usr/bin/env bash
# The whole test suite: installs what the tests need, then lint, data check, pytest (unit,
# property and notebook tests). .ci/run calls exactly this.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh "test,build-map,fast" || exit 1
bash scripts/install_chromium.sh || exit 1
export PYTHONHASHSEED=0
echo "== ruff"
.venv/bin/ruff check hellenes_nb tests scripts || exit 1
if [ -f ../shared/tools/seedcopy.py ]; then
  echo "== copied rulebook text (seedcopy)"
  .venv/bin/python ../shared/tools/seedcopy.py . || exit 1
fi
echo "== hellenes lesson check"
.venv/bin/hellenes lesson check lessons/ --seeds 10 || exit 1
.venv/bin/hellenes tutorial check --complete || exit 1
echo "== hellenes data check"
.venv/bin/hellenes data check || exit 1
echo "== pytest"
.venv/bin/python -m pytest tests notebooks --nbval-lax --nbval-current-env -p no:cacheprovider "$@"
status=$?
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests: that is a failure for this project" >&2
  exit 1
fi
exit "$status"
