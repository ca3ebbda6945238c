#!/usr/bin/env bash
# Installs what the tests need beyond npm, from Debian's packages, when it is missing:
# - chromium (Playwright drives the system browser through `executablePath`; its own browser
#   download is not used) and CJK fonts, so Chinese text renders with real glyphs;
# - python3 with requests and websocket-client, to run the guides' Python examples.
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=()
[ -x "$chromium" ] || missing+=(chromium fonts-noto-cjk)
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
[ -x "$chromium" ] && "$chromium" --version
