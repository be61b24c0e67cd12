#!/usr/bin/env bash
# Install Debian's headless Chromium for the browser tests (no browser download from elsewhere).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "Chromium is missing and this user cannot install it; browser tests will be skipped." >&2
    exit 0
  fi
else
  SUDO=
fi
echo "== installing Debian's chromium (browser tests)"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
command -v chromium
