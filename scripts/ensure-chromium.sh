#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests when it is missing. Playwright's own browser
# download is not used: the tests drive the system Chromium through `executablePath`.
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing at $chromium and apt-get is not available." >&2
  echo "Install Chromium yourself and set CHROMIUM_PATH to its executable." >&2
  exit 1
fi

sudo=''
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo='sudo'
  else
    echo "Chromium is missing and installing it needs root (apt-get install chromium)." >&2
    exit 1
  fi
fi

echo "Installing Debian's chromium for the browser tests…"
$sudo apt-get update -qq
# fonts-noto-cjk: Chinese text renders with real glyphs in screenshots and contrast checks.
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
  chromium fonts-noto-cjk >/dev/null
"$chromium" --version
