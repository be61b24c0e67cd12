#!/usr/bin/env bash
# The whole test suite: installs what the tests need, then lint, data check, pytest (unit,
# property and notebook tests). .ci/run calls exactly this.
# pytest runs one pytest-xdist worker per core (HELLENES_TEST_WORKERS to choose; 1: no workers).
# --dist loadscope keeps each test file (and each notebook, whose cells share one kernel) on one
# worker. Every packaged lesson is replayed with ten other seeds inside pytest
# (tests/lessons/test_replayed_once.py), once, shared with the lesson tests.
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
echo "== hellenes tutorial check"
.venv/bin/hellenes tutorial check --complete || exit 1
echo "== hellenes data check"
.venv/bin/hellenes data check || exit 1
workers="${HELLENES_TEST_WORKERS:-$(nproc)}"
parallel=()
if [ "$workers" -gt 1 ] 2>/dev/null; then
  parallel=(-n "$workers" --dist loadscope)
fi
echo "== pytest (${workers} worker(s))"
.venv/bin/python -m pytest tests notebooks --nbval-lax --nbval-current-env -p no:cacheprovider \
  ${parallel[@]+"${parallel[@]}"} "$@"
status=$?
if [ "$status" -eq 5 ]; then
  echo "pytest collected no tests: that is a failure for this project" >&2
  exit 1
fi
exit "$status"
