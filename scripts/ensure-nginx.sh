#!/usr/bin/env bash
# Installs Debian's nginx, and its brotli modules where the Debian release offers them (bookworm
# and later), when missing. `scripts/serve-prod.ts` runs it before starting nginx; `scripts/test.sh`
# runs it first, so that installing never eats into Playwright's web-server start-up time.
set -euo pipefail

modules=(libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static)
has_brotli() {
  [ -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] &&
    [ -e /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so ]
}
# grep reads all of its input (no -q): an early exit would fail the pipe under pipefail.
candidate() { apt-cache policy "$1" 2>/dev/null | grep 'Candidate: [0-9]' >/dev/null; }

wanted=()
[ -x /usr/sbin/nginx ] || wanted+=(nginx)
has_brotli || wanted+=("${modules[@]}")
[ ${#wanted[@]} -eq 0 ] && exit 0
if [ "${wanted[0]}" != nginx ] && ! candidate "${modules[0]}"; then
  # nginx is installed and the package lists offer no brotli modules: serve gzip only.
  echo "Debian's brotli modules for nginx are not offered here; serving gzip only." >&2
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "Missing for production serving: ${wanted[*]}, and apt-get is not available." >&2
  exit 1
fi
sudo=''
if [ "$(id -u)" -ne 0 ]; then
  if ! command -v sudo >/dev/null 2>&1; then
    echo "Missing for production serving: ${wanted[*]}; installing needs root (apt-get)." >&2
    exit 1
  fi
  sudo='sudo'
fi

# Debian starts a package's daemon on install, and the stock nginx site listens on port 80 of
# every interface. Servers here listen on loopback only, so for the length of the install a
# policy-rc.d (see invoke-rc.d(8)) refuses service starts, unless the machine already has one.
policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null
  $sudo chmod 755 "$policy"
  trap '$sudo rm -f "$policy"' EXIT
fi

$sudo apt-get update -qq
install=()
for package in "${wanted[@]}"; do
  if candidate "$package"; then
    install+=("$package")
  else
    echo "Not offered here: $package" >&2
  fi
done
if [ ${#install[@]} -gt 0 ]; then
  echo "Installing from Debian for production serving: ${install[*]}…"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    "${install[@]}" >/dev/null
fi
/usr/sbin/nginx -v
