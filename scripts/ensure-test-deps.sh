#!/usr/bin/env bash
# Installs what the tests need beyond npm, from Debian's packages, when it is missing:
# - Chromium's headless shell (Playwright drives the system browser through `executablePath`;
#   its own browser download is not used) and CJK fonts, so Chinese text renders with real glyphs;
# - python3 with requests and websocket-client, to run the guides' Python examples.
# With --bench, also the full `chromium`, which the benchmarks' Lighthouse runs drive.
set -euo pipefail

browser="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
missing=()
[ -x "$browser" ] || missing+=(chromium-headless-shell)
dpkg-query -W -f='${Status}' fonts-noto-cjk 2>/dev/null | grep -q 'ok installed' ||
  missing+=(fonts-noto-cjk)
if [ "${1:-}" = '--bench' ] && [ ! -x /usr/bin/chromium ]; then missing+=(chromium); fi
/usr/bin/python3 -c 'import requests, websocket' 2>/dev/null ||
  missing+=(python3 python3-requests python3-websocket)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "Missing for the tests: ${missing[*]}, and apt-get is not available." >&2
  echo "Install them yourself (set CHROMIUM_PATH to another Chromium if needed)." >&2
  exit 1
fi

sudo=''
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo='sudo'
  else
    echo "Missing for the tests: ${missing[*]}; installing them needs root (apt-get)." >&2
    exit 1
  fi
fi

echo "Installing from Debian for the tests: ${missing[*]}…"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
  "${missing[@]}" >/dev/null
[ -x "$browser" ] && "$browser" --version
