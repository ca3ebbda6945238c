#!/usr/bin/env bash
# Installs, from Debian's packages only, the toolchains that compile and run the API reference's
# code samples (tests/samples/): Go, PHP with curl, Mono's C# compiler, a JDK with OkHttp, libcurl
# with a C compiler, rustc and cargo with the crates reqwest needs (Debian's offline registry in
# /usr/share/cargo/registry), Python with requests, the curl CLI, and jq (the clone guide's shell
# example parses JSON with it). Idempotent: installs only the packages that are missing.
# Downloaded .debs are kept in .tmp/apt-archives so a CI cache of .tmp/ skips the download next
# time (Debian's Docker images delete apt's own cache).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  golang-go
  php-cli php-curl
  mono-mcs mono-runtime libmono-system-net-http4.0-cil
  libmono-system-runtime-serialization4.0-cil libmono-system-xml-linq4.0-cil
  default-jdk-headless libokhttp-java libokio-java
  gcc libc6-dev libcurl4-openssl-dev
  rustc cargo librust-reqwest-dev librust-tokio-dev librust-tokio-macros-dev
  librust-serde-json-dev
  python3 python3-requests
  curl jq
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'ok installed' ||
    missing+=("$package")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo 'Sample toolchains: all present.'
  exit 0
fi

sudo=''
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    sudo='sudo'
  else
    echo "Missing for the code samples: ${missing[*]}; installing them needs root (apt-get)." >&2
    exit 1
  fi
fi

archives="$PWD/.tmp/apt-archives"
mkdir -p "$archives/partial"
start=$(date +%s)
echo "Installing from Debian for the code samples: ${missing[*]}…"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
  -o Dir::Cache::archives="$archives" "${missing[@]}" >/dev/null
echo "Sample toolchains installed in $(($(date +%s) - start)) s."
